// The JSON text of a tool use's parameters, sent as it grows: whatever the growth steps, the
// pieces joined are exactly JSON.stringify of the final parameters (fast-check), and no piece
// repeats what an earlier one sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newToolArgsJson, toolArgsJsonDelta } from '../../../bindings/turn-stream/tool-args-json.js';

/** Parameters in order, with cut points: the views a parser would give while they stream. */
const streamed = fc
  .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.string({ unit: 'binary', maxLength: 40 })), {
    selector: ([name]) => name,
    maxLength: 4,
  })
  .chain((params) => {
    const total = params.reduce((n, [, v]) => n + v.length, 0);
    return fc.tuple(fc.constant(params), fc.uniqueArray(fc.integer({ min: 0, max: total }), { maxLength: 12 }));
  });

function viewAt(params: [string, string][], chars: number): Record<string, string> {
  const view: Record<string, string> = {};
  let left = chars;
  for (const [name, value] of params) {
    if (left <= 0 && Object.keys(view).length > 0) break;
    view[name] = value.slice(0, Math.max(0, left));
    left -= value.length;
  }
  return view;
}

describe('toolArgsJsonDelta', () => {
  it('joins to the final JSON, each piece only new text', () => {
    fc.assert(
      fc.property(streamed, ([params, cuts]) => {
        const state = newToolArgsJson();
        const pieces: string[] = [];
        for (const cut of [...cuts].sort((a, b) => a - b))
          pieces.push(toolArgsJsonDelta(state, viewAt(params, cut), false));
        pieces.push(toolArgsJsonDelta(state, Object.fromEntries(params), true));
        const final = Object.fromEntries(params);
        expect(pieces.join('')).toBe(JSON.stringify(final));
        expect(JSON.parse(pieces.join(''))).toEqual(final);
        expect(toolArgsJsonDelta(state, final, true)).toBe('');
      }),
      { numRuns: 500 },
    );
  });

  it('holds a high surrogate back until its pair arrives', () => {
    const state = newToolArgsJson();
    const smile = '\u{1F600}';
    expect(toolArgsJsonDelta(state, { text: `a${smile[0]}` }, false)).toBe('{"text":"a');
    expect(toolArgsJsonDelta(state, { text: `a${smile}` }, false)).toBe(smile);
    expect(toolArgsJsonDelta(state, { text: `a${smile}` }, true)).toBe('"}');
  });
});
