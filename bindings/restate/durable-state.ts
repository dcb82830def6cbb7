// The state a durable turn keeps in its virtual object (or workflow), by key: the view a UI polls,
// the approval it waits for, what deciding it needs, and the approvals that expired.
import type { Context, ObjectContext } from '@restatedev/restate-sdk';

/** A context with state: a virtual object's exclusive handler or a workflow's run handler. */
export type DurableTurnContext = Context & Pick<ObjectContext, 'set' | 'clear'>;

/** The state key under which the turn's view (selectView's model) is published. */
export const VIEW_STATE = 'view';
/** The state key of the approval the turn waits for, if any (what a UI may show: no awakeable id). */
export const APPROVAL_STATE = 'approval';
/** The state key of what deciding the approval needs: its awakeable and the secret's hash (never returned by a handler). */
export const APPROVAL_GATE_STATE = 'approval-gate';

/** The state key of the approvals that expired undecided: their call ids and the secret's hash (never returned by a handler). */
export const APPROVAL_EXPIRED_STATE = 'approval-expired';

/** What the turn keeps under {@link APPROVAL_EXPIRED_STATE}: a decision for one of these calls is refused as `expired`. */
export interface ExpiredApprovals {
  callIds: string[];
  /** SHA-256 (hex) of the turn's approval secret. */
  secretHash: string;
}

/** The tool use a turn waits on, as published under {@link APPROVAL_STATE}. */
export interface PendingApproval {
  callId: string;
  tool: string;
  params: Record<string, string>;
}

/** What the turn keeps under {@link APPROVAL_GATE_STATE} while it waits. */
export interface ApprovalGate {
  callId: string;
  /** The awakeable a valid decision resolves; a new one after each refused payload. */
  awakeableId: string;
  /** SHA-256 (hex) of the turn's approval secret. */
  secretHash: string;
}
