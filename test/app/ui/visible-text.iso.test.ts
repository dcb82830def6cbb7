// The "make visible" function approvals use (CLI and web page): runs in Node and in Chromium.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countHiddenCharacters,
  hiddenCharacterLabel,
  revealInvisible,
  revealSegments,
} from '../../../app/ui/visible-text.js';

describe('revealInvisible', () => {
  it('shows bidi overrides and isolates by name', () => {
    expect(revealInvisible('a\u202Eb\u202Cc')).toBe('a⟨U+202E RLO⟩b⟨U+202C PDF⟩c');
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]) {
      expect(revealInvisible(`x${String.fromCodePoint(cp)}y`)).toBe(`x${hiddenCharacterLabel(cp)}y`);
    }
  });

  it('shows zero-width characters, BOM, soft hyphen, word joiner and tag characters', () => {
    expect(revealInvisible('rm\u200B -rf')).toBe('rm⟨U+200B ZWSP⟩ -rf');
    expect(revealInvisible('\uFEFFa\u200C\u200D\u00AD\u2060')).toBe(
      '⟨U+FEFF BOM⟩a⟨U+200C ZWNJ⟩⟨U+200D ZWJ⟩⟨U+00AD SHY⟩⟨U+2060 WJ⟩',
    );
    expect(revealInvisible('a\u{E0041}')).toBe('a⟨U+E0041 TAG⟩');
  });

  it('shows control characters (ESC, CR, NUL, DEL, C1) and tabs, but keeps line feeds as lines', () => {
    expect(revealInvisible('ls\ntouch PWNED')).toBe('ls\ntouch PWNED');
    expect(revealInvisible('echo hi\rrm -rf x')).toBe('echo hi⟨U+000D CR⟩rm -rf x');
    expect(revealInvisible('\x1b[2J\x00\x7f\x9b')).toBe('⟨U+001B ESC⟩[2J⟨U+0000 NUL⟩⟨U+007F DEL⟩⟨U+009B CSI⟩');
    expect(revealInvisible('a\tb')).toBe('a⟨U+0009 TAB⟩b');
    expect(revealInvisible('a\tb', { keepTabs: true })).toBe('a\tb');
  });

  it('shows spaces other than U+0020 and line separators', () => {
    expect(revealInvisible('a\u00A0b\u2028c\u3000d')).toBe(
      'a⟨U+00A0 NBSP⟩b⟨U+2028 LINE SEPARATOR⟩c⟨U+3000 IDEOGRAPHIC SPACE⟩d',
    );
  });

  it('leaves ordinary text, wide and combining characters alone', () => {
    const text = 'git commit -m "café 日本語 e\u0301 👍"';
    expect(revealInvisible(text)).toBe(text);
    expect(countHiddenCharacters(text)).toBe(0);
  });

  it('lets a UI mark each label', () => {
    expect(revealInvisible('a\u202Eb', { mark: (l) => `[${l}]` })).toBe('a[⟨U+202E RLO⟩]b');
  });

  it('keeps every visible character in order and leaves nothing invisible (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const segments = revealSegments(text);
        // Joining the originals gives the text back: nothing is dropped or reordered.
        expect(segments.map((s) => (s.kind === 'text' ? s.text : s.original)).join('')).toBe(text);
        // The revealed text has no hidden character left (line feeds aside).
        expect(countHiddenCharacters(revealInvisible(text))).toBe(0);
      }),
    );
  });
});
