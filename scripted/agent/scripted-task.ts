// What a task asks the scripted agent to do: which file to read, which to write.
import { faultsInText } from '../endpoint/scripted-faults.js';
import { asksForLargeFile, LARGE_FILE_PATH } from './scripted-large-file.js';

export interface ScriptedTaskIntent {
  /** One line describing the task, for prose and summaries. */
  summary: string;
  readPath?: string;
  writePath?: string;
  /** The task asks for a large file: the write is about 1 MB (see scripted-large-file.ts). */
  large?: boolean;
  /** "Read every file in src/": the folder whose files are all read, one per request. */
  readAllIn?: string;
  /** "Run `echo run >> log.txt`": commands named in backticks in a task that asks to run something, in order. */
  commands: string[];
}

const DEFAULT_WRITE_PATH = 'notes.md';

function tokensAfter(text: string, verb: RegExp): string[] | undefined {
  const m = verb.exec(text);
  if (!m) return undefined;
  return text.slice(m.index + m[0].length).split(/[\s,;]+/);
}

/** The first token that looks like a file path (has an extension), without quotes or end punctuation. */
function firstPath(tokens: string[]): string | undefined {
  for (const raw of tokens) {
    const token = raw.replace(/^[`'"(<]+/, '').replace(/[`'")>.:!?]+$/, '');
    if (/^[\w./-]+$/.test(token) && /\.[A-Za-z0-9]+$/.test(token) && !token.startsWith('http')) return token;
  }
  return undefined;
}

/** Backticked commands of a task that asks to run (or execute) something. */
function commandsIn(text: string): string[] {
  if (!/\b(?:run|execute)\b/i.test(text)) return [];
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const command = m[1].trim();
    if (command !== '' && !out.includes(command)) out.push(command);
  }
  return out;
}

/** Reads the intent out of a task text (tags such as <task> and fault markers are ignored). */
export function readTaskIntent(task: string): ScriptedTaskIntent {
  let text = task;
  for (const fault of faultsInText(task)) text = text.split(`fault:${fault}`).join(' ');
  text = text.replace(/<\/?task>/g, ' ');
  const envStart = text.indexOf('<environment_details>');
  if (envStart >= 0) text = text.slice(0, envStart);
  const summary = text.trim().split('\n')[0].trim().slice(0, 100) || 'the task';
  const readTokens = tokensAfter(text, /\b(?:read|open|look at|inspect)\b/i);
  const writeTokens = tokensAfter(text, /\b(?:write|create|save)\b/i);
  // A path right after "read" that is the write target is not something to read.
  const readPath = readTokens ? firstPath(readTokens.slice(0, 8)) : undefined;
  const large = asksForLargeFile(text);
  const writePath = writeTokens
    ? (firstPath(writeTokens.slice(0, 12)) ?? (large ? LARGE_FILE_PATH : DEFAULT_WRITE_PATH))
    : undefined;
  const all =
    /\b(?:read|summari[sz]e)\s+(?:every|each|all(?:\s+the)?)\s+files?\s+(?:in|under|of)\s+[`'"]?([\w./-]+)/i.exec(text);
  const readAllIn = all ? all[1].replace(/[`'".]+$/, '').replace(/\/+$/, '') || '.' : undefined;
  return {
    summary,
    readPath: readPath === writePath ? undefined : readPath,
    writePath,
    ...(large ? { large } : {}),
    ...(readAllIn !== undefined ? { readAllIn } : {}),
    commands: commandsIn(text),
  };
}
