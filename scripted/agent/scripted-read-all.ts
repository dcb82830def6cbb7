// "Read every file in src/ and summarize them": list the folder, then read each file it holds, one
// per request, and report. The agent keeps its progress in its own messages (a `[progress] {…}`
// line), so the work goes on when the history is cut to fit the context window: the latest
// exchange, always kept, says what is left.
import type { ScriptedConversation, ScriptedToolOutcome } from './scripted-conversation.js';
import type { ScriptedAgentStep } from '../endpoint/scripted-step.js';

const PROGRESS_MARK = '[progress] ';

interface ReadAllProgress {
  folder: string;
  /** Every file the listing gave, in its order. */
  files: string[];
  /** File -> a one-line note of what it holds. */
  notes: Record<string, string>;
}

function readProgress(text: string | undefined, folder: string): ReadAllProgress | undefined {
  if (text === undefined) return undefined;
  const at = text.lastIndexOf(PROGRESS_MARK);
  if (at < 0) return undefined;
  const line = text.slice(at + PROGRESS_MARK.length).split('\n')[0];
  try {
    const value = JSON.parse(line) as Partial<ReadAllProgress>;
    if (
      value.folder !== folder ||
      !Array.isArray(value.files) ||
      value.notes === null ||
      typeof value.notes !== 'object'
    )
      return undefined;
    return { folder, files: value.files.filter((f): f is string => typeof f === 'string'), notes: { ...value.notes } };
  } catch {
    return undefined;
  }
}

function sameFolder(a: string | undefined, b: string): boolean {
  const norm = (p: string) => p.replace(/^\.\//, '').replace(/\/+$/, '') || '.';
  return a !== undefined && norm(a) === norm(b);
}

/** The files (not folders) of a listing's entries, as workspace paths. */
function listedFiles(outcome: ScriptedToolOutcome): string[] {
  if (outcome.kind !== 'ok' || / is empty\.$/.test(outcome.text)) return [];
  return outcome.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.endsWith('/') && !l.startsWith('[') && !(l.startsWith('(') && l.endsWith(')')));
}

/** One line about a file: its length and its first line, without characters that could read as tags. */
function noteOf(text: string): string {
  const lines = text === '' ? 0 : text.split('\n').length;
  const first = (text.split('\n').find((l) => l.trim() !== '') ?? '')
    .replace(/^\s*\d+\s*[|:]\s*/, '')
    .replace(/[<>&]/g, ' ')
    .trim()
    .slice(0, 50);
  return first === '' ? `${lines} lines` : `${lines} lines, begins "${first}"`;
}

/** The next step of the read-all task. */
export function planReadAllStep(conv: ScriptedConversation, folder: string, canComplete: boolean): ScriptedAgentStep {
  let progress = readProgress(conv.lastAssistantText, folder);
  if (progress === undefined) {
    const listing = [...conv.outcomes]
      .reverse()
      .find((o) => o.tool === 'list_files' && sameFolder(o.target, folder) && o.kind !== 'not-run');
    if (listing === undefined) {
      return {
        reasoning: `The task asks for every file in ${folder}. First I need the list of them.`,
        text: `I'll list the files in ${folder}.`,
        tool: {
          name: 'list_files',
          params: [
            ['path', folder],
            ['recursive', 'true'],
          ],
        },
      };
    }
    progress = { folder, files: listedFiles(listing), notes: {} };
  }
  // What the reads still in the history said (the newest one is not in the progress line yet).
  for (const o of conv.outcomes) {
    if (
      o.tool === 'read_file' &&
      o.target !== undefined &&
      progress.files.includes(o.target) &&
      (o.kind === 'ok' || o.kind === 'error')
    ) {
      progress.notes[o.target] = o.kind === 'ok' ? noteOf(o.text) : 'could not be read';
    }
  }
  const left = progress.files.filter((f) => !(f in progress.notes));
  if (left.length > 0) {
    const next = left[0];
    const done = progress.files.length - left.length;
    return {
      reasoning: `${done} of ${progress.files.length} files read. Next: ${next}.`,
      text: `Reading ${next} (${done + 1} of ${progress.files.length}).\n${PROGRESS_MARK}${JSON.stringify(progress)}`,
      tool: { name: 'read_file', params: [['path', next]] },
    };
  }
  const summary =
    progress.files.length === 0
      ? `${folder} holds no files.`
      : `Read ${progress.files.length} file${progress.files.length === 1 ? '' : 's'} in ${folder}: ${progress.files.map((f) => `${f} (${progress.notes[f]})`).join('; ')}.`;
  if (!canComplete) return { reasoning: 'Every file is read.', text: summary };
  return {
    reasoning: 'Every file is read. Time to report.',
    text: 'Done.',
    tool: { name: 'attempt_completion', params: [['result', summary]] },
  };
}
