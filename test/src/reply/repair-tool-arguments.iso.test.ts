// Native tool-call arguments that are almost JSON are repaired (jsonrepair); cut-off ones never are.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairToolArguments } from '../../../src/reply/repair-tool-arguments.js';
import { createBlockAssembler } from '../../../src/reply/block-assembler.js';

describe('repairToolArguments', () => {
  it.each([
    ["{'path': 'a.ts'}", { path: 'a.ts' }],
    ['{"path": "a.ts",}', { path: 'a.ts' }],
    ['{"recursive": True, "x": None}', { recursive: true, x: null }],
    ['{"path": "a.ts" /* the file */}', { path: 'a.ts' }],
    ['{"content": "line 1\nline 2"}', { content: 'line 1\nline 2' }],
  ])('repairs %j', (text, expected) => {
    expect(repairToolArguments(text)).toEqual(expected);
  });

  it.each(['{"content": "half a fi', '{"a": {"b": 1}', '["a"]', 'not json at all', '{"a": 1'])(
    'refuses %j (cut off, or not an object)',
    (text) => {
      expect(repairToolArguments(text)).toBeUndefined();
    },
  );

  it('never completes a prefix of valid arguments that is cut inside a string', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ minLength: 2 }), { minKeys: 1 }),
        (obj) => {
          const text = JSON.stringify(obj);
          const cut = text.slice(0, -2); // the last value's closing quote and the brace lost: inside a string
          expect(repairToolArguments(cut)).toBeUndefined();
        },
      ),
    );
  });
});

describe('a native call whose arguments are almost JSON', () => {
  it('runs with the repaired arguments instead of sending the model back', () => {
    const a = createBlockAssembler();
    a.push({ type: 'tool-call', index: 0, id: 'c1', name: 'read_file', argumentsDelta: "{'path': 'src/a.ts'}" });
    a.push({ type: 'finish', reason: 'tool_calls' });
    expect(a.end().at(-1)).toEqual(
      expect.objectContaining({ name: 'read_file', params: { path: 'src/a.ts' }, partial: false }),
    );
  });
});
