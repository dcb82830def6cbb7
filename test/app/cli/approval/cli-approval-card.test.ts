import { describe, expect, it } from 'vitest';
import { approvalCard } from '../../../../app/cli/approval/approval-card.js';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';

const plain = createStyle(false);

describe('approval card', () => {
  it('a command: every line, hidden characters revealed, the other parameters too', () => {
    const card = approvalCard(
      { name: 'execute_command', params: { command: 'ls\n\u2066touch PWNED\u2069', timeout: '30' } },
      undefined,
      plain,
    );
    expect(card.lines).toEqual([
      '  │ ls',
      '  │ ⟨U+2066 LRI⟩touch PWNED⟨U+2069 PDI⟩',
      '  ⚠ 2 lines: every line runs',
      '  ⚠ 2 hidden characters (control, bidi or zero-width) shown as ⟨U+…⟩',
      '  timeout: 30',
    ]);
    expect(card.question).toBe('Run this 2-line command?');
  });

  it('a command that writes files through a redirection or tee names them on a "writes:" line (issue 32, Medium 5)', () => {
    const card = (command: string) =>
      approvalCard({ name: 'execute_command', params: { command } }, undefined, plain).lines;
    expect(card('git status > .env 2>&1')).toEqual(['  │ git status > .env 2>&1', '  writes: .env']);
    expect(card('echo hi 0>x 2>>y')).toContain('  writes: x, y');
    expect(card('echo *.ts > out.txt')).toContain(
      '  ⚠ writes: perhaps more files than named here (it has a glob (*) the shell expands)',
    );
    expect(card('echo hi | tee -a -- out.txt -n >> log.txt')).toContain('  writes: log.txt, out.txt, -n');
    // A file that runs code later is called out on the card, as a write tool's is.
    expect(card('echo "use nix" >> .envrc')).toEqual([
      '  │ echo "use nix" >> .envrc',
      '  writes: .envrc',
      '  ⚠ .envrc runs code later, outside the sandbox (.envrc): direnv runs it as a shell script when you enter the folder.',
    ]);
    // Where the reading is not certain, the card says it may not name them all.
    expect(card('echo x > "$F"')).toContain(
      '  ⚠ writes: perhaps more files than named here (it has a substitution ($) inside double quotes)',
    );
    expect(card("sh -c 'date > when.txt'")).toContain(
      '  ⚠ writes: perhaps more files than named here (sh runs other commands)',
    );
    // More lines are read one by one; nothing written, no line.
    expect(card('ls\necho a > b.txt')).toContain('  writes: b.txt');
    expect(card('ls -la 2>&1 > /dev/null').some((l) => l.includes('writes'))).toBe(false);
    expect(card('cat < in.txt').some((l) => l.includes('writes'))).toBe(false);
  });

  it('a change whose diff cannot be made still shows what was sent, whole', () => {
    const diff = '------- SEARCH\nnope\n=======\nyes\n+++++++ REPLACE';
    const card = approvalCard(
      { name: 'replace_in_file', params: { path: 'a.txt', diff } },
      { ok: false, error: { code: 'search-not-found', message: 'block 1: not found.' } },
      plain,
    );
    expect(card.lines).toEqual([
      '  ⚠ no diff to show: block 1: not found.',
      '  diff as sent (5 lines):',
      ...diff.split('\n').map((l) => `  │ ${l}`),
    ]);
    expect(card.question).toBe('Edit a.txt anyway?');
  });

  it('a write: the diff, with hidden characters in new lines revealed and counted', () => {
    const card = approvalCard(
      { name: 'write_to_file', params: { path: 'a.js', content: 'x' } },
      { ok: true, change: { path: 'a.js', change: 'overwrite', before: 'ok\n', after: 'if (admin\u202E) {}\n' } },
      plain,
    );
    expect(card.lines).toEqual([
      '  overwrites a.js: +1 −1 lines',
      '  @@ -1,1 +1,1 @@',
      '  1 - ok',
      '  1 + if (admin⟨U+202E RLO⟩) {}',
      '  ⚠ 1 hidden character (control, bidi or zero-width) shown as ⟨U+…⟩',
    ]);
    expect(card.question).toBe('Overwrite a.js?');
  });
});
