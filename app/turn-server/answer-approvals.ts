// The approvals a client's request answers (AG-UI resume entries, useChat's approval-responded
// tool parts): those of this conversation's turn are given to it; one it refuses refuses the request.
import type { ApprovalAnswerResult, ServerTurn } from './server-turn.js';
import { parseApprovalId } from './server-turn.js';

/** One answer as both protocols carry it. */
export interface ApprovalAnswer {
  approvalId: string;
  approved: boolean;
  feedback?: string;
}

/**
 * Gives `turn` the answers meant for it (ids of other turns — an earlier turn's parts useChat still
 * sends — are left alone). Undefined when none was for it; else the first refusal, or ok.
 */
export function answerApprovals(
  turn: ServerTurn | undefined,
  answers: readonly ApprovalAnswer[],
): ApprovalAnswerResult | undefined {
  if (!turn) return undefined;
  const mine = answers.filter((a) => parseApprovalId(a.approvalId)?.turnId === turn.id);
  if (mine.length === 0) return undefined;
  for (const answer of mine) {
    const result = turn.answer(answer.approvalId, answer.approved, answer.feedback);
    if (!result.ok) return result;
  }
  return { ok: true };
}
