// --json's bounded stream: block changes as deltas (ndjson-block-diff.ts), rebuilt by the reader
// (ndjson-replay.ts); long values in pieces (json-pieces.ts); a reporter that waits for the pipe.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventEmitter } from 'node:events';
import { blockChangeLines } from '../../../../app/cli/ndjson/ndjson-block-diff.js';
import { createNdjsonReplay } from '../../../../app/cli/ndjson/ndjson-replay.js';
import { jsonPieces } from '../../../../app/cli/ndjson/json-pieces.js';
import { createNdjsonReporter } from '../../../../app/cli/ndjson/ndjson-reporter.js';
import type { NdjsonBlock, NdjsonLine } from '../../../../app/cli/ndjson/ndjson-lines.js';
import type { AgentTurnView, ToolBlockView } from '../../../../machines/view/turn-view-types.js';
import type { AgentTurnOutput } from '../../../../machines/machine/agent-turn-types.js';

const tool = (
  content: string,
  status = 'streaming',
  extra: Partial<Extract<NdjsonBlock, { kind: 'tool' }>> = {},
): NdjsonBlock => ({
  key: '0:c1',
  request: 1,
  kind: 'tool',
  name: 'write_to_file',
  params: { path: 'a.txt', content },
  status,
  ...extra,
});

/** Feeds the versions through the diff (forced at the end) and returns the lines and what a reader rebuilds. */
function stream(
  versions: NdjsonBlock[],
  options: { pieceChars?: number; eagerChars?: number; force?: (i: number) => boolean } = {},
) {
  const lines: NdjsonLine[] = [];
  let sent: NdjsonBlock | undefined;
  versions.forEach((version, i) => {
    const diff = blockChangeLines(sent, version, {
      pieceChars: options.pieceChars,
      eagerChars: options.eagerChars,
      force: i === versions.length - 1 || options.force?.(i),
    });
    lines.push(...diff.lines);
    sent = diff.sent;
  });
  const replay = createNdjsonReplay();
  for (const line of lines) replay.apply(JSON.parse(JSON.stringify(line)));
  return { lines, rebuilt: replay.blocks() };
}

describe('block changes as deltas', () => {
  it('sends a block whole once, then only what grew, then the changed fields', () => {
    const { lines, rebuilt } = stream([
      tool('ab'),
      tool('abcd'),
      tool('abcdef', 'ready'),
      tool('abcdef', 'done', { result: 'Wrote a.txt', isError: false }),
    ]);
    expect(lines).toEqual([
      { type: 'block', ...tool('ab') },
      { type: 'delta', key: '0:c1', field: 'params.content', append: 'cd' },
      { type: 'delta', key: '0:c1', field: 'params.content', append: 'ef' },
      { type: 'block', key: '0:c1', request: 1, kind: 'tool', name: 'write_to_file', status: 'ready' },
      {
        type: 'block',
        key: '0:c1',
        request: 1,
        kind: 'tool',
        name: 'write_to_file',
        status: 'done',
        result: 'Wrote a.txt',
        isError: false,
      },
    ]);
    expect(rebuilt).toEqual([tool('abcdef', 'done', { result: 'Wrote a.txt', isError: false })]);
  });

  it('sends a value that changed other than at its end whole, and nothing when nothing changed', () => {
    const text = (t: string, partial = true): NdjsonBlock => ({
      key: '0:0',
      request: 1,
      kind: 'text',
      text: t,
      partial,
    });
    const { lines } = stream([text('hello '), text('hello'), text('hello'), text('hello', false)]);
    expect(lines.slice(1)).toEqual([
      { type: 'block', key: '0:0', request: 1, kind: 'text', text: 'hello' },
      { type: 'block', key: '0:0', request: 1, kind: 'text', partial: false },
    ]);
  });

  it('caps every text in a line at the piece size and sends a long value about once', () => {
    const content = 'x'.repeat(10_000);
    const versions = [tool(content.slice(0, 2_500)), tool(content.slice(0, 7_000)), tool(content, 'ready')];
    const { lines, rebuilt } = stream(versions, { pieceChars: 1_000, eagerChars: 100_000 });
    for (const line of lines) expect(JSON.stringify(line).length).toBeLessThan(1_200);
    const carried = lines.reduce(
      (n, l) =>
        n +
        (l.type === 'delta'
          ? l.append.length
          : l.type === 'block' && l.kind === 'tool' && l.params?.content
            ? l.params.content.length
            : 0),
      0,
    );
    expect(carried).toBe(10_000);
    expect(rebuilt).toEqual([tool(content, 'ready')]);
  });

  it('holds back what a value past eagerChars gains until a forced flush', () => {
    const { lines } = stream([tool('x'.repeat(50)), tool('x'.repeat(80)), tool('x'.repeat(90)), tool('x'.repeat(95))], {
      eagerChars: 60,
      force: (i) => i === 2,
    });
    expect(lines.filter((l) => l.type === 'delta').map((l) => l.type === 'delta' && l.append.length)).toEqual([
      30, 10, 5,
    ]);
  });

  it('rebuilds exactly what was last sent, whatever the changes, pieces and forced flushes (property)', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), text: fc.string({ unit: 'grapheme', maxLength: 30 }) }),
      fc.record({ kind: fc.constant('replace' as const), text: fc.string({ maxLength: 30 }) }),
      fc.record({
        kind: fc.constant('status' as const),
        text: fc.constantFrom('streaming', 'ready', 'running', 'done'),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(edit, fc.boolean()), { maxLength: 25 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        (edits, pieceChars, eagerChars) => {
          let content = '';
          let status = 'streaming';
          const versions = [tool(content)];
          const forced = [false];
          for (const [e, force] of edits) {
            if (e.kind === 'append') content += e.text;
            else if (e.kind === 'replace') content = e.text;
            else status = e.text;
            versions.push(tool(content, status));
            forced.push(force);
          }
          const { lines, rebuilt } = stream(versions, { pieceChars, eagerChars, force: (i) => forced[i] });
          expect(rebuilt).toEqual([versions.at(-1)]);
          for (const line of lines)
            if (line.type === 'delta') expect(line.append.length).toBeLessThanOrEqual(pieceChars);
        },
      ),
    );
  });
});

describe('jsonPieces', () => {
  it('joins to the JSON of the value, long strings cut into pieces, errors as their fields (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.string({ maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        (value, long, pieceChars) => {
          const wrapped = { value, long, again: [long, long] };
          const pieces = [...jsonPieces(wrapped, pieceChars)];
          expect(JSON.parse(pieces.join(''))).toEqual(JSON.parse(JSON.stringify(wrapped)));
        },
      ),
    );
    const error = Object.assign(new Error('boom'), { code: 'http' });
    expect(JSON.parse([...jsonPieces({ error, emoji: '🙂'.repeat(5) }, 3)].join(''))).toEqual({
      error: { name: 'Error', message: 'boom', code: 'http' },
      emoji: '🙂'.repeat(5),
    });
  });
});

/** A Writable stand-in: accepts `room` more writes, then says "full" until `drain()`. */
class FakePipe extends EventEmitter {
  chunks: string[] = [];
  room = Infinity;
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    this.room--;
    return this.room > 0;
  }
  drain(room = Infinity) {
    this.room = room;
    this.emit('drain');
  }
  lines(): NdjsonLine[] {
    return this.chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }
}

function view(
  state: string,
  content: string,
  status: ToolBlockView['status'] = 'streaming',
  phase: AgentTurnView['phase'] = 'streaming',
): AgentTurnView {
  const block = {
    key: '0:c1',
    request: 1,
    type: 'tool_use',
    name: 'write_to_file',
    params: { path: 'a.txt', content },
    call_id: 'c1',
    isNativeToolCall: false,
    isCompletion: false,
    status,
  } as ToolBlockView;
  return {
    state,
    phase,
    request: 1,
    requests: [{ key: '0', index: 0, number: 1, attempt: 0, status: 'streaming', blocks: [block], retried: false }],
    blocks: [block],
    context: { truncations: [] },
  } as unknown as AgentTurnView;
}

const output = {
  reason: 'completed',
  messages: [{ role: 'assistant', content: 'raw' }],
  requests: [
    {
      index: 0,
      attempt: 0,
      idPrefix: 'r0',
      status: 'complete',
      blocks: [],
      toolResults: [],
      content: 'raw',
      reasoning: '',
    },
  ],
  usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
} as unknown as AgentTurnOutput;

describe('the NDJSON reporter', () => {
  it('writes nothing while the pipe is full, then one difference; state and output lines in order', async () => {
    const pipe = new FakePipe();
    const reporter = createNdjsonReporter(pipe, { flushIntervalMs: 0 });
    pipe.room = 2;
    reporter.update(view('request.streaming', 'a'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pipe.lines().map((l) => l.type)).toEqual(['state', 'block']);
    for (const c of ['ab', 'abc', 'abcd']) reporter.update(view('request.streaming', c));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pipe.chunks).toHaveLength(2);
    pipe.drain();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pipe.lines().slice(2)).toEqual([{ type: 'delta', key: '0:c1', field: 'params.content', append: 'bcd' }]);
    reporter.update(view('request.executingTool', 'abcd', 'running', 'running-tool'));
    const done = reporter.finish(output);
    await done;
    const lines = pipe.lines();
    expect(lines.slice(3).map((l) => l.type)).toEqual(['state', 'block', 'output']);
    expect(lines.at(-1)).toEqual({
      type: 'output',
      output: {
        reason: 'completed',
        requests: [{ index: 0, attempt: 0, idPrefix: 'r0', status: 'complete', blocks: [], toolResults: [] }],
        usage: output.usage,
      },
    });
  });

  it('stops writing and still finishes when the reader is gone', async () => {
    const pipe = new FakePipe();
    const reporter = createNdjsonReporter(pipe, { flushIntervalMs: 0 });
    pipe.room = 1;
    reporter.update(view('request.streaming', 'a'));
    pipe.emit('close');
    reporter.update(view('request.streaming', 'ab'));
    await reporter.finish(output);
    expect(pipe.chunks).toHaveLength(1);
  });
});

describe('the NDJSON reporter when a view cannot be written', () => {
  it('stops and rejects finish with the error, leaving no unhandled rejection', async () => {
    const pipe = new FakePipe();
    const reporter = createNdjsonReporter(pipe, { flushIntervalMs: 0 });
    // A view without its context: reading it throws inside the reporter.
    reporter.update({
      state: 'request.streaming',
      phase: 'streaming',
      request: 1,
      requests: [{ key: '0', index: 0, number: 1, blocks: [] }],
    } as unknown as AgentTurnView);
    await expect(reporter.finish(output)).rejects.toThrow(TypeError);
  });
});
