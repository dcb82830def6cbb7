// OpenAI Responses streams, written to follow OpenAI's "Streaming events" reference of the
// Responses API (https://platform.openai.com/docs/api-reference/responses-streaming): each event
// named by its `type` with a rising `sequence_number`; response.created and
// response.in_progress; per output item an output_item.added, its part / delta / done events
// (reasoning_summary_part.*, reasoning_summary_text.*; content_part.*, output_text.*;
// function_call_arguments.*) and an output_item.done carrying the whole item (a reasoning item
// with its encrypted_content when `include: ["reasoning.encrypted_content"]` asked for it); then
// one of response.completed, response.incomplete (incomplete_details.reason max_output_tokens)
// or an `error` event. No [DONE]. Ids and the encrypted content are made up for these tests.
import { sseEvent } from './sse-event.js';

type Json = Record<string, unknown>;

/** Builds one stream's events with their sequence numbers. */
function stream() {
  let seq = 0;
  const parts: string[] = [];
  const put = (type: string, data: Json) => parts.push(sseEvent({ type, sequence_number: seq++, ...data }));
  const response = (id: string, status: string, output: Json[], extra: Json = {}) => ({
    id,
    object: 'response',
    created_at: 1764633600,
    status,
    model: 'gpt-5.4-mini',
    output,
    store: false,
    ...extra,
  });
  return {
    put,
    response,
    begin(id: string) {
      put('response.created', { response: response(id, 'in_progress', []) });
      put('response.in_progress', { response: response(id, 'in_progress', []) });
    },
    reasoning(index: number, item: Json, summary: string[]) {
      const id = item.id;
      put('response.output_item.added', { output_index: index, item: { id, type: 'reasoning', summary: [] } });
      put('response.reasoning_summary_part.added', {
        item_id: id,
        output_index: index,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      });
      for (const piece of summary)
        put('response.reasoning_summary_text.delta', {
          item_id: id,
          output_index: index,
          summary_index: 0,
          delta: piece,
        });
      const text = summary.join('');
      put('response.reasoning_summary_text.done', { item_id: id, output_index: index, summary_index: 0, text });
      put('response.reasoning_summary_part.done', {
        item_id: id,
        output_index: index,
        summary_index: 0,
        part: { type: 'summary_text', text },
      });
      put('response.output_item.done', { output_index: index, item });
    },
    message(index: number, id: string, pieces: string[]) {
      put('response.output_item.added', {
        output_index: index,
        item: { id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
      });
      const empty = { type: 'output_text', annotations: [], text: '' };
      put('response.content_part.added', { item_id: id, output_index: index, content_index: 0, part: empty });
      for (const delta of pieces)
        put('response.output_text.delta', { item_id: id, output_index: index, content_index: 0, delta, logprobs: [] });
      const text = pieces.join('');
      put('response.output_text.done', { item_id: id, output_index: index, content_index: 0, text, logprobs: [] });
      const part = { type: 'output_text', annotations: [], text };
      put('response.content_part.done', { item_id: id, output_index: index, content_index: 0, part });
      const item = { id, type: 'message', status: 'completed', content: [part], role: 'assistant' };
      put('response.output_item.done', { output_index: index, item });
      return item;
    },
    call(index: number, id: string, callId: string, name: string, pieces: string[], done = true) {
      const base = { id, type: 'function_call', status: 'in_progress', arguments: '', call_id: callId, name };
      put('response.output_item.added', { output_index: index, item: base });
      for (const delta of pieces)
        put('response.function_call_arguments.delta', { item_id: id, output_index: index, delta });
      const args = pieces.join('');
      if (!done) return { ...base, arguments: args };
      put('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: args });
      const item = { ...base, status: 'completed', arguments: args };
      put('response.output_item.done', { output_index: index, item });
      return item;
    },
    text: () => parts.join(''),
  };
}

/** The reasoning item of {@link RESPONSES_REASONING_TOOLS}, as its output_item.done gives it (what goes back, byte for byte). */
export const RESPONSES_REASONING_ITEM = {
  id: 'rs_68af4030baa48193b0b43b4c2a176a1a02d7b43d8b9f1e0c',
  type: 'reasoning',
  summary: [{ type: 'summary_text', text: '**Reading then writing**\n\nRead a.ts, write b.ts — é🙂.' }],
  encrypted_content:
    'gAAAAABor0BxQ3Jk9mVvQ0ZxWk1nTlR5b3FzZ1h2U0pGd2ZBcG9fN3h2eE1XbTN6eXRqQmVwV0ZfUzRkVHZKMlBLa0ZVcG1yd0E9PQ==',
};

/** A reasoning summary, a sentence, then two function calls; response.completed with usage. */
export const RESPONSES_REASONING_TOOLS = (() => {
  const s = stream();
  const id = 'resp_68af4030592c81938ec0a5fbab4a3e9f05438e46b5f69a3b';
  s.begin(id);
  s.reasoning(0, RESPONSES_REASONING_ITEM, ['**Reading then writing**\n\n', 'Read a.ts, write b.ts', ' — é🙂.']);
  const message = s.message(1, 'msg_68af40337e2c8193a1c2f5e1d0b7a9c4', ['Reading a.ts, then ', 'writing b.ts.']);
  const first = s.call(2, 'fc_68af4034a1b48193', 'call_Xk2pRz7QeVw9LmT3aB0cD4fG', 'read_file', ['{"path"', ':"a.ts"}']);
  const second = s.call(3, 'fc_68af4035c2d58193', 'call_Yp4sTu8RfWx0MnU5bC1dE6gH', 'write_to_file', [
    '{"path":"b.ts","con',
    'tent":"x = 1\\n"}',
  ]);
  const usage = {
    input_tokens: 812,
    input_tokens_details: { cached_tokens: 768 },
    output_tokens: 164,
    output_tokens_details: { reasoning_tokens: 96 },
    total_tokens: 976,
  };
  s.put('response.completed', {
    response: s.response(id, 'completed', [RESPONSES_REASONING_ITEM, message, first, second], { usage }),
  });
  return s.text();
})();

/** Text only, then an `error` event mid-stream (a server error). */
export const RESPONSES_ERROR_MID_STREAM = (() => {
  const s = stream();
  s.begin('resp_68af40400000000000000000000000000000000000000001');
  const id = 'msg_68af4041000000000000000000000001';
  s.put('response.output_item.added', {
    output_index: 0,
    item: { id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
  });
  s.put('response.content_part.added', {
    item_id: id,
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', annotations: [], text: '' },
  });
  s.put('response.output_text.delta', {
    item_id: id,
    output_index: 0,
    content_index: 0,
    delta: 'Let me look at',
    logprobs: [],
  });
  s.put('error', {
    code: 'server_error',
    message: 'The server had an error while processing your request. Sorry about that!',
    param: null,
  });
  return s.text();
})();

/** max_output_tokens reached inside a function call's arguments: response.incomplete. */
export const RESPONSES_MAX_TOKENS_IN_CALL = (() => {
  const s = stream();
  const id = 'resp_68af40500000000000000000000000000000000000000002';
  s.begin(id);
  const call = s.call(
    0,
    'fc_68af4051000000000000',
    'call_Zq5tUv9SgXy1NoV6cD2eF7hI',
    'write_to_file',
    ['{"path":"big.ts","content":"line 1\\nline'],
    false,
  );
  s.put('response.incomplete', {
    response: s.response(id, 'incomplete', [call], {
      incomplete_details: { reason: 'max_output_tokens' },
      usage: { input_tokens: 40, output_tokens: 16, total_tokens: 56 },
    }),
  });
  return s.text();
})();
