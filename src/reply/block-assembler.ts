// Stream events -> blocks: one leading reasoning block from the reasoning deltas, the `content`
// text through the tag parser (so inline <think> is reasoning too), then native tool calls.
// Each push costs O(delta + number of blocks): text is only appended, never re-scanned; a native
// call's delta costs O(delta) amortized (the blocks are composed every blocks/32 such deltas).
import type { AssistantMessageContent, ReasoningStreamContent } from '../parser/blocks.js';
import { createStreamParser } from '../parser/index.js';
import type { Protocol } from '../protocol/define-protocol.js';
import { clineThinkProtocol } from '../protocol/cline-protocol.js';
import { createNativeToolCalls } from './native-tool-calls.js';
import type { ChatStreamEvent, ChatToolCall, ChatUsage } from '../wire/types.js';
import { mergeReasoningDetails } from '../wire/reasoning-details.js';
import { errorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';

/** Options of {@link createBlockAssembler}. */
export interface BlockAssemblerOptions {
  /** Tag vocabulary for `content`. Default: `clineThinkProtocol` (Cline's tools plus `think`). */
  protocol?: Protocol;
  /** Prefix of tag tool uses' `call_id` (and of native calls that came without an id). Default `'call'`. */
  idPrefix?: string;
  /** The content starts inside a reasoning tag (templates that put `<think>` in the prompt). */
  startInReasoning?: boolean;
}

/** Stream events in, blocks out; see {@link createBlockAssembler}. */
export interface BlockAssembler {
  /** Current blocks after this event. */
  push(event: ChatStreamEvent): AssistantMessageContent[];
  /** Final blocks. `truncated`: the stream was cut off, so native tool calls stay partial. */
  end(options?: { truncated?: boolean }): AssistantMessageContent[];
  /** The latest answer of push or end. */
  readonly blocks: AssistantMessageContent[];
  /** All `content` text so far: what the history keeps. */
  readonly content: string;
  /** All reasoning text so far (sent back only where the model's history rule asks for it). */
  readonly reasoning: string;
  /** OpenRouter's `reasoning_details` so far, merged by index, entries as they came (empty when none came). */
  readonly reasoningDetails: readonly unknown[];
  /** Native tool calls so far (id, name, arguments), in index order. */
  readonly toolCalls: ChatToolCall[];
  /** The provider's usage, once its `usage` chunk arrived. */
  readonly usage: ChatUsage | undefined;
  /** The reply's finish_reason, once it arrived. */
  readonly finishReason: string | undefined;
}

const BLOCK_ASSEMBLER_ERROR = /* @__PURE__ */ errorMarker('BlockAssemblerError');

/** Thrown by push after end: the events would otherwise be lost without a word. */
export class BlockAssemblerError extends Error {
  override readonly name = 'BlockAssemblerError';
  readonly code = 'ended' as const;

  /** True for a BlockAssemblerError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is BlockAssemblerError {
    return isMarkedInstance(this, BlockAssemblerError, BLOCK_ASSEMBLER_ERROR, value);
  }

  constructor(message: string) {
    super(message);
    markError(this, BLOCK_ASSEMBLER_ERROR);
  }
}

/** Finish reasons that mean the reply was cut off: its native tool calls must not run. */
const CUT_OFF_REASONS = new Set(['length', 'content_filter', 'error']);

const NON_WHITESPACE = /\S/;

/** Up to this many native calls every delta composes the blocks; past it, every (blocks / 32) deltas. */
const DEFER_FROM_BLOCKS = 32;

/**
 * Turns a reply's stream events into blocks: one leading reasoning block from the reasoning
 * deltas, the `content` text through the tag parser (so an inline `<think>` is reasoning too),
 * then the native tool calls, shown while their JSON arguments stream and complete only at a
 * finish_reason that is not a cut-off (or a normal end). Each push costs O(delta + blocks).
 * Throws a {@link BlockAssemblerError} for a push after `end()`.
 *
 * @example
 * ```ts
 * import { createChatClient, createBlockAssembler } from 'agent-turn';
 *
 * const client = createChatClient({ baseURL: 'https://api.example.com/v1', apiKey: process.env.OPENAI_API_KEY });
 * const blocks = createBlockAssembler(); // Cline's tools + <think>
 * for await (const event of client.stream({ model: 'glm-5.1', messages: [{ role: 'user', content: 'Hi' }] })) {
 *   render(blocks.push(event)); // a leading reasoning block, then text / tool_use blocks
 * }
 * render(blocks.end());
 * ```
 */
export function createBlockAssembler(options: BlockAssemblerOptions = {}): BlockAssembler {
  const idPrefix = options.idPrefix ?? 'call';
  const parser = createStreamParser({
    protocol: options.protocol ?? clineThinkProtocol,
    idPrefix,
    startInReasoning: options.startInReasoning,
  });
  const native = createNativeToolCalls((index) => `${idPrefix}_native_${index}`);

  let content = '';
  let reasoning = '';
  let reasoningDetails: readonly unknown[] = [];
  /** Reasoning as the block shows it: leading whitespace dropped as it arrives. */
  let shownReasoning = '';
  let reasoningBlock: ReasoningStreamContent | undefined;
  /** The leading reasoning block still grows; it closes when the answer or a tool call starts. */
  let reasoningOpen = true;
  let parserBlocks: readonly AssistantMessageContent[] = [];
  let blocks: AssistantMessageContent[] = [];
  let usage: ChatUsage | undefined;
  let finishReason: string | undefined;
  let ended = false;

  function closeReasoning(): boolean {
    if (!reasoningOpen) return false;
    reasoningOpen = false;
    if (reasoningBlock === undefined) return false;
    // trimEnd scans the reasoning once, when the block completes.
    reasoningBlock = { type: 'reasoning', reasoning: shownReasoning.trimEnd(), partial: false };
    return true;
  }

  function compose(): AssistantMessageContent[] {
    const out: AssistantMessageContent[] = reasoningBlock === undefined ? [] : [reasoningBlock];
    for (const b of parserBlocks) out.push(b);
    for (const b of native.blocks) out.push(b);
    blocks = out;
    deferred = 0;
    return out;
  }

  /** Native-call deltas since the blocks were last composed without composing them. */
  let deferred = 0;
  /**
   * After a native call's delta. The calls stay partial until the stream's end, so nothing acts on
   * them meanwhile: with many calls the blocks are composed again only every (blocks / 32) deltas,
   * which keeps a reply of K calls O(K) in all (a hostile model's 40,000 tiny calls) while a reply
   * of up to 32 calls shows every delta. The stream's end (and any text or reasoning) always composes.
   */
  function composeAfterToolDelta(): AssistantMessageContent[] {
    if (native.size <= DEFER_FROM_BLOCKS) return compose();
    deferred++;
    if (deferred * DEFER_FROM_BLOCKS >= blocks.length) return compose();
    return blocks;
  }

  function push(event: ChatStreamEvent): AssistantMessageContent[] {
    if (ended) throw new BlockAssemblerError(`push(${event.type}) after end(): the assembler is finished`);
    switch (event.type) {
      case 'reasoning': {
        reasoning += event.text;
        // Reasoning after the answer started stays in `reasoning`; the block is the leading one only.
        if (!reasoningOpen) return blocks;
        const text = shownReasoning === '' ? event.text.trimStart() : event.text;
        if (text === '') return blocks;
        shownReasoning += text;
        reasoningBlock = { type: 'reasoning', reasoning: shownReasoning, partial: true };
        return compose();
      }
      case 'text':
        content += event.text;
        // Whitespace between reasoning and answer does not end the reasoning.
        if (reasoningOpen && NON_WHITESPACE.test(event.text)) closeReasoning();
        parserBlocks = parser.push(event.text);
        return compose();
      case 'tool-call': {
        const closed = closeReasoning();
        native.push(event.index, event.id, event.name, event.argumentsDelta, event.extraContent);
        return closed ? compose() : composeAfterToolDelta();
      }
      case 'reasoning-details':
        reasoningDetails = mergeReasoningDetails(reasoningDetails, event.details);
        return blocks;
      case 'usage':
        usage = event.usage;
        return blocks;
      case 'finish': {
        finishReason = event.reason;
        const changed = closeReasoning();
        if (!CUT_OFF_REASONS.has(event.reason) && native.size > 0) {
          native.complete();
          return compose();
        }
        return changed ? compose() : blocks;
      }
      default:
        return blocks;
    }
  }

  function end(endOptions: { truncated?: boolean } = {}): AssistantMessageContent[] {
    if (ended) return blocks;
    ended = true;
    closeReasoning();
    const cutOff = endOptions.truncated === true || (finishReason !== undefined && CUT_OFF_REASONS.has(finishReason));
    // only a normal end lets a call whose end marker the server stripped count as closed
    parserBlocks = parser.end({ finishReason: cutOff ? undefined : finishReason });
    if (!cutOff) native.complete();
    return compose();
  }

  return {
    push,
    end,
    get blocks() {
      return blocks;
    },
    get content() {
      return content;
    },
    get reasoning() {
      return reasoning;
    },
    get reasoningDetails() {
      return reasoningDetails;
    },
    get toolCalls() {
      return native.toolCalls;
    },
    get usage() {
      return usage;
    },
    get finishReason() {
      return finishReason;
    },
  };
}
