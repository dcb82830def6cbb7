// Which reply a chat request gets: the test's scripted step for it, else the demo agent's (a
// summary, a structured answer, or its next coding step in the request's tool style), or the
// error answer a step asks for.
import type { ModelProfile } from '../src/profiles/profiles.js';
import type { ChatRequest, ChatToolDefinition } from '../src/wire/types.js';
import type { ScriptedConversation } from './agent/scripted-conversation.js';
import { planAgentStep } from './agent/scripted-agent.js';
import { dialectInText, renderDialectReply, type ScriptedDialect } from './agent/scripted-dialect-reply.js';
import {
  renderStep,
  stepFor,
  stepProblem,
  type ScriptedReplies,
  type ScriptedStepFault,
} from './agent/scripted-replies.js';
import { isStructuredRequest, planStructuredReply } from './agent/scripted-structured.js';
import { summaryStep, summaryTranscript } from './agent/scripted-summary.js';
import type { ActiveFaults } from './endpoint/scripted-fault-picks.js';
import type { FaultLedger } from './endpoint/scripted-faults.js';
import { renderNativeReply, renderTagReply, shortHash, type ScriptedReply } from './endpoint/scripted-reply.js';
import type { WireErrors } from './endpoint/scripted-wire-errors.js';

/** What the plan reads besides the request: the model's options, its fault ledger, the wire's errors. */
export interface ReplyPlanning {
  replies: ScriptedReplies | undefined;
  dialect: ScriptedDialect | undefined;
  ledger: FaultLedger;
  errors: WireErrors;
}

/** A planned reply (with the step's own fault), or the error response that answers instead. */
export type PlannedReply = Response | { reply: ScriptedReply; stepFault?: ScriptedStepFault };

/** The reply to a chat request: the test's step for it, else the demo agent's (or an error answer). */
export function planReply(
  planning: ReplyPlanning,
  request: ChatRequest,
  index: number,
  tools: ChatToolDefinition[] | undefined,
  profile: ModelProfile,
  active: ActiveFaults,
  conv: ScriptedConversation,
): PlannedReply {
  const { errors, ledger } = planning;
  const step = stepFor(planning.replies, request, index);
  if (step === 'exhausted') {
    const given = (planning.replies as readonly unknown[]).length;
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
  const dialect = dialectInText(task) ?? planning.dialect;
  const reply = tools
    ? renderNativeReply(agentStep, tools, `call_${shortHash(JSON.stringify(request.messages))}_${conv.assistantTurns}`)
    : dialect !== undefined
      ? renderDialectReply(agentStep, dialect)
      : renderTagReply(agentStep);
  return { reply };
}
