// The agent turn as a Restate virtual object keyed by the turn's id: `run` (exclusive) runs the
// turn durably; `view`, `approval`, `approve` and `reject` (shared) answer while it runs.
import * as restate from '@restatedev/restate-sdk';
import type { AgentTurnSetup } from '../../machines/agent-turn-actor.js';
import type { AgentTurnView } from '../../machines/turn-view-types.js';
import type { DurableTurnOutput } from './durable-output.js';
import {
  APPROVAL_STATE,
  VIEW_STATE,
  runDurableTurn,
  type ApprovalDecision,
  type DurableTurnOptions,
  type PendingApproval,
} from './durable-turn.js';
import { ensurePromiseWithResolvers } from './promise-with-resolvers.js';

/** Options of {@link agentTurnObject}. */
export interface AgentTurnObjectOptions<Request> extends DurableTurnOptions {
  /** The virtual object's name (the ingress path's first part). Default `agentTurn`. */
  name?: string;
  /**
   * The turn for a `run` request: client, model, messages, tools and options. Called on every
   * attempt, replays included: it must give the same setup for the same request and key (anything
   * read from outside belongs in the request).
   */
  setup: (request: Request, key: string) => AgentTurnSetup | Promise<AgentTurnSetup>;
}

/** What `approve` and `reject` answer: whether a waiting tool use was decided. */
export type ApprovalAnswer =
  | { decided: true; callId: string }
  | { decided: false; reason: 'nothing-waiting' | 'other-call' };

/** The input of `approve` / `reject`: optionally the call id the person saw (a stale decision is refused). */
export interface ApprovalInput {
  callId?: string;
  /** For `reject`: the person's words, sent to the model. */
  feedback?: string;
}

async function decide(
  ctx: restate.ObjectSharedContext,
  input: ApprovalInput | undefined,
  decision: ApprovalDecision,
): Promise<ApprovalAnswer> {
  const pending = await ctx.get<PendingApproval>(APPROVAL_STATE);
  if (pending === null) return { decided: false, reason: 'nothing-waiting' };
  if (input?.callId !== undefined && input.callId !== pending.callId) return { decided: false, reason: 'other-call' };
  ctx.resolveAwakeable(pending.awakeableId, decision);
  return { decided: true, callId: pending.callId };
}

/**
 * A Restate virtual object that runs agent turns, one per key:
 * - `run(request)` (exclusive): builds the turn with `options.setup` and runs it with
 *   {@link runDurableTurn}; resolves with the output as JSON;
 * - `view()` (shared): the latest published view (selectView's model), or null before the first;
 * - `approval()` (shared): the tool use waiting for a decision, or null;
 * - `approve({ callId? })`, `reject({ callId?, feedback? })` (shared): decide it.
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { agentTurnObject } from 'agent-turn/restate';
 *
 * const turns = agentTurnObject({
 *   setup: (request: { task: string }) => ({ client, model: 'glm-5.1', messages: [{ role: 'user', content: request.task }], tools, approval: ['execute_command'] }),
 * });
 * await restate.serve({ services: [turns], port: 9080 });
 * // POST http://restate:8080/agentTurn/<turn id>/run/send {"task": "…"}; poll …/view; POST …/approve
 * ```
 */
export function agentTurnObject<Request>(options: AgentTurnObjectOptions<Request>) {
  ensurePromiseWithResolvers();
  const { name = 'agentTurn', setup, ...turnOptions } = options;
  return restate.object({
    name,
    handlers: {
      run: async (ctx: restate.ObjectContext, request: Request): Promise<DurableTurnOutput> =>
        runDurableTurn(ctx, await setup(request, ctx.key), turnOptions),
      view: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<AgentTurnView | null> => ctx.get<AgentTurnView>(VIEW_STATE),
      ),
      approval: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<PendingApproval | null> =>
          ctx.get<PendingApproval>(APPROVAL_STATE),
      ),
      approve: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext, input?: ApprovalInput): Promise<ApprovalAnswer> =>
          decide(ctx, input, { approve: true }),
      ),
      reject: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext, input?: ApprovalInput): Promise<ApprovalAnswer> =>
          decide(ctx, input, {
            approve: false,
            ...(input?.feedback !== undefined ? { feedback: input.feedback } : {}),
          }),
      ),
    },
  });
}

/** The type of the object {@link agentTurnObject} makes (for typed Restate clients). */
export type AgentTurnObject = ReturnType<typeof agentTurnObject>;
