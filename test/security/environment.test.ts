// Attack: read the API key from the command's environment (`env`), or from bubblewrap's own
// environment as the sandbox's PID 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';

let layout: SandboxedLayout;
beforeAll(async () => {
  layout = await makeSandboxedLayout();
});
afterAll(() => layout.cleanup());

describe('a sandboxed command’s environment', () => {
  it('holds only the allow-list: no API key, nothing the user did not pass', async () => {
    const result = await layout.run('env');
    expect(result.isError).toBe(false);
    const names = result.content
      .replace(/^Command exited with code 0\.\nOutput:\n/, '')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=')[0])
      .sort();
    expect(names).toEqual(['HOME', 'LANG', 'PATH', 'PWD', 'TMPDIR']);
    expect(result.content).not.toContain(API_KEY);
    expect(result.content).not.toContain('not-passed');
    expect(result.content).not.toContain('GOOGLE_APPLICATION_CREDENTIALS');
  });

  it('gives bubblewrap itself (PID 1 inside) the same clean environment', async () => {
    const result = await layout.run('tr "\\0" "\\n" < /proc/1/environ; echo; cat /proc/1/cmdline | tr "\\0" " "');
    expect(result.content).toContain('PATH=');
    expect(result.content).toContain('bwrap');
    expect(result.content).not.toContain(API_KEY);
    expect(result.content).not.toContain('OPENAI_API_KEY');
  });
});
