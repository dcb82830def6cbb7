// What the scripted model reads from a request's messages: the task, and the outcome of every
// tool it used so far (tag-protocol result sections or role:'tool' messages).

export type ToolOutcomeKind = 'ok' | 'error' | 'rejected' | 'not-run';

export interface ScriptedToolOutcome {
  tool: string;
  /** What the tool acted on, e.g. the path. */
  target?: string;
  kind: ToolOutcomeKind;
  text: string;
}

export interface ScriptedConversation {
  /** The first user message: the task. */
  task: string;
  outcomes: ScriptedToolOutcome[];
  /** How many replies the assistant already gave. */
  assistantTurns: number;
  /** The last user message says the previous reply used no tool. */
  nudged: boolean;
  /** The user's latest `<feedback>`, if any. */
  feedback?: string;
  /** The text of the latest assistant message, if any (the agent keeps its progress notes there). */
  lastAssistantText?: string;
  /** The person's earlier messages of this conversation (their `<task>` text), oldest first. */
  earlierTasks?: string[];
  /** What the latest message says happened since the agent's last reply (e.g. an undo), line by line. */
  notesSinceLastReply?: string[];
}

interface WireMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
}

/** Message content as text: a string, or the text parts of a content array. */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('\n');
  }
  return '';
}

function classify(text: string): ToolOutcomeKind {
  const t = text.trimStart();
  if (/rejected this tool use|denied this operation/i.test(t)) return 'rejected';
  if (t.startsWith('Not run')) return 'not-run';
  if (t.startsWith('The tool execution failed') || t.startsWith('Error (') || t.startsWith('Error:')) return 'error';
  return 'ok';
}

function stripEnvironmentDetails(text: string): string {
  const open = text.indexOf('<environment_details>');
  if (open < 0) return text;
  const close = text.indexOf('</environment_details>', open);
  return text.slice(0, open) + (close < 0 ? '' : text.slice(close + '</environment_details>'.length));
}

const RESULT_SUFFIX = '] Result:';

/** Parses "[name for 'target'] Result:" / "[name] Result:" headers (Cline's wording), without regex backtracking. */
function parseHeader(line: string): { tool: string; target?: string } | undefined {
  const l = line.trimEnd();
  if (!l.startsWith('[') || !l.endsWith(RESULT_SUFFIX)) return undefined;
  const inner = l.slice(1, l.length - RESULT_SUFFIX.length);
  const space = inner.indexOf(' ');
  const tool = space < 0 ? inner : inner.slice(0, space);
  if (!/^[A-Za-z_][\w.-]*$/.test(tool)) return undefined;
  if (space < 0) return { tool };
  const rest = inner.slice(space);
  if (!rest.startsWith(" for '")) return { tool };
  const body = rest.slice(6);
  // The target ends at the quote that closes the header or precedes " in '…'" / " (…)".
  let end = body.length - 1;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "'" && (i === body.length - 1 || body[i + 1] === ' ')) {
      end = i;
      break;
    }
  }
  return { tool, target: body.slice(0, Math.max(0, end)) };
}

function tagOutcomes(text: string): ScriptedToolOutcome[] {
  const out: ScriptedToolOutcome[] = [];
  let current: { tool: string; target?: string; lines: string[] } | undefined;
  const flush = () => {
    if (!current) return;
    const body = stripEnvironmentDetails(current.lines.join('\n')).trim();
    out.push({ tool: current.tool, target: current.target, kind: classify(body), text: body });
  };
  for (const line of text.split('\n')) {
    const header = parseHeader(line);
    if (header) {
      flush();
      current = { ...header, lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  flush();
  return out;
}

function nativeCallInfo(messages: WireMessage[], id: string): { tool: string; target?: string } {
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const call of m.tool_calls as Array<{ id?: unknown; function?: { name?: unknown; arguments?: unknown } }>) {
      if (call?.id !== id) continue;
      const tool = typeof call.function?.name === 'string' ? call.function.name : 'unknown';
      let target: string | undefined;
      try {
        const args = JSON.parse(String(call.function?.arguments ?? '{}')) as Record<string, unknown>;
        // The parameter a tag result's header would name (describeToolUse): the path, else the command or the pattern.
        for (const key of ['regex', 'path', 'command', 'url', 'query', 'question']) {
          if (typeof args[key] === 'string' && args[key] !== '') {
            target = args[key] as string;
            break;
          }
        }
      } catch {
        // arguments that are not JSON name no target
      }
      return { tool, target };
    }
  }
  return { tool: 'unknown' };
}

const FEEDBACK_OPEN = '<feedback>';
const FEEDBACK_CLOSE = '</feedback>';

function lastFeedback(text: string): string | undefined {
  const open = text.lastIndexOf(FEEDBACK_OPEN);
  if (open < 0) return undefined;
  const close = text.indexOf(FEEDBACK_CLOSE, open);
  const value = text.slice(open + FEEDBACK_OPEN.length, close < 0 ? undefined : close).trim();
  return value === '' ? undefined : value;
}

/** The index of the last user message that opens with `<task>` (a new message of the person), else of the first user message. */
function latestTaskMessage(list: readonly WireMessage[]): number {
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i].role === 'user' && messageText(list[i].content).trimStart().startsWith('<task>')) return i;
  }
  return list.findIndex((m) => m.role === 'user');
}

const TASK_OPEN = '<task>';
const TASK_CLOSE = '</task>';
const NOTES_HEADING = '# Since your last reply';

/** The text between `<task>` and `</task>` of a person's message. */
function taskText(content: string): string {
  const open = content.indexOf(TASK_OPEN);
  const start = open < 0 ? 0 : open + TASK_OPEN.length;
  const close = content.indexOf(TASK_CLOSE, start);
  return content.slice(start, close < 0 ? undefined : close).trim();
}

/** The lines under "# Since your last reply" in a message's environment details. */
function notesIn(content: string): string[] {
  const at = content.indexOf(NOTES_HEADING);
  if (at < 0) return [];
  const rest = content.slice(at + NOTES_HEADING.length);
  const end = rest.search(/\n#|<\/environment_details>/);
  return (end < 0 ? rest : rest.slice(0, end))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Reads the conversation so far from OpenAI-style messages. */
export function readConversation(messages: readonly WireMessage[]): ScriptedConversation {
  const list = messages as WireMessage[];
  // In a conversation each new message from the person opens with <task>: the latest one is the
  // task, and only what happened since counts (the earlier tasks' tool results are history).
  const firstUser = latestTaskMessage(list);
  const task = firstUser < 0 ? '' : messageText(list[firstUser].content);
  const outcomes: ScriptedToolOutcome[] = [];
  let assistantTurns = 0;
  let lastUser = '';
  let lastAssistantText: string | undefined;
  for (let i = Math.max(0, firstUser); i < list.length; i++) {
    const m = list[i];
    if (m.role === 'assistant') {
      assistantTurns++;
      lastAssistantText = messageText(m.content);
    }
    if (m.role === 'tool') {
      const text = stripEnvironmentDetails(messageText(m.content)).trim();
      outcomes.push({ ...nativeCallInfo(list, String(m.tool_call_id)), kind: classify(text), text });
    }
    if (m.role === 'user' && i !== firstUser) {
      lastUser = messageText(m.content);
      outcomes.push(...tagOutcomes(lastUser));
    }
  }
  const lastIsUser = list.length > 0 && list[list.length - 1].role === 'user' && list.length - 1 !== firstUser;
  const nudged = lastIsUser && lastUser.includes('[ERROR]') && /no tool|not use a tool/i.test(lastUser);
  const earlierTasks: string[] = [];
  for (let i = 0; i < firstUser; i++) {
    const text = list[i].role === 'user' ? messageText(list[i].content) : '';
    if (text.trimStart().startsWith(TASK_OPEN)) earlierTasks.push(taskText(text));
  }
  const notes = notesIn(task);
  return {
    task,
    outcomes,
    assistantTurns,
    nudged,
    feedback: lastFeedback(lastUser),
    ...(lastAssistantText !== undefined ? { lastAssistantText } : {}),
    ...(earlierTasks.length > 0 ? { earlierTasks } : {}),
    ...(notes.length > 0 ? { notesSinceLastReply: notes } : {}),
  };
}
