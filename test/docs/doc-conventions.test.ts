// The docs conventions (docs/conventions.md) hold on the openings of the pages they were first
// applied to: code comes first (at most one short paragraph before the first code block), and no
// paragraph or list item of the main flow runs over three sentences (tips and warnings, `:::`
// containers, are asides and not counted). The opening runs from the title through the first code
// block to the next heading.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const docs = join(import.meta.dirname, '..', '..', 'docs');
const pages = ['testing', 'profiles', 'security', 'machine', 'long-turns'];

/** The page from its title through its first code block and on to the next heading (`##` or `###`) after it. */
function opening(text: string): string {
  const lines = text.split('\n');
  const fence = lines.findIndex((line) => /^(```|~~~)/.test(line));
  if (fence < 0) return text;
  let close = fence + 1;
  while (close < lines.length && !/^(```|~~~)/.test(lines[close]!)) close++;
  const next = lines.findIndex((line, i) => i > close && /^###? /.test(line));
  return lines.slice(0, next < 0 ? lines.length : next).join('\n');
}

type Piece = { kind: 'code' } | { kind: 'prose'; text: string };

/** The opening's main flow in order: code blocks and prose blocks (paragraphs, list items); headings, comments and `:::` asides left out. */
function mainFlow(text: string): Piece[] {
  const pieces: Piece[] = [];
  let fence = false;
  let aside = false;
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) pieces.push({ kind: 'prose', text: prose.join(' ') });
    prose = [];
  };
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      if (!fence && !aside) pieces.push({ kind: 'code' });
      fence = !fence;
    } else if (fence) continue;
    else if (/^:::/.test(line)) {
      flush();
      aside = !aside && line.trim() !== ':::';
    } else if (aside) continue;
    else if (line.trim() === '' || /^(#|<!--|\|)/.test(line)) flush();
    else if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      flush();
      prose.push(line.replace(/^\s*([-*]|\d+\.)\s/, ''));
    } else prose.push(line.trim());
  }
  flush();
  return pieces;
}

/** Sentences in a prose block: ends of sentences outside inline code, abbreviations aside. */
function sentenceCount(text: string): number {
  const plain = text
    .replace(/`[^`]*`/g, 'code')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\b(e\.g|i\.e|etc|vs|cf|approx)\./g, '$1');
  return Math.max(1, (plain.match(/[.!?]["')\]*_]*(?=\s|$)/g) ?? []).length);
}

describe('sentenceCount', () => {
  it('counts sentences, not dots in code, numbers or abbreviations', () => {
    expect(sentenceCount('One. Two! Three?')).toBe(3);
    expect(sentenceCount('Runs at 1.4 MB/s, e.g. in `a.b. c.` chunks.')).toBe(1);
    expect(sentenceCount('See [the page](./a.md). Then more.')).toBe(2);
  });

  it('is the number of sentences joined, whatever their words', () => {
    // an abbreviation the counter sets aside (cf. vs. etc. approx.) ends no sentence, so no sentence ends with one
    const word = fc.stringMatching(/^[a-z]{1,8}$/).filter((w) => !['cf', 'vs', 'etc', 'approx'].includes(w));
    const sentence = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => `${w.join(' ')}.`);
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 8 }), (sentences) => {
        expect(sentenceCount(sentences.join(' '))).toBe(sentences.length);
      }),
    );
  });
});

describe.each(pages)('the opening of docs/%s.md', (name) => {
  const flow = mainFlow(opening(readFileSync(join(docs, `${name}.md`), 'utf8')));

  it('puts code first: at most one paragraph before the first code block', () => {
    const firstCode = flow.findIndex((piece) => piece.kind === 'code');
    expect(firstCode).toBeGreaterThanOrEqual(0);
    expect(firstCode).toBeLessThanOrEqual(1);
  });

  it('has no main-flow paragraph or list item over three sentences', () => {
    const long = flow.flatMap((piece) =>
      piece.kind === 'prose' && sentenceCount(piece.text) > 3
        ? [`${sentenceCount(piece.text)}: ${piece.text.slice(0, 80)}…`]
        : [],
    );
    expect(long).toEqual([]);
  });
});
