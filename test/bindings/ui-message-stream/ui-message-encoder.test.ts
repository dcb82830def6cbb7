// The UI message stream encoder's parts, read by ai@6's readUIMessageStream: the message it
// builds holds the turn's text, the read's output and the approved write's input and output;
// each tool's input deltas join to its input's JSON. At pace 0 and at a real pace with random reads.
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUiMessageEncoder, type UiMessagePart } from '../../../bindings/ui-message-stream/index.js';
import { runEncodedTurn } from '../../support/encoded-turn.js';

async function readAll(parts: UiMessagePart[]): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const part of parts) controller.enqueue(part as UIMessageChunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, terminateOnError: true })) last = message;
  return last!;
}

for (const pace of [0, 'real'] as const) {
  describe(`createUiMessageEncoder (pace ${pace})`, () => {
    it('gives parts readUIMessageStream builds the whole turn from', async () => {
      const encoder = createUiMessageEncoder({ messageId: 'm1' });
      const parts: UiMessagePart[] = [];
      const { written } = await runEncodedTurn(
        'Read a.txt and write notes.md with a summary',
        (view) => {
          parts.push(...encoder.encode(view));
          if (encoder.streamEnded && !view.done) parts.push(...encoder.resume());
        },
        { pace, seed: 9 },
      );
      const message = await readAll(parts);
      const tools = message.parts.filter((p) => 'toolCallId' in p) as unknown as {
        type: string;
        state: string;
        input: Record<string, string>;
        output?: unknown;
        toolCallId: string;
      }[];
      const write = tools.find((t) => t.type === 'tool-write_to_file')!;
      expect(write.state).toBe('output-available');
      expect(write.input.content).toBe(written.get('notes.md'));
      expect(tools.find((t) => t.type === 'tool-read_file')!.output).toBe('alpha\nbeta\n');
      expect(parts.filter((p) => p.type === 'tool-approval-request')).toHaveLength(1);
      for (const tool of tools) {
        const deltas = parts.filter((p) => p.type === 'tool-input-delta' && p.toolCallId === tool.toolCallId);
        expect(JSON.parse(deltas.map((p) => (p as { inputTextDelta: string }).inputTextDelta).join(''))).toEqual(
          tool.input,
        );
      }
      expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    });

    it('past inputDeltaLimit a tool use gets no more deltas; its input still arrives whole', async () => {
      const encoder = createUiMessageEncoder({ messageId: 'm1', inputDeltaLimit: 12 });
      const parts: UiMessagePart[] = [];
      const { written } = await runEncodedTurn(
        'Read a.txt and write notes.md with a summary',
        (view) => {
          parts.push(...encoder.encode(view));
          if (encoder.streamEnded && !view.done) parts.push(...encoder.resume());
        },
        { pace, seed: 9 },
      );
      const message = await readAll(parts);
      const write = message.parts.find((p) => p.type === 'tool-write_to_file') as unknown as {
        toolCallId: string;
        state: string;
        input: { content: string };
      };
      expect(write.state).toBe('output-available');
      expect(write.input.content).toBe(written.get('notes.md'));
      const streamed = parts
        .filter((p) => p.type === 'tool-input-delta' && p.toolCallId === write.toolCallId)
        .map((p) => (p as { inputTextDelta: string }).inputTextDelta)
        .join('');
      expect(streamed.length).toBeGreaterThanOrEqual(12);
      expect(streamed.length).toBeLessThan(JSON.stringify(write.input).length);
    });

    it('a rejected write is a tool-output-denied part', async () => {
      const encoder = createUiMessageEncoder({ messageId: 'm1' });
      const parts: UiMessagePart[] = [];
      await runEncodedTurn(
        'Read a.txt and write notes.md',
        (view) => {
          parts.push(...encoder.encode(view));
          if (encoder.streamEnded && !view.done) parts.push(...encoder.resume());
        },
        { pace, approve: false },
      );
      expect(parts.some((p) => p.type === 'tool-output-denied')).toBe(true);
    });
  });
}
