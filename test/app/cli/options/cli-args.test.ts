import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../../app/cli/options/parse-cli-args.js';
import { DEFAULT_TASK } from '../../../../app/cli/options/cli-options.js';

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

  it('does not take a lone --session word as the file and run the default task silently', () => {
    const out = parse(['--json', '--session', 'hi']);
    expect(out.ok).toBe(false);
    if (!out.ok)
      expect(out.error.message).toMatch(/--session takes a file name, and "hi" was read as one; no task was given/);
    const file = parse(['--json', '--session', 'turn.json']);
    expect(file.ok && file.options.session).toBe('turn.json');
    const both = parse(['--session', 'hi', 'Summarize']);
    expect(both.ok && both.options.task).toBe('Summarize');
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
    [['--model', 'scripted:scripted'], 'invalid-value', '"scripted:scripted" is not a profile'],
    [['--price-input', '-1'], 'invalid-value', '--price-input must be US dollars per million tokens'],
    [['--price-output', 'cheap'], 'invalid-value', '--price-output must be US dollars'],
    [
      ['--read-only', '--yes', 'go'],
      'conflicting-options',
      '--read-only refuses every write and command, --yes approves them',
    ],
    [['-y', '--read-only', 'go'], 'conflicting-options', 'give one or the other'],
    [
      ['--pace', '0', '--model', 'm', '--base-url', 'http://x/v1'],
      'conflicting-options',
      '--pace is for the scripted model',
    ],
    [
      ['--fault', 'http-429-once', '--model', 'm', '--base-url', 'http://x/v1'],
      'conflicting-options',
      '--fault is for the scripted model',
    ],
    [
      ['--scripted-dialect', 'hermes', '--model', 'm', '--base-url', 'http://x/v1'],
      'conflicting-options',
      '--scripted-dialect is for the scripted model',
    ],
    [['--scripted-dialect'], 'missing-value', '--scripted-dialect needs a value'],
    [['--base-url', 'http://x/v1', 'hi'], 'conflicting-options', '--base-url needs --model NAME'],
    [
      ['--base-url', 'http://x/v1', '--model', 'scripted:glm-5.1'],
      'conflicting-options',
      '--base-url needs --model NAME',
    ],
  ])('refuses %j with %s', (argv, code, message) => {
    const result = parse(argv as string[]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toContain(message);
    }
  });

  it('judges contradictions on the flags given, not on the environment or defaults', () => {
    // OPENAI_BASE_URL is a default: the scripted model with --pace is still fine.
    expect(parse(['--pace', '0', 'go'], { OPENAI_BASE_URL: 'http://env/v1' })).toMatchObject({
      ok: true,
      options: { model: 'scripted', pace: 0 },
    });
    // The fault with an endpoint from the environment is still a contradiction.
    expect(
      parse(['--fault', 'http-429-once', '--model', 'm', 'go'], { OPENAI_BASE_URL: 'http://env/v1' }),
    ).toMatchObject({ ok: false, error: { code: 'conflicting-options' } });
  });

  it("reads the scripted model's dialect", () => {
    expect(parse(['--scripted-dialect', 'glm', 'go'])).toMatchObject({
      ok: true,
      options: { model: 'scripted', scriptedDialect: 'glm' },
    });
  });

  it('reads prices per million tokens', () => {
    expect(parse(['--price-input', '0.4', '--price-output=1.6', 'go'])).toMatchObject({
      ok: true,
      options: { priceInput: 0.4, priceOutput: 1.6 },
    });
  });
});
