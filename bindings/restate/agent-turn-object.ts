// The agent turn as a Restate virtual object keyed by the turn's id: `run` (exclusive) runs the
// turn durably; `view`, `approval`, `approve` and `reject` (shared) answer while it runs.
import * as restate from '@restatedev/restate-sdk';
import type { AgentTurnSetup } from '../../machines/machine/agent-turn-actor.js';
import type { AgentTurnView } from '../../machines/view/turn-view-types.js';
import type { DurableTurnOutput } from './durable-output.js';
import { runDurableTurn, type DurableTurnOptions } from './durable-turn.js';
import {
  APPROVAL_EXPIRED_STATE,
  APPROVAL_GATE_STATE,
  APPROVAL_STATE,
  VIEW_STATE,
  type ApprovalGate,
  type ExpiredApprovals,
  type PendingApproval,
} from './durable-state.js';
import { secretHash, type ApprovalDecision } from './approval-decision.js';
import { ensurePromiseWithResolvers } from './promise-with-resolvers.js';

/** Options of {@link agentTurnObject}. */
export interface AgentTurnObjectOptions<Request>
  extends Omit<DurableTurnOptions, 'approvalSecret' | 'approvalExpiresAfterMs'> {
  /**
   * How long the turn's tool uses wait for a decision before their approval expires (ms), from its
   * `run` request. Default: the request's `approvalExpiresAfterMs` field; none there, no expiry.
   */
  approvalExpiresAfterMs?: (request: Request, key: string) => number | undefined;
  /**
   * The turn's approval secret from its `run` request. Default: the request's `approvalSecret`
   * field. Required (16 characters at least) when the setup asks for approvals.
   */
  approvalSecret?: (request: Request, key: string) => string | undefined;
  /** The virtual object's name (the ingress path's first part). Default `agentTurn`. */
  name?: string;
  /**
   * The turn for a `run` request: client, model, messages, tools and options. Called on every
   * attempt, replays included: it must give the same setup for the same request and key (anything
   * read from outside belongs in the request).
   */
  setup: (request: Request, key: string) => AgentTurnSetup | Promise<AgentTurnSetup>;
}

/**
 * What `approve` and `reject` answer: whether the waiting tool use was decided, or why not
 * (`bad-input`: no call id or secret strings; `other-call`: a stale or wrong call id;
 * `bad-secret`: not the turn's secret; `expired`: that call's approval expired, it did not run;
 * `nothing-waiting`: no tool use waits). A refused decision leaves the turn waiting.
 */
export type ApprovalAnswer =
  | { decided: true; callId: string }
  | { decided: false; reason: 'bad-input' | 'nothing-waiting' | 'other-call' | 'bad-secret' | 'expired' };

/** The input of `approve` / `reject`: the call id the person saw and the turn's approval secret. */
export interface ApprovalInput {
  callId: string;
  secret: string;
  /** For `reject`: the person's words, sent to the model. */
  feedback?: string;
}

function wellFormed(input: unknown): input is ApprovalInput {
  if (typeof input !== 'object' || input === null) return false;
  const { callId, secret, feedback } = input as Record<string, unknown>;
  return (
    typeof callId === 'string' && typeof secret === 'string' && (feedback === undefined || typeof feedback === 'string')
  );
}

async function decide(ctx: restate.ObjectSharedContext, input: unknown, approve: boolean): Promise<ApprovalAnswer> {
  if (!wellFormed(input)) return { decided: false, reason: 'bad-input' };
  const gate = await ctx.get<ApprovalGate>(APPROVAL_GATE_STATE);
  if (gate === null || input.callId !== gate.callId) {
    const expired = await ctx.get<ExpiredApprovals>(APPROVAL_EXPIRED_STATE);
    if (expired?.callIds.includes(input.callId) && (await secretHash(input.secret)) === expired.secretHash)
      return { decided: false, reason: 'expired' };
    return { decided: false, reason: gate === null ? 'nothing-waiting' : 'other-call' };
  }
  if ((await secretHash(input.secret)) !== gate.secretHash) return { decided: false, reason: 'bad-secret' };
  const decision: ApprovalDecision = {
    callId: gate.callId,
    approve,
    secret: input.secret,
    ...(!approve && input.feedback !== undefined ? { feedback: input.feedback } : {}),
  };
  ctx.resolveAwakeable(gate.awakeableId, decision);
  return { decided: true, callId: gate.callId };
}

const requestExpiry = (request: unknown): number | undefined => {
  const expiry = (request as { approvalExpiresAfterMs?: unknown } | null)?.approvalExpiresAfterMs;
  // Anything but absent goes to runDurableTurn, which refuses a bad value saying why.
  return expiry as number | undefined;
};

const requestSecret = (request: unknown): string | undefined => {
  const secret = (request as { approvalSecret?: unknown } | null)?.approvalSecret;
  return typeof secret === 'string' ? secret : undefined;
};

/**
 * A Restate virtual object that runs agent turns, one per key:
 * - `run(request)` (exclusive): builds the turn with `options.setup` and runs it with
 *   {@link runDurableTurn}; resolves with the output as JSON;
 * - `view()` (shared): the latest published view (selectView's model), or null before the first;
 * - `approval()` (shared): the tool use waiting for a decision (`{ callId, tool, params }`), or null;
 * - `approve({ callId, secret })`, `reject({ callId, secret, feedback? })` (shared): decide it;
 *   only the waiting call id with the turn's approval secret counts (see {@link ApprovalAnswer}).
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { agentTurnObject } from 'agent-turn/restate';
 *
 * const turns = agentTurnObject({
 *   setup: (request: { task: string; approvalSecret: string }) => ({ client, model: 'glm-5.1', messages: [{ role: 'user', content: request.task }], tools, approval: ['execute_command'] }),
 * });
 * await restate.serve({ services: [turns], port: 9080 });
 * // POST http://restate:8080/agentTurn/<turn id>/run/send {"task": "…", "approvalSecret": "<24 random bytes, base64url>"}
 * // poll …/view and …/approval; POST …/approve {"callId": "…", "secret": "<the same>"}
 * ```
 */
export function agentTurnObject<Request>(options: AgentTurnObjectOptions<Request>) {
  ensurePromiseWithResolvers();
  const {
    name = 'agentTurn',
    setup,
    approvalSecret = requestSecret,
    approvalExpiresAfterMs = requestExpiry,
    ...turnOptions
  } = options;
  return restate.object({
    name,
    handlers: {
      run: async (ctx: restate.ObjectContext, request: Request): Promise<DurableTurnOutput> =>
        runDurableTurn(ctx, await setup(request, ctx.key), {
          ...turnOptions,
          approvalSecret: approvalSecret(request, ctx.key),
          approvalExpiresAfterMs: approvalExpiresAfterMs(request, ctx.key),
        }),
      view: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<AgentTurnView | null> => ctx.get<AgentTurnView>(VIEW_STATE),
      ),
      approval: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<PendingApproval | null> =>
          ctx.get<PendingApproval>(APPROVAL_STATE),
      ),
      approve: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext, input?: ApprovalInput): Promise<ApprovalAnswer> =>
          decide(ctx, input, true),
      ),
      reject: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext, input?: ApprovalInput): Promise<ApprovalAnswer> =>
          decide(ctx, input, false),
      ),
    },
  });
}

/** The type of the object {@link agentTurnObject} makes (for typed Restate clients). */
export type AgentTurnObject = ReturnType<typeof agentTurnObject>;
