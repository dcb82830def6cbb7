// --wire and the keys: the wire from the flag, else the model profile's, else Chat Completions;
// the Messages wire takes $ANTHROPIC_API_KEY and $ANTHROPIC_BASE_URL (with /v1 added), the others
// $OPENAI_API_KEY and $OPENAI_BASE_URL; a session file keeps neither key, and a resume takes the
// wire from the command line only.
import { describe, expect, it } from 'vitest';
import { sessionOptions } from '../../../../app/cli/session/cli-session.js';
import { anthropicBaseURL, cliApiKey, cliWire } from '../../../../app/cli/options/cli-wire.js';
import { helpText } from '../../../../app/cli/options/help-text.js';
import { parseCliArgs } from '../../../../app/cli/options/parse-cli-args.js';
import { resumeOptions } from '../../../../app/cli/session/session-authority.js';
import { registerModelProfile } from '../../../../src/profiles/index.js';

const parse = (argv: string[], env: Record<string, string> = {}) => parseCliArgs(argv, env, '/here');

function options(argv: string[], env: Record<string, string> = {}) {
  const parsed = parse(argv, env);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.options;
}

registerModelProfile({
  id: 'test-wire-claude',
  reasoning: 'reasoning_content',
  inactiveKey: 'absent',
  structured: { jsonSchema: 'unknown', jsonObject: false },
  wire: 'anthropic-messages',
});

const KEYS = { OPENAI_API_KEY: 'sk-openai', ANTHROPIC_API_KEY: 'sk-ant', OPENAI_BASE_URL: 'https://openai.example/v1' };

describe('--wire', () => {
  it('takes each wire, both spellings, and refuses another name saying which are known', () => {
    expect(options(['--wire', 'responses']).wire).toBe('responses');
    expect(options(['--wire=anthropic-messages']).wire).toBe('anthropic-messages');
    expect(options([]).wire).toBeUndefined();
    expect(parse(['--wire', 'grpc'])).toEqual({
      ok: false,
      error: {
        code: 'invalid-value',
        message: '--wire must be one of chat-completions, anthropic-messages, responses (got "grpc").',
      },
    });
  });

  it("defaults to the model profile's wire, else chat-completions; the flag wins", () => {
    expect(cliWire(options(['--model', 'scripted:glm-5.1']))).toBe('chat-completions');
    expect(cliWire({ model: 'test-wire-claude' })).toBe('anthropic-messages');
    expect(cliWire({ model: 'scripted:test-wire-claude' })).toBe('anthropic-messages');
    expect(cliWire({ model: 'test-wire-claude', wire: 'responses' })).toBe('responses');
  });

  it('on the Messages wire: the key from ANTHROPIC_API_KEY, the endpoint from ANTHROPIC_BASE_URL', () => {
    const env = { ...KEYS, ANTHROPIC_BASE_URL: 'https://api.anthropic.com' };
    const o = options(['--wire', 'anthropic-messages', '--model', 'claude-haiku-4-5'], env);
    expect(o.baseURL).toBe('https://api.anthropic.com/v1');
    expect(cliApiKey(o, cliWire(o))).toBe('sk-ant');
    // A profile naming the wire does the same without the flag.
    const p = options(['--model', 'test-wire-claude'], env);
    expect([p.baseURL, cliApiKey(p, cliWire(p))]).toEqual(['https://api.anthropic.com/v1', 'sk-ant']);
    // --base-url still names the endpoint; OPENAI_BASE_URL never does on this wire.
    const u = options(['--wire', 'anthropic-messages', '--model', 'm', '--base-url', 'http://localhost:9/v1'], env);
    expect(u.baseURL).toBe('http://localhost:9/v1');
    const missing = parse(['--wire', 'anthropic-messages', '--model', 'claude-haiku-4-5'], KEYS);
    expect(missing.ok === false && missing.error.message).toMatch(/give --base-url \(or ANTHROPIC_BASE_URL\)/);
  });

  it('on the other wires: OPENAI_API_KEY and OPENAI_BASE_URL', () => {
    for (const wire of ['responses', 'chat-completions']) {
      const o = options(['--wire', wire, '--model', 'gpt-5.4-mini'], KEYS);
      expect([o.baseURL, cliApiKey(o, cliWire(o))]).toEqual(['https://openai.example/v1', 'sk-openai']);
    }
  });

  it('ANTHROPIC_BASE_URL: /v1 added unless it ends so; empty is none', () => {
    expect(anthropicBaseURL('https://api.anthropic.com/')).toBe('https://api.anthropic.com/v1');
    expect(anthropicBaseURL('http://localhost:8080/anthropic/v1')).toBe('http://localhost:8080/anthropic/v1');
    expect(anthropicBaseURL('https://api.deepseek.com/anthropic')).toBe('https://api.deepseek.com/anthropic/v1');
    expect(anthropicBaseURL('  ')).toBeUndefined();
    expect(anthropicBaseURL(undefined)).toBeUndefined();
  });

  it('a session file keeps the wire and neither key', () => {
    const o = options(
      ['--wire', 'anthropic-messages', '--model', 'claude-haiku-4-5', '--base-url', 'http://a/v1'],
      KEYS,
    );
    const kept = sessionOptions(o, '/here');
    expect(kept.wire).toBe('anthropic-messages');
    expect(JSON.stringify(kept)).not.toContain('sk-');
  });

  it('a resume takes the wire (which key goes where) from the command line, never from the file', () => {
    const recorded = sessionOptions(
      options(['--wire', 'anthropic-messages', '--model', 'gpt-5.4-mini', '--base-url', 'http://a/v1'], KEYS),
      '/here',
    );
    const typed = options(['--resume', 'turn.json', '--base-url', 'http://a/v1'], KEYS);
    const resumed = resumeOptions(typed, recorded, '/here', 'turn.json');
    expect(resumed.ok && cliWire(resumed.options)).toBe('chat-completions');
    const again = resumeOptions(
      options(['--resume', 'turn.json', '--base-url', 'http://a/v1', '--wire', 'anthropic-messages'], KEYS),
      recorded,
      '/here',
      'turn.json',
    );
    expect(again.ok && [cliWire(again.options), cliApiKey(again.options, 'anthropic-messages')]).toEqual([
      'anthropic-messages',
      'sk-ant',
    ]);
  });

  it('is in --help, with the keys each wire sends', () => {
    const help = helpText([], []);
    expect(help).toMatch(/--wire NAME {9}the API it speaks: chat-completions \(default\), anthropic-messages/);
    expect(help).toContain('$ANTHROPIC_API_KEY');
    // Wrapped to the terminal's width: compared word by word.
    expect(help.replace(/\s+/g, ' ')).toContain('Neither key reaches a command');
  });
});
