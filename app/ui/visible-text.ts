// Text a person must approve (a command, a file's new content) shown as it really is: every
// character that prints nothing, moves the cursor, or reorders what follows it (controls, bidi
// overrides and isolates, zero-width characters, byte order marks, unusual spaces, tag
// characters) becomes a visible label such as ⟨U+202E RLO⟩. Isomorphic: the CLI and the web page
// both use it, so a person sees the same truth in either.

/** One piece of revealed text: plain text, or one hidden character with the label shown for it. */
export type RevealedSegment =
  | { kind: 'text'; text: string }
  | { kind: 'hidden'; codePoint: number; label: string; original: string };

export interface RevealOptions {
  /** Leave tabs as they are (file content); by default a tab is revealed too (commands). */
  keepTabs?: boolean;
}

/**
 * Characters that print nothing or change how the rest prints: controls (C0, DEL, C1), format
 * characters (bidi embeddings, overrides and isolates, zero-width space and joiners, BOM, soft
 * hyphen, tags), line and paragraph separators, every default-ignorable code point (variation
 * selectors, Hangul fillers, …), lone surrogates, and spaces other than U+0020.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cs}]|(?! )\p{Zs}/gu;

/** Short names people search for; any other hidden character is shown by its code point only. */
const SHORT_NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'BS',
  0x09: 'TAB',
  0x0b: 'VT',
  0x0c: 'FF',
  0x0d: 'CR',
  0x1b: 'ESC',
  0x7f: 'DEL',
  0x85: 'NEL',
  0x9b: 'CSI',
  0xa0: 'NBSP',
  0xad: 'SHY',
  0x034f: 'CGJ',
  0x061c: 'ALM',
  0x115f: 'HANGUL FILLER',
  0x180e: 'MVS',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x202f: 'NNBSP',
  0x2060: 'WJ',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
  0x3000: 'IDEOGRAPHIC SPACE',
  0x3164: 'HANGUL FILLER',
  0xfe0e: 'VS15',
  0xfe0f: 'VS16',
  0xfeff: 'BOM',
};

/** The label shown for a hidden character: `⟨U+202E RLO⟩`. */
export function hiddenCharacterLabel(codePoint: number): string {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  const name = SHORT_NAMES[codePoint] ?? (codePoint >= 0xe0020 && codePoint <= 0xe007f ? 'TAG' : undefined);
  return `⟨U+${hex}${name ? ` ${name}` : ''}⟩`;
}

/** Splits text into plain runs and hidden characters (line feeds stay plain: every line is shown as a line). */
export function revealSegments(text: string, options: RevealOptions = {}): RevealedSegment[] {
  const segments: RevealedSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN)) {
    const original = match[0];
    if (original === '\n' || (original === '\t' && options.keepTabs)) continue;
    const at = match.index ?? 0;
    if (at > last) segments.push({ kind: 'text', text: text.slice(last, at) });
    const codePoint = original.codePointAt(0) ?? 0;
    segments.push({ kind: 'hidden', codePoint, label: hiddenCharacterLabel(codePoint), original });
    last = at + original.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The text with every hidden character replaced by its label; `mark` may style each label (colour, HTML). */
export function revealInvisible(
  text: string,
  options: RevealOptions & { mark?: (label: string) => string } = {},
): string {
  const mark = options.mark ?? ((label: string) => label);
  return revealSegments(text, options)
    .map((s) => (s.kind === 'text' ? s.text : mark(s.label)))
    .join('');
}

/** How many hidden characters the text holds (0: what you see is what there is). */
export function countHiddenCharacters(text: string, options: RevealOptions = {}): number {
  return revealSegments(text, options).filter((s) => s.kind === 'hidden').length;
}
