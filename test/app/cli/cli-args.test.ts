import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../app/cli/parse-cli-args.js';
import { DEFAULT_TASK } from '../../../app/cli/cli-options.js';

const parse = (argv: string[], env: Record<string, string> = {}) => parseCliArgs(argv, env, '/here');

describe('parseCliArgs', () => {
  it('with no arguments is the read-only demo on the current folder', () => {
    expect(parse([])).toEqual({
      ok: true,
      options: {
        model: 'scripted',
        baseURL: undefined,
        apiKey: undefined,
        workspace: '/here',
        task: DEFAULT_TASK,
        yes: false,
        json: false,
        readOnly: true,
        allowNetwork: false,
        noSandbox: false,
        showReasoning: false,
        nativeTools: false,
        pace: 'realistic',
        help: false,
      },
    });
  });

  it('reads every option, both spellings of values, and joins the task words', () => {
    const result = parse([
      '--model=scripted:grok-4.3',
      '--workspace',
      '/w',
      '--yes',
      '--json',
      '--max-requests',
      '5',
      '--max-reply-chars=100000000',
      '--show-reasoning',
      '--native-tools',
      '--pace',
      '0',
      '--fault',
      'http-429-once',
      'fix',
      'the',
      'bug',
    ]);
    expect(result).toMatchObject({
      ok: true,
      options: {
        model: 'scripted:grok-4.3',
        workspace: '/w',
        yes: true,
        json: true,
        maxRequests: 5,
        maxReplyChars: 100_000_000,
        showReasoning: true,
        nativeTools: true,
        pace: 0,
        fault: 'http-429-once',
        task: 'fix the bug',
        readOnly: false,
      },
    });
  });

  it('takes the endpoint and key from the environment, --base-url winning', () => {
    const env = { OPENAI_BASE_URL: 'http://env/v1', OPENAI_API_KEY: 'sk-1' };
    expect(parse(['--model', 'gpt-4.1-mini', 'hi'], env)).toMatchObject({
      ok: true,
      options: { baseURL: 'http://env/v1', apiKey: 'sk-1', model: 'gpt-4.1-mini' },
    });
    expect(parse(['--model', 'm', '--base-url', 'http://flag/v1', 'hi'], env)).toMatchObject({
      ok: true,
      options: { baseURL: 'http://flag/v1' },
    });
  });

  it('reads the sandbox flags', () => {
    expect(parse(['--allow-network', 'go'])).toMatchObject({
      ok: true,
      options: { allowNetwork: true, noSandbox: false },
    });
    expect(parse(['--no-sandbox', 'go'])).toMatchObject({
      ok: true,
      options: { allowNetwork: false, noSandbox: true },
    });
    expect(parse(['--no-sandbox=1'])).toMatchObject({ ok: false, error: { code: 'invalid-value' } });
  });

  it('treats words after -- as the task', () => {
    expect(parse(['--', '--yes', 'is', 'text'])).toMatchObject({
      ok: true,
      options: { task: '--yes is text', yes: false },
    });
  });

  it.each([
    [['--bogus'], 'unknown-option', 'Unknown option "--bogus"'],
    [['--model'], 'missing-value', '--model needs a value'],
    [['--workspace', '--yes'], 'missing-value', '--workspace needs a value'],
    [['--max-requests', '2.5'], 'invalid-value', '--max-requests must be a whole number'],
    [['--max-reply-chars', '0'], 'invalid-value', '--max-reply-chars must be a whole number of at least 1'],
    [['--pace', 'fast'], 'invalid-value', '--pace must be "realistic"'],
    [['--base-url', 'not a url'], 'invalid-value', 'is not a URL'],
    [['--yes=1'], 'invalid-value', '--yes takes no value'],
    [['--model', 'gpt-4.1-mini'], 'invalid-value', 'give --base-url'],
  ])('refuses %j with %s', (argv, code, message) => {
    const result = parse(argv as string[]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toContain(message);
    }
  });
});
