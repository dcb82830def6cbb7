// The current reply's block assembler, made safe to keep in machine context.
//
// The assembler is stateful, but XState (and @xstate/graph, and time-travelling inspectors) may
// compute several next snapshots from one snapshot. So the context records how many events its
// snapshot absorbed (`replyEventCount`); when the shared assembler has moved past that point (another
// branch pushed or ended it), a fresh one is rebuilt from the event log. In a plain run every
// snapshot is the newest one, so nothing is ever rebuilt.
//
// The log does not hold the text twice: a text or reasoning delta is logged as where it ends in
// the assembler's own `content` / `reasoning`, which only ever grow at their end, so any earlier
// event count finds its text there (a 60 MB reply costs 60 MB here, not 120).
import type { AssistantMessageContent } from '../../src/parser/blocks.js';
import type { Protocol } from '../../src/protocol/define-protocol.js';
import { createBlockAssembler, type BlockAssembler } from '../../src/reply/block-assembler.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

export interface ReplyAssemblyOptions {
  protocol: Protocol;
  idPrefix: string;
  startInReasoning: boolean;
}

/** A logged event: a text or reasoning delta as the offset where it ends in the assembler's text. */
type LoggedEvent =
  | Exclude<ChatStreamEvent, { type: 'text' | 'reasoning' }>
  | { span: 'text' | 'reasoning'; end: number };

/** Opaque: read it through the functions below. */
export interface ReplyAssembly {
  readonly options: ReplyAssemblyOptions;
  readonly log: readonly LoggedEvent[];
  readonly assembler: BlockAssembler;
  /** Set once ended: whether the end was a truncated one (answers differ for native calls). */
  readonly ended: false | { truncated: boolean };
}

interface MutableReplyAssembly {
  options: ReplyAssemblyOptions;
  log: LoggedEvent[];
  assembler: BlockAssembler;
  ended: false | { truncated: boolean };
}

/** The first `count` events of the assembly's log as they arrived (texts read back from the assembler). */
export function replyEvents(assembly: ReplyAssembly, count: number): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  // Stryker disable next-line ObjectLiteral: slice(undefined, end) starts at 0 too, and each span sets its own start after its first use
  const from = { text: 0, reasoning: 0 };
  for (const entry of assembly.log.slice(0, count)) {
    if (!('span' in entry)) {
      events.push(entry);
      continue;
    }
    const whole = entry.span === 'text' ? assembly.assembler.content : assembly.assembler.reasoning;
    events.push({ type: entry.span, text: whole.slice(from[entry.span], entry.end) });
    from[entry.span] = entry.end;
  }
  return events;
}

export function createReplyAssembly(options: ReplyAssemblyOptions): ReplyAssembly {
  return { options, log: [], assembler: createBlockAssembler(options), ended: false };
}

/**
 * The assembly as it was after `eventCount` events, forked if another branch moved it on or ended it
 * (`endedAs`: an end of this kind may be shared, being the same answer).
 */
function at(assembly: ReplyAssembly, eventCount: number, endedAs?: { truncated: boolean }): MutableReplyAssembly {
  const reusable =
    assembly.ended === false || (endedAs !== undefined && assembly.ended.truncated === endedAs.truncated);
  if (assembly.log.length === eventCount && reusable) return assembly as MutableReplyAssembly;
  const log = assembly.log.slice(0, eventCount);
  const assembler = createBlockAssembler(assembly.options);
  for (const event of replyEvents(assembly, eventCount)) assembler.push(event);
  return { options: assembly.options, log, assembler, ended: false };
}

export interface Absorbed {
  assembly: ReplyAssembly;
  /** Events absorbed so far: the position to pass back in with this assembly. */
  eventCount: number;
  blocks: AssistantMessageContent[];
}

/**
 * Adds stream events; answers the blocks after them. Runs of text (or reasoning) deltas in one
 * batch are pushed as one delta: the parser's answer does not depend on chunking, and one push
 * per network read costs far less than one per token.
 */
export function absorbEvents(
  assembly: ReplyAssembly,
  eventCount: number,
  events: readonly ChatStreamEvent[],
): Absorbed {
  const next = at(assembly, eventCount);
  let blocks = next.assembler.blocks;
  for (let i = 0; i < events.length; ) {
    let event = events[i++];
    if (event.type === 'text' || event.type === 'reasoning') {
      const type = event.type;
      let text = event.text;
      while (i < events.length && events[i].type === type) text += (events[i++] as { text: string }).text;
      if (text !== event.text) event = { type, text };
    }
    blocks = next.assembler.push(event);
    if (event.type === 'text') next.log.push({ span: 'text', end: next.assembler.content.length });
    else if (event.type === 'reasoning') next.log.push({ span: 'reasoning', end: next.assembler.reasoning.length });
    else next.log.push(event);
  }
  return { assembly: next, eventCount: next.log.length, blocks };
}

export interface EndedReply extends Absorbed {
  content: string;
  reasoning: string;
  reasoningDetails: BlockAssembler['reasoningDetails'];
  toolCalls: BlockAssembler['toolCalls'];
  usage: BlockAssembler['usage'];
  finishReason: string | undefined;
}

/** The final blocks: text and reasoning complete; with `truncated`, unfinished tool calls stay partial. */
export function endReply(assembly: ReplyAssembly, eventCount: number, truncated: boolean): EndedReply {
  // Ending twice alike (the stream ended, then the reply is closed) answers the first end.
  const next = at(assembly, eventCount, { truncated });
  const blocks = next.ended ? next.assembler.blocks : next.assembler.end({ truncated });
  next.ended = { truncated };
  const a = next.assembler;
  return {
    assembly: next,
    eventCount,
    blocks,
    content: a.content,
    reasoning: a.reasoning,
    reasoningDetails: a.reasoningDetails,
    toolCalls: a.toolCalls,
    usage: a.usage,
    finishReason: a.finishReason,
  };
}
