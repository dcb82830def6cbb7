// Issue 35, class 5: a server that strips a stop token (gpt-oss's <|call|>, Kimi's section end)
// leaves a call without its end marker. It counts as closed only when the stream ended normally
// (finish_reason stop / tool_calls) and its body is complete; cut off by length, an error or an
// unknown end it never runs. One-shot and at every cut; and through the block assembler.
import { describe, expect, it } from 'vitest';
import { createBlockAssembler } from '../../../../src/reply/block-assembler.js';
import { atEveryCut, completeCalls } from './every-cut.js';
import { allDialects } from './dialect-examples.js';

const base = { protocol: allDialects, idPrefix: 'e' };
const READ = ['read_file', { path: 'a.ts' }];

const STRIPPED: [string, string][] = [
  [
    'harmony',
    '<|channel|>analysis<|message|>Need the file.<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "a.ts"}',
  ],
  [
    'kimi',
    'Reading.<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "a.ts"}<|tool_call_end|>',
  ],
  [
    'kimi',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "a.ts"}',
  ],
  ['hermes', '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.ts"}}\n'],
  ['deepseek', '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read_file<｜tool▁sep｜>{"path": "a.ts"}<｜tool▁call▁end｜>'],
];

describe('a call whose end marker the server stripped', () => {
  it.each(STRIPPED)('%s: closed when the stream ended with stop or tool_calls', (dialect, text) => {
    for (const finishReason of ['stop', 'tool_calls']) {
      expect(completeCalls(atEveryCut(text, { ...base, finishReason }))).toEqual([[...READ, dialect]]);
    }
  });

  it.each(STRIPPED)('%s: never runs when cut off by length, an error, or an unknown end', (_dialect, text) => {
    for (const finishReason of ['length', 'error', 'content_filter', undefined]) {
      expect(completeCalls(atEveryCut(text, { ...base, finishReason })), String(finishReason)).toEqual([]);
    }
  });

  it.each(STRIPPED)('%s: with its body incomplete it never runs, however the stream ended', (_dialect, text) => {
    const cut = text.slice(0, text.indexOf('a.ts'));
    expect(completeCalls(atEveryCut(cut, { ...base, finishReason: 'stop' }))).toEqual([]);
  });

  it('a sentence that names an opener is still text at a normal end', () => {
    const text = 'Qwen answers with <tool_call> blocks.';
    expect(completeCalls(atEveryCut(text, { ...base, finishReason: 'stop' }))).toEqual([]);
  });
});

describe('the block assembler passes the finish reason on', () => {
  const text = STRIPPED[0]![1];
  const run = (events: { type: 'finish'; reason: string }[], truncated = false) => {
    const a = createBlockAssembler({ protocol: allDialects });
    a.push({ type: 'text', text });
    for (const e of events) a.push(e);
    return completeCalls(a.end({ truncated }));
  };

  it('stop: the call runs; length, no finish, or a truncated stream: it does not', () => {
    expect(run([{ type: 'finish', reason: 'stop' }])).toEqual([[...READ, 'harmony']]);
    expect(run([{ type: 'finish', reason: 'length' }])).toEqual([]);
    expect(run([])).toEqual([]);
    expect(run([{ type: 'finish', reason: 'stop' }], true)).toEqual([]);
  });
});
