import type { NodeTool } from './tool-types.js';
import { requireParam } from './tool-types.js';

/** Puts a question to the person running the agent; resolves with their answer. */
export type AskUser = (question: string, options: string[], signal: AbortSignal) => Promise<string>;

export const NO_USER_NOTE = 'No user is available to answer (not running in an interactive terminal). Proceed with your best judgement and state the assumption you made.';

/** ask_followup_question: asks the user when someone can answer, otherwise tells the model to go on alone. */
export function createAskFollowupQuestionTool(ask?: AskUser): NodeTool {
  return async (toolUse, { signal }) => {
    const question = requireParam(toolUse, 'question');
    if (!question.ok) return question.error;
    if (!ask) return NO_USER_NOTE;
    const answer = await ask(question.value, parseOptions(toolUse.params.options), signal);
    return answer.trim() === '' ? 'The user gave no answer.' : `The user answered: ${answer}`;
  };
}

/** Cline sends the choices as a JSON array of strings; anything else means no choices. */
export function parseOptions(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
