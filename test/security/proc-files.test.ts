// Attack: `tr '\0' '\n' < /proc/$PPID/environ` and friends — the CLI's environment and command
// line through /proc. The sandbox has its own PID namespace and /proc: only its processes exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';

let layout: SandboxedLayout;
beforeAll(async () => {
  layout = await makeSandboxedLayout();
});
afterAll(() => layout.cleanup());

describe('/proc inside the sandbox', () => {
  it('gives no process’s environ or cmdline holding the key, the parent’s included', async () => {
    const result = await layout.run(
      'for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do echo "== $f"; tr "\\0" "\\n" < "$f"; echo; done; echo "== PPID $PPID"; tr "\\0" "\\n" < /proc/$PPID/environ',
    );
    expect(result.content).toContain('== /proc/1/environ');
    expect(result.content).not.toContain(API_KEY);
    expect(result.content).not.toContain('OPENAI_API_KEY');
  });

  it('lists only the sandbox’s own processes (bwrap’s init, the shell, what it started)', async () => {
    // `cat` reads its own cmdline too: bwrap (PID 1), the shell, a subshell of the loop, cat.
    const result = await layout.run(
      'for p in /proc/[0-9]*; do echo "${p#/proc/} $(cat $p/cmdline | tr "\\0" " ")"; done',
    );
    const lines = result.content.split('\n').filter((l) => /^\d+ /.test(l));
    const programs = new Set(lines.map((l) => (l.split(' ')[1] ?? '').split('/').pop() ?? ''));
    expect(lines[0]).toMatch(/^1 \S*bwrap /);
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(
      [...programs].every((p) => ['bwrap', 'sh', 'cat', 'tr', ''].includes(p)),
      [...programs].join(','),
    ).toBe(true);
    expect(programs.has('node')).toBe(false);
  });

  it('has `ps` agree: nothing of the host shows', async () => {
    const result = await layout.run('ps -e -o pid=,comm= 2>&1 || ls /proc');
    const commands = result.content
      .split('\n')
      .slice(2)
      .map((l) => l.trim().split(/\s+/)[1])
      .filter(Boolean);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.some((c) => c === 'node' || c.startsWith('vitest'))).toBe(false);
  });
});
