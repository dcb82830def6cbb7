// The scripted model: an OpenAI-compatible endpoint (Chat Completions, and the Anthropic Messages
// and Responses wires) as a fetch-compatible function. It plays a deterministic coding agent (or
// answers structured-output requests) in the wire style of the profile its `model` names, with
// optional pacing and fault injection. Web APIs only.
import type { ChatRequest, FetchLike } from '../src/wire/types.js';
import type { ChatWire } from '../src/wire/chat-wire.js';
import { AgentTurnError } from '../src/errors/agent-turn-error.js';
import { FaultLedger, isScriptedFault, scriptedFaults, type ScriptedFault } from './endpoint/scripted-faults.js';
import { errorResponse } from './endpoint/scripted-http.js';
import { readConversation } from './agent/scripted-conversation.js';
import { isScriptedDialect, scriptedDialects, type ScriptedDialect } from './agent/scripted-dialect-reply.js';
import { stepProblem, type ScriptedReplies } from './agent/scripted-replies.js';
import type { WireContext } from './endpoint/scripted-wire.js';
import { wireAdapters, wireOfPath, type WireAdapter } from './endpoint/scripted-wire-adapters.js';
import { WireHistoryLedger } from './endpoint/scripted-wire-rules.js';
import { abortReason, nextTask } from './endpoint/scripted-stream.js';
import { countPromptTokens } from './endpoint/scripted-tokens.js';
import { answerReply } from './endpoint/scripted-answer.js';
import { bodyFault, onceFaultResponse } from './endpoint/scripted-fault-picks.js';
import { type IncomingRequest, incoming } from './endpoint/scripted-incoming.js';
import { keyRefusal } from './endpoint/scripted-key.js';
import { modelsRoute, resolveProfile } from './endpoint/scripted-models-route.js';
import { networkShape, paceOf } from './endpoint/scripted-pace.js';
import { planReply } from './scripted-plan-reply.js';
import { describeError } from '../src/errors/describe-error.js';

/** A request body as it came, on the wire it came on. */
export interface ScriptedWireRequest {
  wire: ChatWire;
  /** The JSON body as sent (for Anthropic Messages and Responses: before it was read as a chat request). */
  body: Record<string, unknown>;
}

/** The scripted model: a fetch function, with the chat requests it answered. */
export interface ScriptedModel extends FetchLike {
  /**
   * Every valid chat request it received, in order (as parsed from the body; a Messages or
   * Responses body read as the chat request it stands for: thinking blocks and reasoning items as
   * the assistant messages' `reasoning_details`).
   */
  readonly requests: ChatRequest[];
  /** The same requests as their bodies came, with the wire of each. */
  readonly wireRequests: ScriptedWireRequest[];
}

/** Options of {@link createScriptedModel}. */
export interface ScriptedModelOptions {
  /**
   * Streaming pace. A number is milliseconds per token (the first token waits 40 times that);
   * 0 streams as fast as it is read (no timers; reads of at most 16 KB, one per task, as from a
   * socket). Default: realistic, ~8 ms per token and ~300 ms to the first.
   * `jitterMs` moves every wait by up to that much either way (seeded: see `seed`).
   */
  pace?: number | { firstTokenMs?: number; tokenMs?: number; jitterMs?: number };
  /**
   * The wait between the `finish_reason` chunk and the `usage` chunk, which real providers send
   * last, on its own. Default: five tokens' worth of the pace (40 ms at the realistic pace, 0 at pace 0).
   */
  usageDelayMs?: number;
  /**
   * Cut the body into network reads at random byte positions (an event split over reads, several
   * in one read, a UTF-8 character cut in two), as TCP delivers it, instead of one read per event.
   * Seeded: see `seed`. Default false.
   */
  randomChunks?: boolean;
  /** Seed of the jitter and the random reads: the same seed gives the same timings and reads. Default 1. */
  seed?: number;
  /** Faults for every conversation (a task can add its own with `fault:<name>`). See scriptedFaults. */
  faults?: readonly ScriptedFault[];
  /**
   * Write every tool call in this dialect instead of Cline's XML (`'hermes'`, `'glm'`, `'kimi'`, …;
   * see scriptedDialects), as a model behind a server that passes its native format through does.
   * A task can choose its own with a `dialect:<name>` marker. Native tool calls are unaffected.
   */
  dialect?: ScriptedDialect;
  /** The wait before the first token under the 'slow-first-token' fault. Default 5000 ms. */
  slowFirstTokenMs?: number;
  /** When set, requests must send `Authorization: Bearer <apiKey>` (else 401, as OpenAI answers). */
  apiKey?: string;
  /**
   * The replies, instead of the demo agent's: one step per chat request, in order (a request past
   * the list's end gets a 400 saying so), or a function of the request and its 0-based number
   * returning the step (`undefined`: the demo agent answers that one). A step is a string (the
   * reply's text: Cline's tags in tag mode, or a plain answer), `{ text?, reasoning?, toolCalls?,
   * fault? }`, or `{ error: { status, message } }` (an HTTP error answer). The profile's wire
   * style, the pace and usage apply as to the demo agent's replies.
   */
  replies?: ScriptedReplies;
  /** Called with every valid chat request before it is answered (tests inspect the history sent). */
  onRequest?: (request: ChatRequest) => void;
  /** The `created` timestamp of every response (seconds). Fixed by default, for reproducible bytes. */
  created?: number;
}

/** An option createScriptedModel cannot use. */
export class ScriptedModelError extends AgentTurnError<'invalid-option'> {
  static override readonly errorName: string = 'ScriptedModelError';

  constructor(message: string) {
    super('invalid-option', message);
  }
}

function checkOptions(options: ScriptedModelOptions): void {
  const bad = (what: string) => new ScriptedModelError(`createScriptedModel: ${what}`);
  for (const fault of options.faults ?? []) {
    if (!isScriptedFault(fault)) throw bad(`unknown fault "${String(fault)}"; known: ${scriptedFaults.join(', ')}`);
  }
  if (options.dialect !== undefined && !isScriptedDialect(options.dialect))
    throw bad(`unknown dialect "${String(options.dialect)}"; known: ${scriptedDialects.join(', ')}`);
  const pace = options.pace;
  const numbers: Array<[string, unknown]> =
    typeof pace === 'object' && pace !== null
      ? [
          ['pace.firstTokenMs', pace.firstTokenMs],
          ['pace.tokenMs', pace.tokenMs],
          ['pace.jitterMs', pace.jitterMs],
        ]
      : [['pace', pace]];
  numbers.push(['slowFirstTokenMs', options.slowFirstTokenMs], ['usageDelayMs', options.usageDelayMs]);
  const replies = options.replies;
  if (replies !== undefined && typeof replies !== 'function') {
    if (!Array.isArray(replies)) throw bad(`replies must be a list of steps or a function, got ${typeof replies}`);
    for (const [i, step] of replies.entries()) {
      const problem = stepProblem(step);
      if (problem !== undefined) throw bad(`replies[${i}]: ${problem}`);
    }
  }
  if (options.seed !== undefined && !Number.isInteger(options.seed))
    throw bad(`seed must be an integer, got ${String(options.seed)}`);
  if (options.randomChunks !== undefined && typeof options.randomChunks !== 'boolean') {
    throw bad(`randomChunks must be true or false, got ${String(options.randomChunks)}`);
  }
  for (const [name, value] of numbers) {
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
      throw bad(`${name} must be a number of milliseconds >= 0, got ${String(value)}`);
    }
  }
}

const DEFAULT_CREATED = 1767225600; // 2026-01-01T00:00:00Z

/**
 * An in-process OpenAI-compatible endpoint: `POST …/chat/completions` (streamed or not),
 * Anthropic's `POST …/messages` and OpenAI's `POST …/responses` (their SSE events, their error
 * shapes, and their history rules: a tool turn's thinking block back with its signature, each
 * reasoning item back with its `encrypted_content`, else the provider's 400), and
 * `GET …/models`, as a fetch-compatible function. Pass it as `fetch` to a chat client (or serve
 * it over HTTP with `npm run serve`). The request's `model` picks the profile it emulates
 * (`scripted:glm-5.1` streams as glm-5.1 does). It plays a deterministic coding agent that lists
 * the workspace, reads a file, writes one when asked and completes with a summary, or answers a
 * structured-output request. Throws a {@link ScriptedModelError} for an unusable option.
 *
 * @example
 * ```ts
 * import { createChatClient, runAgentTurn } from 'agent-turn';
 * import { createScriptedModel } from 'agent-turn/scripted';
 *
 * const fetch = createScriptedModel({ pace: 0, faults: ['http-429-once'] });
 * const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch });
 * const out = await runAgentTurn({ client, model: 'scripted:qwen3.6-plus', messages, tools, retry: { delaysMs: [0] } });
 * out.requests[0].status; // 'failed': the 429, kept for the UI but never in the history
 * ```
 */
export function createScriptedModel(options: ScriptedModelOptions = {}): ScriptedModel {
  checkOptions(options);
  const pace = paceOf(options.pace);
  const usageDelayMs = options.usageDelayMs ?? pace.tokenMs * 5;
  const seed = options.seed ?? 1;
  const created = options.created ?? DEFAULT_CREATED;
  const ledger = new FaultLedger(options.faults ?? []);
  let counter = 0;
  const requests: ChatRequest[] = [];
  const wireRequests: ScriptedWireRequest[] = [];
  const adapters = wireAdapters(new WireHistoryLedger());

  async function chat(req: IncomingRequest, adapter: WireAdapter): Promise<Response> {
    const check = adapter.parse(await req.bodyText());
    if (!check.ok) return check.response;
    const request: ChatRequest = check.request;
    const body = check.body ?? (request as unknown as Record<string, unknown>);
    const index = requests.length;
    requests.push(request);
    wireRequests.push({ wire: adapter.wire, body });
    options.onRequest?.(request);
    const errors = adapter.errors;
    const profile = resolveProfile(request.model);
    if (!profile) return errors.modelNotFound(request.model);
    // The history the profile's provider would refuse is refused as it would be (status and body).
    const historyRefusal = await adapter.historyRefusal(request, body, profile);
    if (historyRefusal) return historyRefusal;
    const tools = Array.isArray(request.tools) && request.tools.length > 0 ? request.tools : undefined;
    const maxTokens = (request.max_completion_tokens ?? request.max_tokens) as number | undefined;
    const promptTokens = countPromptTokens(request.messages, tools);
    // A profile with a context window refuses a longer prompt as its provider does.
    if (profile.contextWindow !== undefined && promptTokens + (maxTokens ?? 0) > profile.contextWindow) {
      return errors.contextLength(profile.contextWindow, promptTokens, maxTokens);
    }
    const conv = readConversation(request.messages);
    const task = conv.task;
    const active = ledger.activeFaults(task);
    const refused = onceFaultResponse(ledger, active, task, errors);
    if (refused !== undefined) return refused;

    const planning = { replies: options.replies, dialect: options.dialect, ledger, errors };
    const planned = planReply(planning, request, index, tools, profile, active, conv);
    if (planned instanceof Response) return planned;
    const shaped = adapter.shape(planned.reply, profile);
    const stream = body.stream === true;
    const ctx: WireContext = {
      id: `${adapter.idPrefix}${++counter}`,
      model: request.model,
      created,
      profile,
      // 'no-usage': a provider that ignores stream_options (every reply of the conversation).
      includeUsage: stream && adapter.wantsUsage(body) && !active.has('no-usage'),
      promptTokens,
      maxTokens: maxTokens ?? undefined,
      firstTokenMs: pace.firstTokenMs,
      tokenMs: pace.tokenMs,
      usageDelayMs,
      slowFirstTokenMs: options.slowFirstTokenMs ?? 5000,
      fault: bodyFault(ledger, shaped, stream, planned.stepFault, active, task),
    };
    const shape = () => networkShape(pace, options.randomChunks === true, seed, counter);
    return answerReply(adapter, shaped, ctx, body, req.signal, shape);
  }

  const scriptedFetch = async function scriptedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const req = incoming(input, init);
    if (req.signal?.aborted) throw abortReason(req.signal);
    const { method, path } = req;
    const wire = method === 'POST' ? wireOfPath(path) : undefined;
    const refusedKey = keyRefusal(options.apiKey, req.headers, wire);
    if (refusedKey !== undefined) return refusedKey;
    if (wire === undefined)
      return modelsRoute(method, path, created) ?? errorResponse(404, `Invalid URL (${method} ${path || '/'})`);
    try {
      // A request arrives in a task of its own, as over a socket: the client's work to send it
      // and the model's work to answer it never add up to one long task.
      await nextTask();
      if (req.signal?.aborted) throw abortReason(req.signal);
      return await chat(req, adapters[wire]);
    } catch (error) {
      if (req.signal?.aborted) throw abortReason(req.signal);
      // A bug here must look like a server fault to the client, not like a network failure.
      return adapters[wire].errors.error(500, `The scripted model failed: ${describeError(error)}`, {
        type: 'server_error',
      });
    }
  };

  return Object.assign(scriptedFetch, { requests, wireRequests });
}
