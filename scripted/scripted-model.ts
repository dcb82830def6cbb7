// The scripted model: an OpenAI-compatible endpoint (Chat Completions, and the Anthropic Messages
// and Responses wires) as a fetch-compatible function. It plays a deterministic coding agent (or
// answers structured-output requests) in the wire style of the profile its `model` names, with
// optional pacing and fault injection. Web APIs only.
import type { ChatRequest, ChatToolDefinition, FetchLike } from '../src/wire/types.js';
import {
  findModelProfile,
  listModelProfiles,
  modelProfiles,
  profileFor,
  type ModelProfile,
} from '../src/profiles/profiles.js';
import { FaultLedger, isScriptedFault, scriptedFaults, type ScriptedFault } from './endpoint/scripted-faults.js';
import { errorResponse, jsonResponse } from './endpoint/scripted-http.js';
import { readConversation, type ScriptedConversation } from './agent/scripted-conversation.js';
import { planAgentStep } from './agent/scripted-agent.js';
import { summaryStep, summaryTranscript } from './agent/scripted-summary.js';
import { renderNativeReply, renderTagReply, shortHash, type ScriptedReply } from './endpoint/scripted-reply.js';
import {
  dialectInText,
  isScriptedDialect,
  renderDialectReply,
  scriptedDialects,
  type ScriptedDialect,
} from './agent/scripted-dialect-reply.js';
import { isStructuredRequest, planStructuredReply } from './agent/scripted-structured.js';
import type { BodyFault, WireContext } from './endpoint/scripted-wire.js';
import type { ShapedReply } from './endpoint/scripted-shape.js';
import type { ChatWire } from '../src/wire/chat-wire.js';
import { wireAdapters, wireOfPath, type WireAdapter } from './endpoint/scripted-wire-adapters.js';
import { anthropicErrorResponse, type WireErrors } from './endpoint/scripted-wire-errors.js';
import { WireHistoryLedger } from './endpoint/scripted-wire-rules.js';
import { abortReason, framesToStream, nextTask } from './endpoint/scripted-stream.js';
import { countPromptTokens } from './endpoint/scripted-tokens.js';
import { seededRandom } from './endpoint/scripted-random.js';
import { errorMarker, isMarkedInstance, markError } from '../src/errors/error-marker.js';
import {
  renderStep,
  stepFor,
  stepProblem,
  type ScriptedReplies,
  type ScriptedStepFault,
} from './agent/scripted-replies.js';

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

const SCRIPTED_MODEL_ERROR = /* @__PURE__ */ errorMarker('ScriptedModelError');

/** An option createScriptedModel cannot use. */
export class ScriptedModelError extends Error {
  override readonly name = 'ScriptedModelError';
  readonly code = 'invalid-option' as const;

  /** True for a ScriptedModelError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is ScriptedModelError {
    return isMarkedInstance(this, ScriptedModelError, SCRIPTED_MODEL_ERROR, value);
  }

  constructor(message: string) {
    super(message);
    markError(this, SCRIPTED_MODEL_ERROR);
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
const NON_STREAM_FAULTS: readonly BodyFault[] = ['slow-first-token', 'malformed-chunk', 'length-in-write'];
const STREAM_FAULTS: readonly BodyFault[] = [
  'slow-first-token',
  'error-mid-stream',
  'malformed-chunk',
  'cut-in-tool-call',
  'length-in-write',
];

function paceOf(pace: ScriptedModelOptions['pace']): { firstTokenMs: number; tokenMs: number; jitterMs: number } {
  if (pace === undefined) return { firstTokenMs: 300, tokenMs: 8, jitterMs: 0 };
  if (typeof pace === 'number')
    return { firstTokenMs: Math.max(0, pace * 40), tokenMs: Math.max(0, pace), jitterMs: 0 };
  return {
    firstTokenMs: Math.max(0, pace.firstTokenMs ?? 0),
    tokenMs: Math.max(0, pace.tokenMs ?? 0),
    jitterMs: Math.max(0, pace.jitterMs ?? 0),
  };
}

interface IncomingRequest {
  method: string;
  path: string;
  headers: Headers;
  signal?: AbortSignal;
  bodyText: () => Promise<string>;
}

function incoming(input: RequestInfo | URL, init?: RequestInit): IncomingRequest {
  const isRequest = typeof Request !== 'undefined' && input instanceof Request;
  const url = isRequest ? (input as Request).url : String(input);
  const method = (init?.method ?? (isRequest ? (input as Request).method : 'GET')).toUpperCase();
  const headers = new Headers(init?.headers ?? (isRequest ? (input as Request).headers : undefined));
  const signal = init?.signal ?? (isRequest ? (input as Request).signal : undefined) ?? undefined;
  const body = init?.body ?? (isRequest ? (input as Request).body : null);
  return {
    method,
    path: new URL(url, 'http://scripted.invalid').pathname.replace(/\/+$/, ''),
    headers,
    signal,
    // A string body (what a chat client sends) is the text already: no Response to read it through.
    bodyText: () =>
      body == null ? Promise.resolve('') : typeof body === 'string' ? Promise.resolve(body) : new Response(body).text(),
  };
}

/** `scripted` is the default profile, `scripted:<id>` a named one (404 if unknown); any other name goes through profileFor. */
function resolveProfile(model: string): ModelProfile | undefined {
  if (model === 'scripted') return modelProfiles.scripted;
  if (model.startsWith('scripted:')) return findModelProfile(model.slice('scripted:'.length));
  return profileFor(model);
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function modelEntry(id: string, created: number) {
  return { id, object: 'model', created, owned_by: 'agent-turn-scripted' };
}

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

  /** The answer of an `http-…-once` fault still pending for this conversation, if any. */
  function onceFaultResponse(
    active: ReturnType<FaultLedger['activeFaults']>,
    task: string,
    errors: WireErrors,
  ): Response | undefined {
    for (const fault of ['http-429-once', 'http-500-once'] as const) {
      if (!ledger.pending(active, fault, task)) continue;
      ledger.consume(fault, task);
      return fault === 'http-429-once' ? errors.rateLimited() : errors.serverError();
    }
    return undefined;
  }

  /** The reply to a chat request: the test's step for it, else the demo agent's (or an error answer). */
  function planReply(
    request: ChatRequest,
    index: number,
    tools: ChatToolDefinition[] | undefined,
    profile: ModelProfile,
    active: ReturnType<FaultLedger['activeFaults']>,
    errors: WireErrors,
    conv: ScriptedConversation,
  ): Response | { reply: ScriptedReply; stepFault?: ScriptedStepFault } {
    const step = stepFor(options.replies, request, index);
    if (step === 'exhausted') {
      const given = (options.replies as readonly unknown[]).length;
      return errors.error(400, `The scripted model has no reply for request #${index + 1}: ${given} were given.`, {
        code: 'no_scripted_reply',
      });
    }
    if (step !== undefined) {
      const problem = stepProblem(step);
      // The test's own mistake: a 400 (not retried) that says what is wrong with which reply.
      if (problem !== undefined)
        return errors.error(400, `The scripted model's reply for request #${index + 1} is unusable: ${problem}.`, {
          code: 'invalid_scripted_reply',
        });
      if (typeof step === 'object' && 'error' in step) {
        const { status, message, type, code, headers } = step.error;
        return errors.error(status, message, { type, code }, headers);
      }
      const { reply, fault } = renderStep(step, index);
      return { reply, stepFault: fault };
    }
    const task = conv.task;
    const transcript = tools ? undefined : summaryTranscript(request.messages);
    if (transcript !== undefined) return { reply: renderTagReply(summaryStep(transcript)) };
    if (!tools && isStructuredRequest(request)) {
      const breakSchema = ledger.pending(active, 'invalid-structured', task);
      const plan = planStructuredReply(request, profile, breakSchema);
      if (!plan.ok) return plan.response;
      if (breakSchema) ledger.consume('invalid-structured', task);
      return { reply: plan.reply };
    }
    const names = tools ? new Set(tools.map((t) => t.function.name)) : undefined;
    const agentStep = planAgentStep(conv, names);
    // The id hashes the whole history: a history cut to fit the window has fewer turns, and the ids must still be new.
    const dialect = dialectInText(task) ?? options.dialect;
    const reply = tools
      ? renderNativeReply(
          agentStep,
          tools,
          `call_${shortHash(JSON.stringify(request.messages))}_${conv.assistantTurns}`,
        )
      : dialect !== undefined
        ? renderDialectReply(agentStep, dialect)
        : renderTagReply(agentStep);
    return { reply };
  }

  /** The fault that changes this reply's body: the step's own, else the first pending one that applies. */
  function bodyFault(
    shaped: ShapedReply,
    stream: boolean,
    stepFault: ScriptedStepFault | undefined,
    active: ReturnType<FaultLedger['activeFaults']>,
    task: string,
  ): BodyFault | undefined {
    if (stepFault !== undefined) return stepFault;
    const applicable = (f: BodyFault) =>
      (f !== 'cut-in-tool-call' || shaped.toolStart !== undefined) &&
      (f !== 'length-in-write' || shaped.writeContent !== undefined);
    const fault = (stream ? STREAM_FAULTS : NON_STREAM_FAULTS).find(
      (f) => applicable(f) && ledger.pending(active, f, task),
    );
    if (fault) ledger.consume(fault, task);
    return fault;
  }

  /** The reply as the wire sends it: SSE frames, or one JSON body (cut in half by 'malformed-chunk'). */
  async function answer(
    adapter: WireAdapter,
    shaped: ShapedReply,
    ctx: WireContext,
    body: Record<string, unknown>,
    req: IncomingRequest,
  ): Promise<Response> {
    const headers = { 'x-request-id': ctx.id, 'openai-model': ctx.model };
    if (body.stream === true) {
      // Each response its own random sequence, the same on every run.
      const shape =
        pace.jitterMs > 0 || options.randomChunks === true
          ? {
              jitterMs: pace.jitterMs,
              randomChunks: options.randomChunks === true,
              random: seededRandom(seed * 7919 + counter),
            }
          : undefined;
      return new Response(framesToStream(adapter.frames(shaped, ctx, body), req.signal, shape), {
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...headers },
      });
    }
    if (ctx.fault === 'slow-first-token') await delay(ctx.slowFirstTokenMs, req.signal);
    const json = adapter.json(shaped, ctx, body);
    if (ctx.fault === 'malformed-chunk') {
      const text = JSON.stringify(json);
      return new Response(text.slice(0, Math.floor(text.length / 2)), {
        status: 200,
        headers: { 'content-type': 'application/json', ...headers },
      });
    }
    return jsonResponse(json, 200, headers);
  }

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
    const refused = onceFaultResponse(active, task, errors);
    if (refused !== undefined) return refused;

    const planned = planReply(request, index, tools, profile, active, errors, conv);
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
      fault: bodyFault(shaped, stream, planned.stepFault, active, task),
    };
    return answer(adapter, shaped, ctx, body, req);
  }

  const scriptedFetch = async function scriptedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const req = incoming(input, init);
    if (req.signal?.aborted) throw abortReason(req.signal);
    const { method, path } = req;
    const wire = method === 'POST' ? wireOfPath(path) : undefined;
    const refusedKey = keyRefusal(req.headers, wire);
    if (refusedKey !== undefined) return refusedKey;
    if (wire !== undefined) {
      try {
        // A request arrives in a task of its own, as over a socket: the client's work to send it
        // and the model's work to answer it never add up to one long task.
        await nextTask();
        if (req.signal?.aborted) throw abortReason(req.signal);
        return await chat(req, adapters[wire]);
      } catch (error) {
        if (req.signal?.aborted) throw abortReason(req.signal);
        // A bug here must look like a server fault to the client, not like a network failure.
        return adapters[wire].errors.error(
          500,
          `The scripted model failed: ${error instanceof Error ? error.message : String(error)}`,
          { type: 'server_error' },
        );
      }
    }
    if (path.endsWith('/models') && method === 'GET') {
      const ids = [
        'scripted',
        ...listModelProfiles()
          .map((p) => p.id)
          .filter((id) => id !== 'scripted'),
      ];
      return jsonResponse({ object: 'list', data: ids.map((id) => modelEntry(id, created)) });
    }
    const modelMatch = /\/models\/([^/]+)$/.exec(path);
    if (modelMatch && method === 'GET') {
      const id = decodeURIComponent(modelMatch[1]);
      return resolveProfile(id) && (id === 'scripted' || id.startsWith('scripted:') || findModelProfile(id))
        ? jsonResponse(modelEntry(id, created))
        : errorResponse(404, `The model '${id}' does not exist`, { code: 'model_not_found', param: 'model' });
    }
    return errorResponse(404, `Invalid URL (${method} ${path || '/'})`);
  };
  /** Without the key: 401 as the wire's provider answers (Anthropic's key in `x-api-key`). */
  function keyRefusal(headers: Headers, wire: ChatWire | undefined): Response | undefined {
    if (options.apiKey === undefined) return undefined;
    if (wire === 'anthropic-messages')
      return headers.get('x-api-key') === options.apiKey ? undefined : anthropicErrorResponse(401, 'invalid x-api-key');
    if (headers.get('authorization') === `Bearer ${options.apiKey}`) return undefined;
    return errorResponse(401, 'Incorrect API key provided.', { code: 'invalid_api_key' });
  }

  return Object.assign(scriptedFetch, { requests, wireRequests });
}
