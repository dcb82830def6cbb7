// One agent turn inside a Restate handler: the machine runs as usual, but its model requests and
// tool executions are journaled steps, its reply ids come from the journal's random source, its
// retries are Restate's, and approvals are awakeables a UI resolves. A worker that dies mid-turn
// is replaced: Restate replays the journal into a fresh machine, which reaches the same state
// without asking the model or running a tool again, and goes on from there.
import {
  CancelledError,
  TerminalError,
  type Context,
  type ObjectContext,
  type RunOptions,
} from '@restatedev/restate-sdk';
import { toPromise } from 'xstate';
import {
  createAgentTurnActor,
  type AgentTurnActor,
  type AgentTurnSetup,
} from '../../machines/machine/agent-turn-actor.js';
import { selectView } from '../../machines/view/select-view.js';
import { journaledChatClient, type LiveReplyEvents } from './journaled-chat-client.js';
import { journaledTools } from './journaled-tools.js';
import { agentToolsOf, toolFunctionsOf, wrapToolRuns } from '../../machines/machine/turn-tools.js';
import { DEFAULT_IDEMPOTENT_TOOLS } from '../../machines/machine/turn-context.js';
import { toDurableOutput, type DurableTurnOutput } from './durable-output.js';
import { ensurePromiseWithResolvers } from './promise-with-resolvers.js';
import { MIN_APPROVAL_SECRET_LENGTH, secretHash } from './approval-decision.js';

import { APPROVAL_GATE_STATE, APPROVAL_STATE, VIEW_STATE, type DurableTurnContext } from './durable-state.js';
import { awaitApprovals } from './durable-approvals.js';

/** What the live side channel is told: the events of a model step as they arrive (never on replay). */
export interface LiveTurnEvents extends LiveReplyEvents {
  /** The object's key (the turn's id). */
  key: string;
}

/** Options of {@link runDurableTurn}. */
export interface DurableTurnOptions {
  /** Restate's retry policy of a model step for failures outside the stream. Default: Restate's. */
  modelStepRetry?: Omit<RunOptions<unknown>, 'serde'>;
  /** Restate's retry policy of a tool step for failures outside the tool. Default: Restate's. */
  toolStepRetry?: Omit<RunOptions<unknown>, 'serde'>;
  /**
   * The live side channel: each model step's events as they arrive from the model, for a UI that
   * wants tokens before the step is recorded. Best effort: called on the first execution only.
   */
  live?: (update: LiveTurnEvents) => void;
  /**
   * The turn's approval secret (at least 16 characters, e.g. 24 random bytes in base64url): a
   * decision counts only if it carries it and names the waiting call id. Required when
   * `setup.approval` names a tool; give it to whoever may approve, and no one else.
   */
  approvalSecret?: string;
  /**
   * How long a tool use waits for a decision before its approval expires (ms, a durable timer:
   * it runs on across restarts). An expired tool use does not run and the model is told
   * (`approvalExpiredText`); a decision for it later is refused (`expired`). Default: no expiry.
   */
  approvalExpiresAfterMs?: number;
}

/**
 * A turn's reply call_id prefixes: one draw from the journal's deterministic random source (the
 * same on every replay), then a count (one draw per reply cost more than the rest of the call).
 */
function journalIdPrefixes(ctx: Context): () => string {
  let base: string | undefined;
  let replies = 0;
  return () => {
    base ??= ctx.rand.uuidv4().replace(/-/g, '').slice(0, 8);
    return `${base}${(replies++).toString(36).padStart(2, '0')}`;
  };
}

function keyOf(ctx: Context): string {
  const key = (ctx as Partial<ObjectContext>).key;
  return typeof key === 'string' ? key : '';
}

/** The expiry as given, or a TerminalError saying what is wrong with it. */
function checkedExpiry(expiresAfterMs: unknown): number | undefined {
  if (expiresAfterMs === undefined) return undefined;
  if (typeof expiresAfterMs !== 'number' || !Number.isFinite(expiresAfterMs) || expiresAfterMs <= 0)
    throw new TerminalError(
      `runDurableTurn: options.approvalExpiresAfterMs must be a number of milliseconds above 0 (got ${typeof expiresAfterMs === 'number' ? expiresAfterMs : typeof expiresAfterMs})`,
      { errorCode: 400 },
    );
  return expiresAfterMs;
}

/** The hash of the turn's approval secret; a TerminalError when the turn asks for approvals without a good one. */
async function approvalSecretHash(setup: AgentTurnSetup, secret: string | undefined): Promise<string | undefined> {
  const approvals = Array.isArray(setup.approval) ? setup.approval.length > 0 : setup.approval === true;
  if (secret === undefined && !approvals) return undefined;
  if (typeof secret !== 'string' || secret.length < MIN_APPROVAL_SECRET_LENGTH)
    throw new TerminalError(
      `runDurableTurn: options.approvalSecret must be a string of at least ${MIN_APPROVAL_SECRET_LENGTH} characters when setup.approval names tools (got ${secret === undefined ? 'none' : `${typeof secret === 'string' ? secret.length : typeof secret} characters`})`,
      { errorCode: 400 },
    );
  return secretHash(secret);
}

/**
 * Runs one agent turn durably inside a Restate handler that has state (a virtual object's
 * exclusive handler, a workflow's run handler) and resolves with its output as JSON.
 *
 * - each model request is one `ctx.run` step holding the complete reply's events; each tool
 *   execution one step keyed by its call id, after a step journaling its intent for a tool not in
 *   `setup.idempotentTools`; a replay feeds the recorded values to a fresh machine, and a
 *   non-idempotent tool whose intent is recorded without its result is not run again (the model
 *   is told its outcome is unknown): at most once, exactly once where the result was recorded;
 * - reply ids come from `ctx.rand`, so the replayed machine makes the same ones;
 * - the machine's own retries are off: a failed request is retried as a new step after
 *   `ctx.sleep` with `setup.retry`'s delays (default 2, 4, 8 s);
 * - a tool named in `setup.approval` is published under {@link APPROVAL_STATE} and waits on an
 *   awakeable (kept under {@link APPROVAL_GATE_STATE}, never returned) that only a well-formed
 *   {@link ApprovalDecision} for that call with `options.approvalSecret` decides; any other
 *   payload is refused and the turn waits on a fresh awakeable;
 * - the view (`selectView`) is published under {@link VIEW_STATE} before each step, at each
 *   approval and at the end; `options.live` streams the model's events as they arrive;
 * - cancelling the invocation (Restate's cancel) aborts the turn: its output says `aborted`.
 *
 * `setup` must be the same on every attempt (build it from the handler's input).
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { runDurableTurn, ensurePromiseWithResolvers } from 'agent-turn/restate';
 *
 * ensurePromiseWithResolvers(); // Node 20
 * const reviews = restate.object({
 *   name: 'review',
 *   handlers: {
 *     run: async (ctx: restate.ObjectContext, pr: { diff: string }) =>
 *       runDurableTurn(ctx, { client, model: 'glm-5.1', messages: [{ role: 'user', content: `Review:\n${pr.diff}` }], tools }),
 *   },
 * });
 * await restate.serve({ services: [reviews] });
 * ```
 */
export async function runDurableTurn(
  ctx: DurableTurnContext,
  setup: AgentTurnSetup,
  options: DurableTurnOptions = {},
): Promise<DurableTurnOutput> {
  ensurePromiseWithResolvers();
  let actor: AgentTurnActor | undefined;
  let aborted = false;
  const publish = () => {
    if (actor !== undefined) ctx.set(VIEW_STATE, selectView(actor.getSnapshot()));
  };
  const abortOnCancel = (error: unknown) => {
    if (!(error instanceof CancelledError) || aborted) return;
    aborted = true;
    actor?.send({ type: 'ABORT' });
  };
  const key = keyOf(ctx);
  const live = options.live;
  const client = journaledChatClient(ctx, setup.client, {
    retryDelaysMs: setup.retry?.delaysMs,
    retryOn: setup.retry?.retryOn,
    maxRetryAfterMs: setup.retry?.maxRetryAfterMs,
    stepRetry: options.modelStepRetry,
    beforeStep: publish,
    onStepError: abortOnCancel,
    ...(live ? { live: (update: LiveReplyEvents) => live({ ...update, key }) } : {}),
  });
  // A defineTool tool stays one (its schema still offered), its runs journaled.
  const rerunnable = agentToolsOf(setup.tools)
    .filter((t) => t.idempotent)
    .map((t) => t.name);
  const journaled = journaledTools(ctx, toolFunctionsOf(setup.tools), {
    stepRetry: options.toolStepRetry,
    idempotentTools: [...(setup.idempotentTools ?? DEFAULT_IDEMPOTENT_TOOLS), ...rerunnable],
    beforeStep: publish,
    onStepError: abortOnCancel,
  });
  const tools = wrapToolRuns(setup.tools, (name) => journaled[name]!);
  actor = createAgentTurnActor({
    ...setup,
    client,
    tools,
    retry: { delaysMs: [] },
    idPrefix: journalIdPrefixes(ctx),
  });
  const turn = actor;

  const hash = await approvalSecretHash(setup, options.approvalSecret);
  const approvals = awaitApprovals(ctx, turn, {
    secretHash: hash,
    expiresAfterMs: checkedExpiry(options.approvalExpiresAfterMs),
    onCancel: abortOnCancel,
  });
  let waited = false;
  turn.subscribe((snapshot) => {
    if (snapshot.hasTag('awaiting-approval')) waited = true;
    approvals(snapshot);
  });

  const done = toPromise(turn);
  turn.start();
  const output = await done;
  // Only a turn that waited for a decision set them (a replay waits at the same points).
  if (waited) {
    ctx.clear(APPROVAL_STATE);
    ctx.clear(APPROVAL_GATE_STATE);
  }
  publish();
  return toDurableOutput(output);
}
