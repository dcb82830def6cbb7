// Random assistant messages for property tests: built from the protocol's own fragments so
// that tags, near-tags, fake close tags and inline code collide often.
import fc from 'fast-check';

const fragments = [
  '<read_file>',
  '</read_file>',
  '<write_to_file>',
  '</write_to_file>',
  '<replace_in_file>',
  '</replace_in_file>',
  '<attempt_completion>',
  '</attempt_completion>',
  '<path>',
  '</path>',
  '<content>',
  '</content>',
  '<diff>',
  '</diff>',
  '<result>',
  '</result>',
  '<command>',
  '</command>',
  '<think>',
  '</think>',
  '<read_fi',
  '</conte',
  '<',
  '</',
  '>',
  '`',
  '`<read_file>`',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  'src/a.ts',
  'hello',
  'world',
  'x',
  '<div>',
  '</div>',
  '<path evil="1">',
  'é',
  '👋',
  '\u0000',
  '\ud800',
];

/** A message as the fragments it is made of, so a test can cut it exactly at tag edges. */
export const messagePartsArbitrary = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fragments) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  ),
  { maxLength: 60 },
);

export const messageArbitrary = messagePartsArbitrary.map((parts) => parts.join(''));

/** Cut points for a text of length n, as sorted unique offsets. */
export function chunksOf(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const p of points) {
    out.push(text.slice(last, p));
    last = p;
  }
  out.push(text.slice(last));
  return out;
}

export const cutsArbitrary = fc.array(fc.nat(), { maxLength: 30 });
