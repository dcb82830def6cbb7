import { describe, expect, it } from 'vitest';
import { CLI_FLAGS, RESUME_MAY_GIVE, SESSION_AUTHORITY_FLAGS } from '../../../../app/cli/options/cli-flags.js';
import type { CliOptions } from '../../../../app/cli/options/cli-options.js';
import { helpText } from '../../../../app/cli/options/help-text.js';
import { parseCliArgs } from '../../../../app/cli/options/parse-cli-args.js';
import { resumeOptions } from '../../../../app/cli/session/session-authority.js';
import type { SessionOptions } from '../../../../app/cli/session/cli-session.js';

/** A value each valued flag accepts. */
const SAMPLE: Record<string, string> = {
  '--model': 'scripted:glm-5.1',
  '--base-url': 'http://localhost:8787/v1',
  '--wire': 'responses',
  '--max-requests': '3',
  '--max-reply-chars': '100',
  '--price-input': '1.5',
  '--price-output': '2',
  '--workspace': '/elsewhere',
  '--max-processes': '64',
  '--max-memory': '1G',
  '--max-tmp': '64M',
  '--max-file-size': '10M',
  '--disk-warning': '2G',
  '--session': 'turn.json',
  '--resume': 'turn.json',
  '--mcp-config': 'mcp.json',
  '--pace': '0',
  '--fault': 'drop-connection',
  '--scripted-dialect': 'hermes',
};

const parse = (argv: string[]) => parseCliArgs(argv, {}, '/here');

describe('the flag table', () => {
  it('gives every flag, with its short spelling and value name, a line of --help', () => {
    const help = helpText([], []);
    for (const flag of CLI_FLAGS) {
      const usage = `${flag.name}${flag.valueName ? ` ${flag.valueName}` : ''}${flag.short ? `, ${flag.short}` : ''}`;
      expect(help, flag.name).toContain(`  ${usage}`);
      // The sentence's first words follow it.
      expect(help.replace(/\s+/g, ' '), flag.name).toContain(flag.help.split(' ').slice(0, 4).join(' '));
    }
  });

  it('parses every flag, by each spelling, into what it was given', () => {
    for (const flag of CLI_FLAGS) {
      for (const spelling of flag.short ? [flag.name, flag.short] : [flag.name]) {
        const argv =
          flag.type === 'switch'
            ? [spelling]
            : [spelling, SAMPLE[flag.name], ...(flag.name === '--resume' ? [] : ['a task'])];
        // A real endpoint for the flags that are not for the scripted model alone.
        const parsed = parse(flag.name === '--base-url' ? [...argv, '--model', 'gpt-x'] : argv);
        expect(parsed.ok, `${spelling}: ${parsed.ok ? '' : parsed.error.message}`).toBe(true);
        if (parsed.ok && flag.sets) expect(parsed.options[flag.sets], spelling).toBe(true);
      }
      if (flag.type === 'value') {
        const parsed = parse([
          `${flag.name}=${SAMPLE[flag.name]}`,
          ...(flag.name === '--base-url' ? ['--model', 'gpt-x'] : []),
        ]);
        expect(parsed.ok, flag.name).toBe(true);
      }
    }
  });

  it('says a switch takes no value and a valued flag needs one, with their codes', () => {
    for (const flag of CLI_FLAGS) {
      if (flag.type === 'switch') {
        expect(parse([`${flag.name}=1`])).toEqual({
          ok: false,
          error: { code: 'invalid-value', message: `${flag.name} takes no value (got "${flag.name}=1").` },
        });
      } else if (flag.name !== '--resume') {
        expect(parse([flag.name])).toEqual({
          ok: false,
          error: { code: 'missing-value', message: `${flag.name} needs a value.` },
        });
      }
    }
  });

  it('still refuses an unknown flag with the clear error', () => {
    for (const word of ['--frobnicate', '-z', '--yes-please=1']) {
      expect(parse([word, 'task'])).toEqual({
        ok: false,
        error: { code: 'unknown-option', message: `Unknown option "${word}". Run with --help to see the options.` },
      });
    }
  });

  it('marks as session authority exactly the flags a resume takes from the command line', () => {
    expect([...SESSION_AUTHORITY_FLAGS].sort()).toEqual(
      ['--allow-network', '--base-url', '--no-sandbox', '--workspace', '--yes'].sort(),
    );
    // Each is one `--resume FILE` may be given with.
    for (const name of SESSION_AUTHORITY_FLAGS) expect(RESUME_MAY_GIVE.has(name), name).toBe(true);
    // And a session that had the switches, resumed without them, does not get them (a note each instead).
    const typed = parse(['--resume', 's.json']);
    if (!typed.ok) throw new Error(typed.error.message);
    const recorded = {
      ...typed.options,
      model: 'scripted',
      task: 't',
      workspace: '/here',
      yes: true,
      noSandbox: true,
      allowNetwork: true,
    } as SessionOptions;
    const resumed = resumeOptions(typed.options as CliOptions, recorded, '/here', 's.json');
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect([resumed.options.yes, resumed.options.noSandbox, resumed.options.allowNetwork]).toEqual([
      false,
      false,
      false,
    ]);
    const switches = CLI_FLAGS.filter((f) => f.sessionAuthority && f.type === 'switch').map((f) => f.name);
    expect(resumed.notes.map((n) => n.match(/started with (\S+);/)?.[1])).toEqual(switches);
  });

  it('lets --resume FILE be given only with the flags marked so', () => {
    for (const flag of CLI_FLAGS) {
      if (flag.name === '--resume') continue;
      const argv = ['--resume', 's.json', ...(flag.type === 'switch' ? [flag.name] : [flag.name, SAMPLE[flag.name]])];
      const parsed = parse(argv);
      // --continue and --help end the reading first; the others are judged by the table.
      if (flag.name === '--continue') continue;
      expect(parsed.ok, flag.name).toBe(flag.resumeMayGive);
      if (!parsed.ok) expect(parsed.error.message).toContain("--resume goes on with the session's own task and model");
    }
  });
});
