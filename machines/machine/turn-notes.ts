// What the machine tells the model about its reply: why a tool did not run, why the reply was
// cut short, a nudge when no tool was used. Plain sentences, so any model understands them.
import type { ToolUse } from '../../src/parser/blocks.js';
import { describeToolUse } from '../../src/reply/describe-tool-use.js';
import type { StopCause } from './turn-context-types.js';

/** Why a complete tool use that never ran was skipped. */
export function skippedToolText(cause: StopCause | undefined): string {
  switch (cause) {
    case 'one-tool':
      return 'Not run: only one tool may be used per message, and an earlier tool in this message already ran.';
    case 'rejected':
      return 'Not run: the user rejected an earlier tool use in this message.';
    case 'completion':
      return 'Not run: it came after the completion tool, which ended the task.';
    case 'aborted':
      return 'Not run: the user interrupted the turn.';
    case 'error':
      return 'Not run: the response stream failed before this tool could run.';
    case 'resumed':
      return 'Not run: the process running this turn stopped before this tool could run; use it again if it is still needed.';
    default:
      return 'Not run.';
  }
}

/** Why a tool use did not run: the user rejected it (with their words, if any), or its approval expired. */
export function rejectedToolText(feedback: string | undefined, expiredAfterMs?: number): string {
  if (expiredAfterMs !== undefined) return approvalExpiredText(expiredAfterMs);
  const base = 'The user rejected this tool use; it did not run.';
  return feedback !== undefined && feedback.trim() !== ''
    ? `${base} The user's feedback:\n<feedback>\n${feedback}\n</feedback>`
    : base;
}

/** What the model is told about a tool use whose approval expired before anyone decided it. */
export function approvalExpiredText(afterMs: number): string {
  const seconds = afterMs / 1000;
  const wait = seconds >= 1 ? `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s` : `${afterMs} ms`;
  return `This tool use waited ${wait} for approval and no decision came, so the approval expired and the tool did not run. Use it again if it is still needed, and someone can decide it then.`;
}

export const ABORTED_TOOL_TEXT = 'The user interrupted the turn while this tool was running; its outcome is unknown.';

/** A tool that was running when the process stopped, and is not idempotent: it is not run again. */
export const TOOL_OUTCOME_UNKNOWN_TEXT =
  'The process running this turn stopped while this tool was running, so its outcome is unknown: it may or may not have taken effect. It was not run again; check its effect before using it again.';

export const RESUMED_NOTE =
  '[The process running this turn stopped during your response and the turn was resumed; whatever followed the tool results above was lost. Continue from here.]';

/** A tool use whose closing tag (or call arguments) never arrived: it must not run. */
export function cutOffToolText(
  toolUse: ToolUse,
  finishReason: string | undefined,
  cause: StopCause | undefined,
): string {
  if (toolUse.argumentsProblem !== undefined)
    return `Not run: ${toolUse.argumentsProblem}. Send it again with flatter arguments.`;
  const tag = toolUse.isNativeToolCall
    ? 'its arguments were incomplete'
    : `the closing tag </${toolUse.name}> never arrived`;
  if (finishReason === 'length') {
    return `Not run: your message hit the output token limit (finish_reason "length") inside this tool use, so ${tag}. Send it again with less content, e.g. split a large file into several smaller writes.`;
  }
  if (cause === 'aborted') return `Not run: the user interrupted the turn before this tool use was complete (${tag}).`;
  if (cause === 'error') return `Not run: the response stream failed before this tool use was complete (${tag}).`;
  if (cause === 'resumed')
    return `Not run: the process running this turn stopped before this tool use was complete (${tag}).`;
  return `Not run: your message ended before this tool use was complete (${tag}). Send it again in full.`;
}

export function oneToolNote(skipped: readonly ToolUse[]): string {
  const list = skipped.length > 0 ? ` These were not run: ${skipped.map(describeToolUse).join(', ')}.` : '';
  return `[Your message was cut short after its first tool use: only one tool may be used per message, so put it at the end of your message.${list}]`;
}

export const ABORTED_NOTE = '[The user interrupted this response.]';

export const STREAM_ERROR_NOTE =
  '[Your response was interrupted by a connection error after the tool results above; whatever followed was lost. Continue from here.]';

export function noToolUsedNote(completionTool: string, nativeTools: boolean): string {
  const lines = [
    '[ERROR] Your reply used no tool.',
    `Every reply must use a tool. If the task is done, use ${completionTool}; if you need more information from the user, ask with a tool.`,
  ];
  if (!nativeTools)
    lines.push('Write a tool use as XML tags, e.g.\n<read_file>\n<path>src/index.ts</path>\n</read_file>');
  return lines.join('\n');
}

export const EMPTY_REPLY_NOTE = '[ERROR] Your reply was empty. Reply with a tool use.';

/** The history needs an assistant message even when the model said nothing. */
export const EMPTY_ASSISTANT_PLACEHOLDER = '[empty reply]';

export const LENGTH_NOTE =
  '[Your reply hit the output token limit (finish_reason "length") and was cut short. Keep replies shorter; split large content over several tool uses.]';

/** The completion tool's result for the model, when the protocol needs an answer to every call (native calls). */
export const COMPLETION_ACK = 'The result was presented to the user.';
