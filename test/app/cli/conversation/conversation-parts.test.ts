import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSlashCommand, isSlashCommand } from '../../../../app/cli/conversation/slash-commands.js';
import {
  latestSessionFor,
  listSessions,
  sessionListText,
  sessionsFolder,
} from '../../../../app/cli/conversation/sessions-folder.js';
import { isConversation, startsWithTurn } from '../../../../app/cli/conversation/conversation-mode.js';
import { costLine } from '../../../../app/cli/conversation/run-conversation.js';
import { parseCliArgs } from '../../../../app/cli/options/parse-cli-args.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('slash commands', () => {
  it('parses each command and its argument', () => {
    expect(parseSlashCommand('/undo')).toEqual({ ok: true, command: { name: 'undo', steps: 1 } });
    expect(parseSlashCommand('/undo 3')).toEqual({ ok: true, command: { name: 'undo', steps: 3 } });
    expect(parseSlashCommand('/model scripted:qwen3.6-plus')).toEqual({
      ok: true,
      command: { name: 'model', model: 'scripted:qwen3.6-plus' },
    });
    for (const name of ['help', 'compact', 'clear', 'cost', 'plan', 'exit'] as const)
      expect(parseSlashCommand(`/${name}`)).toEqual({ ok: true, command: { name } });
  });

  it('says what is wrong with an unknown command or a bad argument', () => {
    expect(parseSlashCommand('/frobnicate')).toEqual({
      ok: false,
      message:
        'Unknown command "/frobnicate". Commands: /undo [N], /compact, /model NAME, /clear, /cost, /last, /plan, /help, /exit.',
    });
    expect(parseSlashCommand('/undo two')).toEqual({
      ok: false,
      message: '/undo takes a number of steps of at least 1 (got "two").',
    });
    expect(parseSlashCommand('/undo 0').ok).toBe(false);
    expect(parseSlashCommand('/model').ok).toBe(false);
    expect(parseSlashCommand('/cost now')).toEqual({ ok: false, message: '/cost takes no arguments (got "now").' });
  });

  it('a path is a message, not a command', () => {
    expect(isSlashCommand('/undo')).toBe(true);
    expect(isSlashCommand('/etc/passwd is what?')).toBe(true);
    expect(isSlashCommand('// a comment')).toBe(false);
    expect(isSlashCommand('read /tmp/x')).toBe(false);
  });
});

describe('when the CLI is a conversation', () => {
  const tty = { stdin: { isTTY: true }, stdout: { isTTY: true } };
  it('a terminal on both ends, without --json or --print', () => {
    expect(isConversation({ json: false }, tty)).toBe(true);
    expect(isConversation({ json: true }, tty)).toBe(false);
    expect(isConversation({ json: false, print: true }, tty)).toBe(false);
    expect(isConversation({ json: false }, { stdin: { isTTY: true }, stdout: {} })).toBe(false);
    expect(isConversation({ json: false }, { stdin: {}, stdout: { isTTY: true } })).toBe(false);
  });
  it('starts with a turn when a task was given or under npm start', () => {
    expect(startsWithTurn({ taskGiven: true }, {})).toBe(true);
    expect(startsWithTurn({}, { npm_lifecycle_event: 'start' })).toBe(true);
    expect(startsWithTurn({}, {})).toBe(false);
  });
  it('parses --print/-p, --continue, --resume without a file, --no-project-instructions', () => {
    const parse = (argv: string[]) => parseCliArgs(argv, {}, '/w');
    expect(parse(['-p', 'task'])).toMatchObject({ ok: true, options: { print: true, task: 'task', taskGiven: true } });
    expect(parse(['--continue'])).toMatchObject({ ok: true, options: { continueLatest: true } });
    expect(parse(['--continue', 'next one'])).toMatchObject({
      ok: true,
      options: { task: 'next one', taskGiven: true },
    });
    expect(parse(['--resume'])).toMatchObject({ ok: true, options: { listSessions: true } });
    expect(parse(['--resume', '--json'])).toMatchObject({ ok: true, options: { listSessions: true, json: true } });
    expect(parse(['--resume', 'f.json'])).toMatchObject({ ok: true, options: { resume: 'f.json' } });
    expect(parse(['--no-project-instructions', 'x'])).toMatchObject({
      ok: true,
      options: { noProjectInstructions: true },
    });
  });
});

describe('the sessions folder', () => {
  it('is outside the workspace: $AGENT_TURN_SESSIONS_DIR, $XDG_STATE_HOME, ~/.local/state', () => {
    expect(sessionsFolder({ AGENT_TURN_SESSIONS_DIR: '/s' })).toBe('/s');
    expect(sessionsFolder({ XDG_STATE_HOME: '/state' })).toBe('/state/agent-turn/sessions');
    expect(sessionsFolder({ HOME: '/home/u' })).toBe('/home/u/.local/state/agent-turn/sessions');
  });

  it('lists sessions newest first, skips what is not a session, finds the latest of a workspace', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sessions-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const session = (workspace: string, task: string) =>
      JSON.stringify({
        format: 'agent-turn/cli-session',
        version: 1,
        cli: { workspace, task },
        conversation: { turns: [{ task }, { task: 'more' }] },
      });
    await writeFile(path.join(dir, 'a.json'), session('/w1', 'first'));
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(path.join(dir, 'b.json'), session('/w2', 'second'));
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(path.join(dir, 'c.json'), session('/w1', 'third'));
    await writeFile(path.join(dir, 'junk.json'), '{not json');
    const list = listSessions(dir);
    expect(list.map((s) => path.basename(s.file))).toEqual(['c.json', 'b.json', 'a.json']);
    expect(list[0]).toMatchObject({ workspace: '/w1', firstTask: 'third', turns: 2 });
    expect(path.basename(latestSessionFor(dir, '/w1')!.file)).toBe('c.json');
    expect(latestSessionFor(dir, '/none')).toBeUndefined();
    expect(sessionListText(list, dir)).toContain(`--resume ${path.join(dir, 'c.json')}`);
    expect(sessionListText([], dir)).toBe(`No sessions in ${dir} yet.\n`);
  });
});

describe('/cost', () => {
  it('sums every message; the price where known', () => {
    const usage = { promptTokens: 1000, completionTokens: 100, totalTokens: 1100 };
    const turns = [
      { task: 'a', reason: 'completed' as const, usage, model: 'm' },
      { task: 'b', reason: 'completed' as const, usage, model: 'm' },
    ];
    expect(costLine({ turns }, { model: 'scripted', priceInput: 1, priceOutput: 10 })).toBe(
      '2 messages · 2200 tokens (2000 in · 200 out) · $0.0040',
    );
    expect(costLine({ turns }, { model: 'scripted' })).toContain('no price known');
  });
});

describe('the undo journal file', () => {
  it('reads what it wrote; refuses a FIFO, a link and broken JSON without waiting', async () => {
    const { readJournalFile, writeJournalFile } = await import(
      '../../../../app/cli/conversation/checkpoint-journal-file.js'
    );
    const { journalMac } = await import('../../../../app/cli/conversation/checkpoint-place.js');
    const dir = await mkdtemp(path.join(tmpdir(), 'journal-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const key = Buffer.alloc(32, 7);
    const file = path.join(dir, 'steps.json');
    expect(readJournalFile(file, key)).toEqual({ ok: true, journal: undefined });
    const journal = { version: 1 as const, recordedBytes: 0, steps: [] };
    writeJournalFile(file, journal, key);
    expect(readJournalFile(file, key)).toEqual({ ok: true, journal });
    await writeFile(file, `${journalMac(key, '{ not json')}\n{ not json`);
    expect(readJournalFile(file, key)).toMatchObject({ ok: false, message: expect.stringContaining('not JSON') });
    const fifo = path.join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    expect(readJournalFile(fifo, key)).toEqual({ ok: false, message: `${fifo}: not a regular file.` });
    const link = path.join(dir, 'link.json');
    await symlink(file, link);
    expect(readJournalFile(link, key)).toEqual({ ok: false, message: `${link}: a symbolic link, not the journal.` });
  });
});
