import type { WorkspaceTool } from './tool-types.js';
import { parseOptions, requireParam } from './tool-params.js';
import { NO_USER_NOTE, userAnswered } from './result-sentences.js';

/** Puts a question to the person running the agent; resolves with their answer. */
export type AskUser = (question: string, options: string[], signal: AbortSignal) => Promise<string>;

export interface AskFollowupQuestionOptions {
  /** How the question reaches a person; without it the model is told to go on alone. */
  ask?: AskUser;
  /** What the model is told when no one can answer (the CLI's note by default). */
  unanswered?: (question: string) => string;
}

/** ask_followup_question: asks the user when someone can answer, otherwise tells the model to go on alone. */
export function createAskFollowupQuestionTool(options: AskFollowupQuestionOptions = {}): WorkspaceTool {
  return async (toolUse, { signal }) => {
    const question = requireParam(toolUse, 'question');
    if (!question.ok) return question.error;
    if (!options.ask) return options.unanswered ? options.unanswered(question.value) : NO_USER_NOTE;
    return userAnswered(await options.ask(question.value, parseOptions(toolUse.params.options), signal));
  };
}
