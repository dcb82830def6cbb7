// Stream events -> blocks: one leading reasoning block from the reasoning deltas, the `content`
// text through the tag parser (so inline <think> is reasoning too), then native tool calls.
// Each push costs O(delta + number of blocks): text is only appended, never re-scanned; a native
// call's delta costs O(delta) amortized (the blocks are composed every blocks/32 such deltas).
import type { AssistantMessageContent } from '../parser/blocks.js';
import { createStreamParser } from '../parser/index.js';
import type { Protocol } from '../protocol/define-protocol.js';
import { clineThinkProtocol } from '../protocol/cline-protocol.js';
import { createNativeToolCalls } from './native-tool-calls.js';
import { createComposedBlocks } from './composed-blocks.js';
import { createLeadingReasoning } from './leading-reasoning.js';
import type { ChatStreamEvent, ChatToolCall, ChatUsage } from '../wire/types.js';
import { mergeReasoningDetails } from '../wire/reasoning-details.js';
import { AgentTurnError } from '../errors/agent-turn-error.js';

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

/** Thrown by push after end: the events would otherwise be lost without a word. */
export class BlockAssemblerError extends AgentTurnError<'ended'> {
  static override readonly errorName: string = 'BlockAssemblerError';

  constructor(message: string) {
    super('ended', message);
  }
}

/** Finish reasons that mean the reply was cut off: its native tool calls must not run. */
const CUT_OFF_REASONS = new Set(['length', 'content_filter', 'error']);

const NON_WHITESPACE = /\S/;

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

  const reasoningBlock = createLeadingReasoning();
  const composed = createComposedBlocks(reasoningBlock, native);
  const compose = composed.compose;

  let content = '';
  let reasoning = '';
  let reasoningDetails: readonly unknown[] = [];
  let usage: ChatUsage | undefined;
  let finishReason: string | undefined;
  let ended = false;

  function push(event: ChatStreamEvent): AssistantMessageContent[] {
    if (ended) throw new BlockAssemblerError(`push(${event.type}) after end(): the assembler is finished`);
    switch (event.type) {
      case 'reasoning':
        reasoning += event.text;
        // Reasoning after the answer started stays in `reasoning`; the block is the leading one only.
        return reasoningBlock.add(event.text) ? compose() : composed.blocks;
      case 'text':
        content += event.text;
        // Whitespace between reasoning and answer does not end the reasoning.
        if (reasoningBlock.open && NON_WHITESPACE.test(event.text)) reasoningBlock.close();
        composed.parserBlocks = parser.push(event.text);
        return compose();
      case 'tool-call': {
        const closed = reasoningBlock.close();
        native.push(event.index, event.id, event.name, event.argumentsDelta, event.extraContent);
        return closed ? compose() : composed.composeAfterToolDelta();
      }
      case 'reasoning-details':
        reasoningDetails = mergeReasoningDetails(reasoningDetails, event.details);
        return composed.blocks;
      case 'usage':
        usage = event.usage;
        return composed.blocks;
      case 'finish': {
        finishReason = event.reason;
        const changed = reasoningBlock.close();
        if (!CUT_OFF_REASONS.has(event.reason) && native.size > 0) {
          native.complete();
          return compose();
        }
        return changed ? compose() : composed.blocks;
      }
      default:
        return composed.blocks;
    }
  }

  function end(endOptions: { truncated?: boolean } = {}): AssistantMessageContent[] {
    if (ended) return composed.blocks;
    ended = true;
    reasoningBlock.close();
    const cutOff = endOptions.truncated === true || (finishReason !== undefined && CUT_OFF_REASONS.has(finishReason));
    // only a normal end lets a call whose end marker the server stripped count as closed
    composed.parserBlocks = parser.end({ finishReason: cutOff ? undefined : finishReason });
    if (!cutOff) native.complete();
    return compose();
  }

  return {
    push,
    end,
    get blocks() {
      return composed.blocks;
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
