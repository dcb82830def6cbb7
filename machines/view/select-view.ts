// The one view model of a snapshot (see turn-view-types.ts): request numbers, block keys, tool
// statuses (ready and cut-off included), token totals and the phase are decided here, once, for
// every renderer.
import type { SnapshotFrom } from 'xstate';
import type { AssistantMessageContent, ToolUse } from '../../src/parser/blocks.js';
import { estimateTokens } from '../../src/wire/estimate-tokens.js';
import type { AgentTurnMachine } from '../machine/agent-turn-machine.js';
import type { ToolOutcome, TurnRequest, TurnUsage } from '../machine/agent-turn-types.js';
import { phaseOf } from './turn-phase.js';
import { skippedToolText } from '../machine/turn-notes.js';
import type { StopCause } from '../machine/turn-context-types.js';
import type {
  AgentTurnView,
  BlockPlace,
  BlockView,
  ContextView,
  ErrorView,
  RequestView,
  SettledBlockView,
  TokenTotals,
  ToolState,
} from './turn-view-types.js';
import type { AgentTurnContext } from '../machine/turn-context-types.js';
import { budgetOf, promptSizeOf } from '../machine/context-fit.js';

export { estimateTokens };

/** What a reply's blocks are read against: its outcomes, whether its stream ended, the turn's completion tool. */
interface ReplySource {
  index: number;
  number: number;
  blocks: readonly AssistantMessageContent[];
  outcomes: Record<string, ToolOutcome>;
  /** The stream is over: a tool use still partial will never complete. */
  streamEnded: boolean;
  finishReason: string | undefined;
  stoppedBy: StopCause | undefined;
  /** The provider's reasoning count for this reply, once reported. */
  reasoningTokens: number | undefined;
  completionTool: string;
}

function toolState(tool: ToolUse, outcome: ToolOutcome | undefined, r: ReplySource): ToolState {
  switch (outcome?.status) {
    case 'awaiting-approval':
    case 'running':
      return { status: outcome.status };
    case 'done':
      // Stryker disable next-line StringLiteral: an outcome that is done always carries its content
      return { status: 'done', result: outcome.content ?? '', isError: false };
    case 'error':
    case 'rejected':
    case 'skipped':
    case 'cut-off':
      // Stryker disable next-line StringLiteral: a settled outcome always carries its content
      return { status: outcome.status, result: outcome.content ?? '', isError: true };
  }
  if (!tool.partial) return { status: 'ready' };
  if (!r.streamEnded) return { status: 'streaming' };
  // The stream is over and the tool's end never came. An end on its own recorded it cut off
  // (cutOffAtEnd in close-reply.ts); with no outcome, a stop of ours came first (one tool per
  // message, a rejection, the completion), and closing the reply will record it skipped.
  return { status: 'skipped', result: skippedToolText(r.stoppedBy), isError: true };
}

/**
 * Keys: prose by position (new blocks only ever go after it), a tool use by its call_id (native
 * calls stay last while the text before them grows, so their position moves). A repeated call_id
 * (a provider's fault) gets its position added, so keys stay unique.
 */
function blockKeys(blocks: readonly AssistantMessageContent[], index: number): string[] {
  const used = new Set<string>();
  return blocks.map((block, position) => {
    let key = block.type === 'tool_use' ? `${index}:${block.call_id}` : `${index}:${position}`;
    // Stryker disable next-line ConditionalExpression,StringLiteral: call ids come here unique (native repeats are renamed, tag ids numbered); this keeps keys unique should that change
    if (used.has(key)) key = `${key}#${position}`;
    used.add(key);
    return key;
  });
}

function blockViews(r: ReplySource): BlockView[] {
  const keys = blockKeys(r.blocks, r.index);
  const views = new Array<BlockView>(r.blocks.length);
  for (let i = 0; i < views.length; i++) views[i] = viewOnce(r.blocks[i], keys[i], r);
  return views;
}

/** What a block's view was made from, besides the block itself (which parser objects never change). */
interface MadeFrom {
  key: string;
  number: number;
  outcome: ToolOutcome | undefined;
  streamEnded: boolean;
  stoppedBy: StopCause | undefined;
  reasoningTokens: number | undefined;
  completionTool: string;
  view: BlockView;
}

/**
 * The last view made of each parser block. A complete block is the same parser object in every
 * later answer: when what its view is made from is the same too, the view is not made again (one
 * streamed chunk then costs a view of the growing block only); when it is made again and has not
 * changed, the earlier view object is returned, so a renderer can compare blocks by identity
 * (React's memo) and redraw only what changed.
 */
const lastViews = new WeakMap<AssistantMessageContent, MadeFrom>();

function viewOnce(block: AssistantMessageContent, key: string, r: ReplySource): BlockView {
  // Stryker disable next-line ConditionalExpression: prose has no call_id, and outcomes has no "undefined" key
  const outcome = block.type === 'tool_use' ? r.outcomes[block.call_id] : undefined;
  const before = lastViews.get(block);
  if (
    // Stryker disable next-line ConditionalExpression: a cache: a view made again equal to the last is the last (shallowEqual below)
    before !== undefined &&
    before.key === key &&
    before.number === r.number &&
    before.outcome === outcome &&
    before.streamEnded === r.streamEnded &&
    before.stoppedBy === r.stoppedBy &&
    before.reasoningTokens === r.reasoningTokens &&
    before.completionTool === r.completionTool
  )
    return before.view;
  const made = blockView(block, key, r);
  const view = before !== undefined && shallowEqual(before.view, made) ? before.view : made;
  lastViews.set(block, {
    key,
    number: r.number,
    outcome,
    streamEnded: r.streamEnded,
    stoppedBy: r.stoppedBy,
    reasoningTokens: r.reasoningTokens,
    completionTool: r.completionTool,
    view,
  });
  return view;
}

function shallowEqual(a: object, b: object): boolean {
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (k) => Object.hasOwn(b, k) && Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

function blockView(block: AssistantMessageContent, key: string, r: ReplySource): BlockView {
  const place: BlockPlace = { key, request: r.number };
  const status = block.partial ? 'streaming' : 'complete';
  if (block.type === 'text') return { ...place, type: 'text', content: block.content, status };
  if (block.type === 'reasoning') {
    // Stryker disable next-line ConditionalExpression: undefined > 0 is false too; the first test is for the type checker
    const reported = r.reasoningTokens !== undefined && r.reasoningTokens > 0 && !block.partial;
    const tokens = reported ? (r.reasoningTokens as number) : estimateTokens(block.reasoning);
    return { ...place, type: 'reasoning', reasoning: block.reasoning, tokens, estimated: !reported, status };
  }
  return {
    ...place,
    type: 'tool_use',
    name: block.name,
    params: block.params,
    call_id: block.call_id,
    isNativeToolCall: block.isNativeToolCall === true,
    ...(block.dialect !== undefined ? { dialect: block.dialect } : {}),
    isCompletion: block.name === r.completionTool,
    ...toolState(block, r.outcomes[block.call_id], r),
  };
}

function errorView(error: { code: string; message: string; status?: number } | undefined): ErrorView | undefined {
  if (error === undefined) return undefined;
  return {
    code: error.code,
    message: error.message,
    ...(typeof error.status === 'number' ? { status: error.status } : {}),
  };
}

/**
 * The view of each recorded request, made once: a recorded request never changes, so every later
 * snapshot gets the same RequestView object (a view costs the current reply's blocks, not the
 * whole turn's, and renderers can compare requests by identity).
 */
const recordedViews = new WeakMap<
  TurnRequest,
  { number: number; completionTool: string; retried: boolean; view: RequestView }
>();

function recordedViewOnce(r: TurnRequest, number: number, completionTool: string, retried: boolean): RequestView {
  const cached = recordedViews.get(r);
  if (
    cached !== undefined &&
    // Stryker disable next-line ConditionalExpression: a recorded request's number never changes, and a turn's completion tool neither; checked in case a caller mixes turns
    cached.number === number &&
    // Stryker disable next-line ConditionalExpression: as above
    cached.completionTool === completionTool &&
    cached.retried === retried
  )
    return cached.view;
  const view = recordedView(r, number, completionTool, retried);
  recordedViews.set(r, { number, completionTool, retried, view });
  return view;
}

function recordedView(r: TurnRequest, number: number, completionTool: string, retried: boolean): RequestView {
  // Reasoning counts shown as the provider's only when they are (an estimate stays marked as one).
  const reported = r.usage !== undefined && !r.usage.estimated ? r.usage : undefined;
  const outcomes: Record<string, ToolOutcome> = {};
  for (const t of r.toolResults) outcomes[t.call_id] = { status: t.status, content: t.content, isError: t.isError };
  const source: ReplySource = {
    index: r.index,
    number,
    blocks: r.blocks,
    outcomes,
    // Stryker disable next-line BooleanLiteral: every tool use of a recorded request has its outcome, so this is never read
    streamEnded: true,
    finishReason: r.finishReason,
    stoppedBy: undefined,
    reasoningTokens: reported?.reasoningTokens,
    completionTool,
  };
  const hidden = reported?.reasoningTokens;
  const showsReasoning = r.blocks.some((b) => b.type === 'reasoning');
  const error = errorView(r.error);
  return {
    key: String(r.index),
    index: r.index,
    number,
    attempt: r.attempt,
    status: r.status,
    blocks: blockViews(source),
    retried,
    // Stryker disable next-line ConditionalExpression: undefined > 0 is false too; the test is for the type checker
    ...(!showsReasoning && hidden !== undefined && hidden > 0 ? { hiddenReasoningTokens: hidden } : {}),
    ...(r.finishReason !== undefined ? { finishReason: r.finishReason } : {}),
    ...(r.usage !== undefined ? { usage: r.usage } : {}),
    ...(error !== undefined ? { error } : {}),
  };
}

/**
 * The recorded requests' usage (the provider's, or an estimate where it sent none), plus — while a
 * reply streams — a count of its text so far; `estimated` when any part is an estimate.
 */
function tokenTotals(usage: TurnUsage, open: RequestView | undefined): TokenTotals {
  let total = usage.totalTokens;
  let reasoning = usage.reasoningTokens ?? 0;
  let estimated = usage.estimated;
  for (const b of open?.blocks ?? []) {
    let tokens = 0;
    if (b.type === 'reasoning') {
      reasoning += b.tokens;
      tokens = b.tokens;
    } else if (b.type === 'text') tokens = estimateTokens(b.content);
    else for (const value of Object.values(b.params)) tokens += estimateTokens(value);
    total += tokens;
    if (tokens > 0) estimated = true;
  }
  return { total, reasoning, estimated };
}

function thousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function truncationSummary(dropped: number, before: number, after: number, afterError: boolean): string {
  const what = `${dropped} earlier message${dropped === 1 ? '' : 's'}`;
  const why = afterError ? 'the model said the prompt was too long, so' : 'to fit the context window,';
  const sentence = `${why} ${what} ${dropped === 1 ? 'was' : 'were'} removed (about ${thousands(before)} → ${thousands(after)} tokens).`;
  return sentence[0].toUpperCase() + sentence.slice(1);
}

/** What a context view was made from: the same inputs give the same view object. */
interface ContextMadeFrom {
  // (The tool definitions count too, but promptEstimateOf keeps one estimate per history array.)
  messages: AgentTurnContext['messages'];
  promptMeasure: AgentTurnContext['promptMeasure'];
  options: AgentTurnContext['options'];
  requestOptions: AgentTurnContext['requestOptions'];
  droppedMessages: number;
  // Where each cut is placed: the requests' numbers, which these decide.
  requests: AgentTurnContext['requests'];
  attempt: number;
  replyOpen: boolean;
  view: ContextView;
}

/** The last context view made for each truncations array (a turn's is replaced, never changed). */
const contextViews = new WeakMap<AgentTurnContext['truncations'], ContextMadeFrom>();

/** contextView, made again only when what it reads changed (it is read on every snapshot). */
function contextViewOnce(c: AgentTurnContext, requests: readonly RequestView[], current: number): ContextView {
  const before = contextViews.get(c.truncations);
  if (
    before !== undefined &&
    before.messages === c.messages &&
    before.promptMeasure === c.promptMeasure &&
    before.options === c.options &&
    before.requestOptions === c.requestOptions &&
    before.droppedMessages === c.droppedMessages &&
    before.requests === c.requests &&
    before.attempt === c.attempt &&
    before.replyOpen === c.replyOpen
  )
    return before.view;
  const view = contextView(c, requests, current);
  contextViews.set(c.truncations, {
    messages: c.messages,
    promptMeasure: c.promptMeasure,
    options: c.options,
    requestOptions: c.requestOptions,
    droppedMessages: c.droppedMessages,
    requests: c.requests,
    attempt: c.attempt,
    replyOpen: c.replyOpen,
    view,
  });
  return view;
}

/** The window, the prompt's size and every cut, each placed at the number of the request it preceded. */
function contextView(c: AgentTurnContext, requests: readonly RequestView[], current: number): ContextView {
  const size = promptSizeOf(c);
  return {
    window: c.options.contextWindow,
    budget: budgetOf(c),
    tokens: size.tokens,
    estimated: size.estimated,
    droppedMessages: c.droppedMessages,
    truncations: c.truncations.map((t) => ({
      request: requests[t.beforeRequest]?.number ?? current,
      requestIndex: t.beforeRequest,
      summary: truncationSummary(t.dropped, t.tokensBefore, t.tokensAfter, t.afterError),
      dropped: t.dropped,
      tokensBefore: t.tokensBefore,
      tokensAfter: t.tokensAfter,
      afterError: t.afterError,
    })),
  };
}

// `state.sub` paths made once each: a snapshot's value is a new object every time, its path rarely new.
const subPaths = new Map<string, Map<string, string>>();

function subPath(state: string, sub: string): string {
  let subs = subPaths.get(state);
  // Stryker disable next-line ConditionalExpression: a cache: a new map each time gives the same path
  if (subs === undefined) subPaths.set(state, (subs = new Map()));
  let path = subs.get(sub);
  // Stryker disable next-line ConditionalExpression: a cache: making the path again gives the same string
  if (path === undefined) subs.set(sub, (path = `${state}.${sub}`));
  return path;
}

/** A snapshot's value as a dotted path: `{ request: 'streaming' }` -> `request.streaming`. */
export function stateValueToPath(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  let path = '';
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const sub = (value as Record<string, unknown>)[key];
    // Stryker disable next-line ConditionalExpression: the string case is a cached fast path of the other
    const part = typeof sub === 'string' ? subPath(key, sub) : `${key}.${stateValueToPath(sub)}`;
    path = path === '' ? part : `${path},${part}`;
  }
  return path;
}

/**
 * The view of a snapshot: what every renderer (React, DOM, terminal) reads, plain data, no XState
 * — the phase, the request number, every request with its blocks (stable keys, tool statuses from
 * `streaming` and `ready` to `done` or `cut-off`, results once settled) and the token totals. Call
 * it on every snapshot: a block whose view has not changed is the same object as in the previous
 * view (compare blocks by identity to redraw only what changed).
 *
 * @example
 * ```ts
 * import { createAgentTurnActor, selectView } from 'agent-turn';
 *
 * const actor = createAgentTurnActor({ client, model: 'glm-5.1', messages, tools, approval: true });
 * actor.subscribe((snapshot) => {
 *   const view = selectView(snapshot);
 *   for (const block of view.blocks) {
 *     if (block.type === 'tool_use' && 'result' in block) console.log(block.key, block.name, block.status, block.result);
 *   }
 *   if (view.phase === 'awaiting-approval') actor.send({ type: 'APPROVE' });
 * });
 * actor.start();
 * ```
 */
export function selectView(snapshot: SnapshotFrom<AgentTurnMachine>): AgentTurnView {
  const c = (snapshot as { context?: AgentTurnContext } | null | undefined)?.context;
  if (typeof c !== 'object' || c === null || typeof c.options !== 'object')
    throw Object.assign(
      new TypeError(
        `selectView: expected a snapshot of the agent-turn machine (actor.getSnapshot()), got ${snapshot === null ? 'null' : typeof snapshot === 'object' ? 'an object without the turn’s context' : typeof snapshot}`,
      ),
      { code: 'invalid-snapshot' as const },
    );
  const completionTool = c.options.completionTool;
  const requests: RequestView[] = [];
  let number = 0;
  for (let i = 0; i < c.requests.length; i++) {
    const r = c.requests[i];
    if (r.attempt === 0) number++;
    // A failed attempt that another one follows was retried; the last failure is the turn's own error.
    const nextAttempt = i + 1 < c.requests.length ? c.requests[i + 1].attempt : c.replyOpen ? c.attempt : 0;
    requests.push(recordedViewOnce(r, Math.max(1, number), completionTool, r.status === 'failed' && nextAttempt > 0));
  }
  let blocks: RequestView['blocks'];
  let open: RequestView | undefined;
  if (c.replyOpen) {
    if (c.attempt === 0) number++;
    const index = c.requests.length;
    const source: ReplySource = {
      index,
      number: Math.max(1, number),
      blocks: c.blocks,
      outcomes: c.toolOutcomes,
      streamEnded: c.streamEnded,
      finishReason: c.finishReason,
      stoppedBy: c.stoppedBy,
      reasoningTokens: undefined,
      completionTool,
    };
    blocks = blockViews(source);
    open = {
      key: String(index),
      index,
      number: source.number,
      attempt: c.attempt,
      status: 'streaming',
      blocks,
      retried: false,
    };
    requests.push(open);
  } else {
    blocks = requests.at(-1)?.blocks ?? [];
  }
  const error = errorView(c.error);
  const waiting = snapshot.hasTag('retrying') ? c.retryWait : undefined;
  return {
    state: stateValueToPath(snapshot.value),
    phase: phaseOf(snapshot),
    request: Math.max(1, number),
    requests,
    blocks,
    currentStreamingContentIndex: c.currentStreamingContentIndex,
    usage: c.usage,
    tokens: tokenTotals(c.usage, open),
    ...(waiting !== undefined ? { retry: { attempt: c.attempt, ...waiting } } : {}),
    context: contextViewOnce(c, requests, Math.max(1, number)),
    done: snapshot.status === 'done',
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
    ...(c.result !== undefined ? { result: c.result } : {}),
    ...(error !== undefined ? { error } : {}),
  };
}

/**
 * A block is settled when nothing about it can change any more: prose complete, a tool past
 * running. A type guard: a settled tool block has its `result` and `isError`.
 *
 * @example
 * ```ts
 * for (const block of view.blocks) if (block.type === 'tool_use' && isBlockSettled(block)) show(block.result);
 * ```
 */
export function isBlockSettled(block: BlockView): block is SettledBlockView {
  if (block.type !== 'tool_use') return block.status === 'complete';
  return 'result' in block;
}
