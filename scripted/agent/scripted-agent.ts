// The scripted agent's next step: list the workspace, read a named file or a README, write a
// file when asked, then attempt_completion summarizing what the tools said. Deterministic.
import type { ScriptedConversation, ScriptedToolOutcome } from './scripted-conversation.js';
import { readTaskIntent, type ScriptedTaskIntent } from './scripted-task.js';
import { largeFileContent } from './scripted-large-file.js';

import type { ScriptedAgentStep } from '../endpoint/scripted-step.js';
import { planReadAllStep } from './scripted-read-all.js';
import { mcpCallsIn, mcpSummary, planMcpStep } from './scripted-mcp.js';
export type { ScriptedAgentStep } from '../endpoint/scripted-step.js';

function lastWhere<T>(list: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return list[i];
  return undefined;
}

/** A result that says the process stopped while the tool ran: it may or may not have taken effect. */
function outcomeUnknown(o: ScriptedToolOutcome): boolean {
  return o.kind === 'error' && /outcome is unknown/i.test(o.text);
}

function done(conv: ScriptedConversation, tool: string): ScriptedToolOutcome | undefined {
  // Errors count as done: the agent moves on instead of looping. An unknown outcome does not:
  // writing a file again is harmless (a command is never run again blindly: see commandStep).
  return lastWhere(
    conv.outcomes,
    (o) => o.tool === tool && (o.kind === 'ok' || o.kind === 'error') && !outcomeUnknown(o),
  );
}

/** The outcome of a command the task named, if it ran (or may have: an unknown outcome counts). */
function commandOutcome(conv: ScriptedConversation, command: string): ScriptedToolOutcome | undefined {
  return lastWhere(
    conv.outcomes,
    (o) => o.tool === 'execute_command' && o.target === command && (o.kind === 'ok' || o.kind === 'error'),
  );
}

function commandFacts(intent: ScriptedTaskIntent, conv: ScriptedConversation): string[] {
  return intent.commands.map((command) => {
    const o = commandOutcome(conv, command);
    if (o === undefined) return `\`${command}\` not run`;
    if (outcomeUnknown(o)) return `\`${command}\` outcome unknown`;
    return o.kind === 'ok' ? `ran \`${command}\`` : `\`${command}\` failed`;
  });
}

function listedEntries(outcome: ScriptedToolOutcome): string[] {
  if (/ is empty\.$/.test(outcome.text)) return [];
  // Notes such as "[… more entries not shown]" or "(tool did not return anything)" are not entries.
  return outcome.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('[') && !(l.startsWith('(') && l.endsWith(')')));
}

function readmeIn(outcome: ScriptedToolOutcome | undefined): string | undefined {
  if (outcome?.kind !== 'ok') return undefined;
  const prefix =
    outcome.target && outcome.target !== '.' && outcome.target !== './' ? `${outcome.target.replace(/\/+$/, '')}/` : '';
  for (const entry of listedEntries(outcome)) {
    const name = entry.replace(/\/$/, '');
    const base = name.slice(name.lastIndexOf('/') + 1);
    if (/^readme(\.[a-z]+)?$/i.test(base)) return name.includes('/') || prefix === '' ? name : prefix + name;
  }
  return undefined;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 80);
}

/**
 * What a failed tool said, for the summary: the message inside Cline's
 * "The tool execution failed with the following error:\n<error>\n…\n</error>" wrapper (its first
 * line), not the wrapper's own opening.
 */
export function failureMessage(text: string): string {
  const open = text.indexOf('<error>');
  if (open >= 0) {
    const start = open + '<error>'.length;
    const close = text.indexOf('</error>', start);
    const inner = firstLine(text.slice(start, close < 0 ? undefined : close));
    if (inner !== '') return inner;
  }
  return firstLine(text) || 'no message';
}

function heading(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const m = /^\s*(?:\d+\s*[|:]\s*)?#{1,6}\s+(.+?)\s*$/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}

function countLines(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

function fileContent(intent: ScriptedTaskIntent, conv: ScriptedConversation): string {
  if (intent.large) return largeFileContent();
  const list = done(conv, 'list_files');
  const read = done(conv, 'read_file');
  const facts = [
    list
      ? list.kind === 'ok'
        ? `${entriesText(listedEntries(list).length)} listed`
        : 'listing failed'
      : 'nothing listed',
    read ? (read.kind === 'ok' ? `read ${read.target ?? 'a file'}` : 'reading failed') : 'nothing read',
    ...commandFacts(intent, conv),
  ];
  // `<`, `&&` and a fake closing tag on its own line: the parser must keep them in the file.
  return [
    `# Notes for: ${intent.summary}`,
    '',
    `Facts: ${facts.join('; ')}.`,
    '',
    'Checks: a < b && b > c, and <div class="x">tags</div> stay text.',
    'The next line is not the end of this file:',
    '</content>',
    'It really ends here.',
  ].join('\n');
}

function summarize(conv: ScriptedConversation, intent: ScriptedTaskIntent): string {
  const parts: string[] = [];
  const list = done(conv, 'list_files');
  if (list) {
    parts.push(
      list.kind === 'ok'
        ? `Listed ${entriesText(listedEntries(list).length)} in '${list.target ?? '.'}'`
        : `Could not list '${list.target ?? '.'}': ${failureMessage(list.text)}`,
    );
  }
  const read = done(conv, 'read_file');
  if (read) {
    const path = read.target ?? 'the file';
    const title = heading(read.text);
    parts.push(
      read.kind !== 'ok'
        ? `Could not read ${path}: ${failureMessage(read.text)}`
        : title !== undefined
          ? `${path} starts with the heading "${title}"`
          : `${path} has ${countLines(read.text)} lines and begins "${firstLine(read.text)}"`,
    );
  }
  const mcpCalls = mcpCallsIn(conv.task);
  if (mcpCalls.length > 0) parts.push(mcpSummary(conv, mcpCalls));
  const commands = commandFacts(intent, conv);
  if (commands.length > 0) parts.push(commands.join(', ').replace(/^./, (c) => c.toUpperCase()));
  const write = done(conv, 'write_to_file');
  if (write) {
    const path = write.target ?? intent.writePath ?? 'the file';
    parts.push(write.kind === 'ok' ? `Wrote ${path}` : `Writing ${path} failed: ${failureMessage(write.text)}`);
  }
  const rejected = lastWhere(conv.outcomes, (o) => o.kind === 'rejected');
  if (rejected) {
    parts.push(
      `Stopped because the user rejected ${rejected.tool}${conv.feedback ? ` (feedback: "${conv.feedback}")` : ''}`,
    );
  } else if (conv.feedback) {
    parts.push(`Noted the feedback: "${conv.feedback}"`);
  }
  if (parts.length === 0) parts.push(`Nothing was needed for: ${intent.summary}`);
  const remembered = conversationFacts(conv);
  return `${[...parts, ...remembered].join('. ')}.`;
}

/** What the history told the agent: the person's earlier messages, and what happened since its last reply. */
function conversationFacts(conv: ScriptedConversation): string[] {
  const facts: string[] = [];
  const earlier = conv.earlierTasks ?? [];
  if (earlier.length > 0) {
    const quoted = earlier.map((task) => `"${shorten(firstLine(task), 60)}"`).join(', ');
    facts.push(
      `Earlier in this conversation: ${earlier.length === 1 ? '1 message' : `${earlier.length} messages`} (${quoted})`,
    );
  }
  const notes = conv.notesSinceLastReply ?? [];
  if (notes.length > 0) facts.push(`Noted since my last reply: ${shorten(notes.join(' '), 200).replace(/[.]$/, '')}`);
  return facts;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The next step for a conversation. `availableTools` (native mode: the request's tools) limits
 * which tools it uses; steps whose tool is missing are skipped, and without a completion tool the
 * final answer is plain text.
 */
export function planAgentStep(conv: ScriptedConversation, availableTools?: ReadonlySet<string>): ScriptedAgentStep {
  const intent = readTaskIntent(conv.task);
  const can = (tool: string) => availableTools === undefined || availableTools.has(tool);
  const apology = conv.nudged ? 'Sorry, my last reply used no tool. ' : '';
  const rejected = conv.outcomes.some((o) => o.kind === 'rejected');
  const listing = done(conv, 'list_files');
  // A task that asks for MCP calls gets them first; one that asks for nothing else is then done.
  const mcpCalls = mcpCallsIn(conv.task);
  const mcpStep = rejected ? undefined : planMcpStep(conv, mcpCalls, availableTools);
  if (mcpStep) return { ...mcpStep, text: apology + mcpStep.text };
  const mcpOnly =
    mcpCalls.length > 0 &&
    intent.readPath === undefined &&
    intent.writePath === undefined &&
    intent.readAllIn === undefined &&
    intent.commands.length === 0;

  if (!rejected && intent.readAllIn !== undefined && can('list_files') && can('read_file')) {
    const step = planReadAllStep(conv, intent.readAllIn, can('attempt_completion'));
    return { ...step, text: apology + step.text };
  }
  if (!rejected && !mcpOnly && can('list_files') && !listing) {
    return {
      reasoning: `The task: ${intent.summary}\n\nI do not know the workspace yet. Listing its top level is cheap and shows where things are.`,
      text: `${apology}I'll start by looking at the files in the workspace.`,
      tool: {
        name: 'list_files',
        params: [
          ['path', '.'],
          ['recursive', 'false'],
        ],
      },
    };
  }
  const readPath = intent.readPath ?? (mcpOnly ? undefined : readmeIn(listing));
  if (!rejected && can('read_file') && readPath !== undefined && !done(conv, 'read_file')) {
    const why = intent.readPath
      ? 'The task names this file.'
      : 'The listing has a README; it should say what the project is.';
    return {
      reasoning: `${why}\n\nReading ${readPath} next.`,
      text: `${apology}Now I'll read ${readPath}.`,
      tool: { name: 'read_file', params: [['path', readPath]] },
    };
  }
  const command = intent.commands.find((c) => commandOutcome(conv, c) === undefined);
  if (!rejected && can('execute_command') && command !== undefined) {
    return {
      reasoning: `The task asks me to run \`${command}\`. It has not run yet, so I run it now, once.`,
      text: `${apology}I'll run \`${command}\`.`,
      tool: {
        name: 'execute_command',
        params: [
          ['command', command],
          ['requires_approval', 'false'],
        ],
      },
    };
  }
  if (!rejected && can('write_to_file') && intent.writePath !== undefined && !done(conv, 'write_to_file')) {
    return {
      reasoning: `The task asks for a file. I have what I need to write ${intent.writePath}.\n\nIt should record what the tools told me.`,
      text: `${apology}I'll write ${intent.writePath} now.`,
      tool: {
        name: 'write_to_file',
        params: [
          ['path', intent.writePath],
          ['content', fileContent(intent, conv)],
        ],
      },
    };
  }
  const result = summarize(conv, intent);
  if (!can('attempt_completion')) {
    return { reasoning: 'Everything the task needs is done.', text: `${apology}${result}` };
  }
  return {
    reasoning: rejected
      ? 'The user rejected a tool use, so I stop here and report.'
      : 'Everything the task needs is done.\n\nTime to report what the tools said.',
    text: `${apology}Done.`,
    tool: { name: 'attempt_completion', params: [['result', result]] },
  };
}

function entriesText(count: number): string {
  return count === 1 ? '1 entry' : `${count} entries`;
}
