// `--acp` on the command line: a flag with no value, taking no task (the editor sends the prompts).
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../../app/cli/options/parse-cli-args.js';

describe('--acp', () => {
  it('serves ACP with the other flags as given', () => {
    const parsed = parseCliArgs(['--acp', '--pace', '0', '--allow-network'], {}, '/w');
    expect(parsed).toMatchObject({ ok: true, options: { acp: true, pace: 0, allowNetwork: true, readOnly: false } });
  });

  it('refuses a task, and a value, saying why', () => {
    expect(parseCliArgs(['--acp', 'fix the bug'], {}, '/w')).toEqual({
      ok: false,
      error: {
        code: 'invalid-value',
        message: '--acp takes no task: the editor sends the prompts (got "fix the bug").',
      },
    });
    expect(parseCliArgs(['--acp=yes'], {}, '/w')).toMatchObject({ ok: false, error: { code: 'invalid-value' } });
  });
});
