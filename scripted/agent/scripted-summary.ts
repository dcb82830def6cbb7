// The scripted model's answer to a summary request (src/window/compact-history.ts): a short,
// deterministic summary of the tasks and tool results in the transcript it was given.
import { SUMMARY_REQUEST_OPENING } from '../../src/window/compact-history.js';
import { messageText } from './scripted-conversation.js';
import type { ScriptedAgentStep } from '../endpoint/scripted-step.js';

interface SummaryRequestMessage {
  role?: unknown;
  content?: unknown;
}

/** The transcript of a summary request, or undefined when the request is not one. */
export function summaryTranscript(messages: readonly SummaryRequestMessage[]): string | undefined {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    const text = messageText(m.content);
    if (text.trimStart().startsWith(SUMMARY_REQUEST_OPENING)) return text;
  }
  return undefined;
}

/** The tasks (first lines inside `<task>`) and the tool results (`[tool for 'x'] Result:` headers) of a transcript. */
function factsOf(transcript: string): { tasks: string[]; tools: string[] } {
  const tasks: string[] = [];
  for (const m of transcript.matchAll(/<task>\n?([^\n<]*)/g)) {
    const task = m[1].trim();
    if (task !== '') tasks.push(task.slice(0, 100));
  }
  const tools: string[] = [];
  for (const m of transcript.matchAll(/^\[([A-Za-z_][\w.-]*)(?: for '([^'\n]*)')?[^\n]*\] Result:/gm)) {
    tools.push(m[2] !== undefined ? `${m[1]} '${m[2]}'` : m[1]);
  }
  for (const m of transcript.matchAll(/\[calls ([A-Za-z_][\w.-]*) /g)) tools.push(m[1]);
  return { tasks, tools };
}

/** The step that answers a summary request: plain text, no tool. */
export function summaryStep(transcript: string): ScriptedAgentStep {
  const { tasks, tools } = factsOf(transcript);
  const taskText =
    tasks.length > 0 ? `The user asked: ${tasks.map((t) => `"${t}"`).join('; ')}.` : 'Work on the first task.';
  const toolText = tools.length > 0 ? ` Tools used: ${tools.join(', ')}.` : ' No tool was used.';
  return {
    reasoning: 'A summary request: I list the tasks and the tools used, in order.',
    text: `${taskText}${toolText}`,
  };
}
