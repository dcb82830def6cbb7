// A shaped reply as OpenAI Responses wire data: the SSE events of its "Streaming events"
// reference (response.created / in_progress; per output item output_item.added and .done, with
// reasoning_summary_text.delta, output_text.delta or function_call_arguments.delta between;
// response.completed with usage, or response.incomplete at max_output_tokens), faults as OpenAI
// shows them (an `error` event, a cut), or one JSON response object.
import { shortHash } from './scripted-reply.js';
import type { ShapedReply } from './scripted-shape.js';
import {
  isToken,
  planBody,
  sentPieces,
  TokenTally,
  usageOf,
  type Frame,
  type Piece,
  type WireContext,
} from './scripted-wire.js';
import { responsesEncryptedContent, type WireHistoryLedger } from './scripted-wire-rules.js';

type Json = Record<string, unknown>;

/** A Responses body's context: the wire's and whether the request included `reasoning.encrypted_content`. */
export interface ResponsesContext extends WireContext {
  encrypted: boolean;
}

/** Opens and closes output items as the pieces change kind; keeps the output they make. */
class ItemWriter {
  readonly output: Json[] = [];
  private open: Json | undefined;
  private sequence = 0;
  /** The reasoning item of this reply, once done (a call after it needs it back). */
  private reasoningId: string | undefined;
  constructor(
    private readonly ctx: ResponsesContext,
    private readonly ledger: WireHistoryLedger,
  ) {}

  event(value: Json): string {
    const type = String(value.type);
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.sequence++, ...value })}\n\n`;
  }

  private get index(): number {
    return this.output.length - 1;
  }

  private itemId(prefix: string): string {
    return `${prefix}_${shortHash(`${this.ctx.id}|${this.output.length}`)}${shortHash(`${prefix}|${this.ctx.id}`)}`;
  }

  /** The events that finish the open item. */
  close(): string {
    const item = this.open;
    if (item === undefined) return '';
    this.open = undefined;
    const at = { item_id: item.id, output_index: this.index };
    let text = '';
    if (item.type === 'reasoning') {
      const summary = item.summary as Json[];
      if (summary.length > 0) {
        const part = summary[0];
        text += this.event({ type: 'response.reasoning_summary_text.done', ...at, summary_index: 0, text: part.text });
        text += this.event({ type: 'response.reasoning_summary_part.done', ...at, summary_index: 0, part });
      }
      if (this.ctx.encrypted) item.encrypted_content = responsesEncryptedContent(String(item.id));
      this.reasoningId = String(item.id);
    } else if (item.type === 'message') {
      const part = (item.content as Json[])[0];
      text += this.event({ type: 'response.output_text.done', ...at, content_index: 0, text: part.text, logprobs: [] });
      text += this.event({ type: 'response.content_part.done', ...at, content_index: 0, part });
      item.status = 'completed';
    } else {
      text += this.event({ type: 'response.function_call_arguments.done', ...at, arguments: item.arguments });
      item.status = 'completed';
    }
    return text + this.event({ type: 'response.output_item.done', output_index: this.index, item });
  }

  private add(item: Json, shown: Json): string {
    const text = this.close();
    this.output.push(item);
    this.open = item;
    return text + this.event({ type: 'response.output_item.added', output_index: this.index, item: shown });
  }

  /** A reasoning item (its summary filled by the pieces that follow, none for hidden thinking). */
  reasoning(withSummary: boolean): string {
    const id = this.itemId('rs');
    let text = this.add({ id, type: 'reasoning', summary: [] }, { id, type: 'reasoning', summary: [] });
    if (withSummary) {
      const part = { type: 'summary_text', text: '' };
      (this.open as Json).summary = [part];
      text += this.event({
        type: 'response.reasoning_summary_part.added',
        item_id: id,
        output_index: this.index,
        summary_index: 0,
        part: { ...part },
      });
    }
    return text;
  }

  piece(p: Piece): string {
    const at = () => ({ item_id: (this.open as Json).id, output_index: this.index });
    switch (p.kind) {
      case 'reasoning': {
        const head = this.open?.type === 'reasoning' ? '' : this.reasoning(true);
        const part = ((this.open as Json).summary as Json[])[0];
        part.text = String(part.text) + p.text;
        return (
          head + this.event({ type: 'response.reasoning_summary_text.delta', ...at(), summary_index: 0, delta: p.text })
        );
      }
      case 'content': {
        let head = '';
        if (this.open?.type !== 'message') {
          const id = this.itemId('msg');
          const shown = { id, type: 'message', status: 'in_progress', content: [], role: 'assistant' };
          head = this.add(
            { ...shown, content: [{ type: 'output_text', annotations: [], logprobs: [], text: '' }] },
            shown,
          );
          head += this.event({
            type: 'response.content_part.added',
            ...at(),
            content_index: 0,
            part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
          });
        }
        const part = ((this.open as Json).content as Json[])[0];
        part.text = String(part.text) + p.text;
        return (
          head +
          this.event({ type: 'response.output_text.delta', ...at(), content_index: 0, delta: p.text, logprobs: [] })
        );
      }
      case 'tool-start': {
        const id = this.itemId('fc');
        const item = { id, type: 'function_call', status: 'in_progress', arguments: '', call_id: p.id, name: p.name };
        const text = this.add(item, { ...item });
        if (this.reasoningId !== undefined)
          this.ledger.reasoningBefore(this.reasoningId, [{ callId: p.id, itemId: id }]);
        return text;
      }
      case 'arguments': {
        const item = this.open as Json;
        item.arguments = String(item.arguments) + p.text;
        return this.event({ type: 'response.function_call_arguments.delta', ...at(), delta: p.text });
      }
    }
  }
}

/** The response object of the created / completed events. */
function responseObject(
  ctx: ResponsesContext,
  status: string,
  output: Json[],
  usage: Json | null,
  extra: Json = {},
): Json {
  return {
    id: ctx.id,
    object: 'response',
    created_at: ctx.created,
    status,
    error: null,
    incomplete_details: null,
    model: ctx.model,
    output,
    parallel_tool_calls: true,
    store: false,
    usage,
    ...extra,
  };
}

function responsesUsage(tally: TokenTally, reply: ShapedReply, ctx: WireContext): Json {
  const u = usageOf(tally, reply, ctx);
  return {
    input_tokens: u.prompt_tokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: u.completion_tokens,
    output_tokens_details: { reasoning_tokens: u.completion_tokens_details.reasoning_tokens },
    total_tokens: u.total_tokens,
  };
}

/** The SSE body as frames, made as they are read; `done` gets the final response object. */
export function* responsesFrames(
  reply: ShapedReply,
  ctx: ResponsesContext,
  ledger: WireHistoryLedger,
  done?: (response: Json) => void,
): Generator<Frame, void, undefined> {
  const plan = planBody(reply, ctx);
  const writer = new ItemWriter(ctx, ledger);
  if (ctx.fault === 'slow-first-token') yield { text: ': keep-alive\n\n', delayMs: 0 };
  yield {
    text: writer.event({ type: 'response.created', response: responseObject(ctx, 'in_progress', [], null) }),
    delayMs: 0,
  };
  yield {
    text: writer.event({ type: 'response.in_progress', response: responseObject(ctx, 'in_progress', [], null) }),
    delayMs: 0,
  };
  const tally = new TokenTally();
  let first = true;
  const firstWait = ctx.firstTokenMs + (ctx.fault === 'slow-first-token' ? ctx.slowFirstTokenMs : 0);
  // Hidden thinking (a tokens-only profile): a reasoning item with an empty summary.
  if (reply.reasoning === '' && reply.hiddenReasoningTokens > 0 && plan.limit !== 0) {
    yield { text: writer.reasoning(false), delayMs: firstWait };
    first = false;
  }
  for (const p of sentPieces(reply, plan)) {
    tally.add(p);
    yield { text: writer.piece(p), delayMs: first ? firstWait : isToken(p) ? ctx.tokenMs : 0 };
    first = false;
  }
  if (plan.ending === 'cut') return;
  if (plan.ending === 'error') {
    const error = {
      code: 'server_error',
      message: 'The server had an error while processing your request. Sorry about that!',
      param: null,
    };
    yield { text: writer.event({ type: 'error', ...error }), delayMs: ctx.tokenMs };
    return;
  }
  if (plan.ending === 'malformed') {
    yield {
      text: 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"lost\n\n',
      delayMs: ctx.tokenMs,
    };
    return;
  }
  const end = writer.close();
  if (end !== '') yield { text: end, delayMs: 0 };
  const usage = ctx.includeUsage ? responsesUsage(tally, reply, ctx) : null;
  const length = plan.finishReason === 'length';
  const response = length
    ? responseObject(ctx, 'incomplete', writer.output, usage, { incomplete_details: { reason: 'max_output_tokens' } })
    : responseObject(ctx, 'completed', writer.output, usage);
  done?.(response);
  yield {
    text: writer.event({ type: length ? 'response.incomplete' : 'response.completed', response }),
    delayMs: ctx.tokenMs + ctx.usageDelayMs,
  };
}

/** The non-streamed body: the response object the frames end with. */
export function responsesBody(reply: ShapedReply, ctx: ResponsesContext, ledger: WireHistoryLedger): Json {
  let response: Json = {};
  for (const frame of responsesFrames(
    reply,
    { ...ctx, fault: undefined, includeUsage: true },
    ledger,
    (r) => (response = r),
  ))
    void frame;
  return response;
}
