import { describe, expect, it } from 'vitest';
import { approvalCard } from '../../../app/cli/approval-card.js';
import { createStyle } from '../../../app/cli/ansi-style.js';

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
