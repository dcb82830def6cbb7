// Every sentence the tools answer with, in one place. The scripted model reads some of them back
// (an `Error (` prefix marks an error, "<path> is empty." an empty listing, a line opening with
// "[" a note rather than an entry), so this module is a contract: test/app/tools-sentences.test.ts
// checks the scripted agent's reading of it.
import type { CommandOutcome } from './workspace-port.js';
import type { ToolErrorCode, ToolErrorResult } from './tool-types.js';
import { utf8Length } from './files/utf8-length.js';

/** An error result whose text names the code and says what was wrong, so the model can correct itself. */
export function toolError(code: ToolErrorCode, message: string): ToolErrorResult {
  return { content: `Error (${code}): ${message}`, isError: true, code };
}

export const missingParam = (tool: string, param: string) =>
  toolError('missing-param', `${tool} needs the parameter <${param}>.`);

// Paths

/** Why a path was refused, as the adapters word it (the reason says what is wrong with it). */
export const outsideWorkspaceMessage = (requested: string, reason: string) =>
  `"${requested}" ${reason}; only paths inside the workspace are allowed.`;
export const outsideWorkspace = (requested: string, reason: string) =>
  toolError('outside-workspace', outsideWorkspaceMessage(requested, reason));
export const unresolvablePath = (requested: string, why: string) =>
  toolError('io-error', `Cannot resolve "${requested}": ${why}`);
export const fileNotFound = (path: string) => toolError('not-found', `File not found: ${path}`);
export const directoryNotFound = (path: string) => toolError('not-found', `Directory not found: ${path}`);
export const notAFile = (path: string, isDirectory = false) =>
  toolError('not-a-file', `${path} is not a file${isDirectory ? ' (it is a directory; use list_files)' : ''}.`);
export const notADirectory = (path: string) => toolError('not-a-directory', `${path} is not a directory.`);
/** A path that was inside when resolved but, when used, led outside or through a link swapped in meanwhile. */
export const ledOutside = (path: string) =>
  toolError(
    'outside-workspace',
    `${path} no longer led where it was checked when it was used (a link changed meanwhile); nothing was read or written there.`,
  );
/** The result for a port operation that rejected: a path found leading outside is said so, anything else is `otherwise`. */
export function portFailure(error: unknown, path: string, otherwise: ToolErrorResult): ToolErrorResult {
  return (error as { code?: unknown } | undefined)?.code === 'outside-workspace' ? ledOutside(path) : otherwise;
}

// read_file

export const readFailed = (path: string) => toolError('io-error', `Could not read ${path}.`);
export const binaryFile = (path: string, size: number) =>
  toolError('binary-file', `${path} is a binary file (${size} bytes); only text files can be read.`);
export const readTruncated = (text: string, shownBytes: number, size: number, path: string) =>
  `${text}\n\n[read_file: showing the first ${shownBytes} of ${size} bytes of ${path}]`;

// list_files

export const listAborted = () => toolError('aborted', 'list_files was stopped before it finished.');
export const emptyDirectory = (path: string) => `${path} is empty.`;
/** One listed entry: folders end in '/', links are marked and never entered. */
export const listEntry = (path: string, kind: 'file' | 'directory' | 'symlink' | 'other') =>
  kind === 'directory' ? `${path}/` : kind === 'symlink' ? `${path} (symlink)` : path;
export const moreEntriesNote = (more: number, atLeast: boolean) =>
  `[list_files: ${atLeast ? 'at least ' : ''}${more} more entries not shown; list a subfolder to see them]`;

// search_files

export const badRegex = (regex: string, why: string) =>
  toolError('bad-regex', `The regex ${JSON.stringify(regex)} is not valid: ${why}`);
export const badGlob = (glob: string, why: string) =>
  toolError('invalid-param', `The file_pattern ${JSON.stringify(glob)} is not a valid glob: ${why}`);
export const searchAborted = () => toolError('aborted', 'search_files was stopped before it finished.');
/** The answer when nothing matched: says what was searched, so the model can widen it. */
export const noSearchResults = (regex: string | undefined, glob: string | undefined) =>
  `Found 0 results for /${regex}/${glob ? ` in files matching ${glob}` : ''}.`;
/** One file's matching lines, numbered from 1. */
export const searchSection = (path: string, hits: readonly { line: number; text: string }[]) =>
  `${path}\n${hits.map((h) => `  ${h.line}: ${h.text}`).join('\n')}`;
export function searchResults(count: number, sections: readonly string[], cappedAt?: number): string {
  const head = `Found ${count} result${count === 1 ? '' : 's'}${cappedAt !== undefined ? ` (stopped at the limit of ${cappedAt}; narrow the search to see more)` : ''}.`;
  return `${head}\n\n${sections.join('\n\n')}`;
}

// write_to_file and replace_in_file

export const isADirectory = (path: string) => toolError('not-a-file', `${path} is a directory.`);
export const writeFailed = (path: string, why: string) => toolError('io-error', `Could not write ${path}: ${why}`);
export function fileWritten(path: string, content: string, created: boolean): string {
  const bytes = utf8Length(content);
  return `${created ? 'Created' : 'Wrote'} ${path} (${bytes} bytes, ${countLines(content)} lines).`;
}
export const diffRejected = (error: { code: ToolErrorCode; message: string }, path: string) =>
  toolError(error.code, `${error.message} ${path} was not changed.`);
export const editReadFailed = (path: string) => toolError('io-error', `Could not read ${path}; it was not changed.`);
export const editFileTooLarge = (path: string, size: number, maxBytes: number) =>
  toolError(
    'too-large',
    `${path} is ${size} bytes, over the ${maxBytes}-byte limit of replace_in_file; it was not changed. Rewrite it with write_to_file or edit it with execute_command.`,
  );
export const editBinaryFile = (path: string) =>
  toolError('binary-file', `${path} is a binary file; it was not changed.`);
export const editMissingFile = (path: string) =>
  toolError('not-found', `File not found: ${path}. Use write_to_file to create it.`);
export const editNotApplied = (error: { code: ToolErrorCode; message: string }, path: string) =>
  toolError(
    error.code,
    `${error.message} No changes were made to ${path}; read the file and retry with its exact text.`,
  );
export const editChangedNothing = (path: string) => `${path} already had this content; nothing changed.`;
export const editsApplied = (count: number, path: string) =>
  `Applied ${count} edit${count === 1 ? '' : 's'} to ${path}.`;

// execute_command

export const badTimeout = (asked: string) =>
  toolError('invalid-param', `timeout must be a positive number of seconds, not ${JSON.stringify(asked)}.`);
export const commandNotStarted = () => toolError('aborted', 'The command was not started: the turn was aborted.');
/** How a command ended, in the words the model reads. */
export function commandResult(outcome: CommandOutcome, timeoutMs: number): string | ToolErrorResult {
  switch (outcome.kind) {
    case 'emulated':
      return outcome.output;
    case 'refused':
      return outcome.error;
    case 'spawn-error':
      return toolError('io-error', `Could not start the command: ${outcome.message}`);
    case 'timeout':
      return toolError(
        'timeout',
        `The command was stopped after ${timeoutMs / 1000} s without finishing.${shownNotes(outcome.notes)}\nOutput so far:\n${shownOutput(outcome.output)}`,
      );
    case 'aborted':
      return toolError(
        'aborted',
        `The command was stopped because the turn was aborted.${shownNotes(outcome.notes)}\nOutput so far:\n${shownOutput(outcome.output)}`,
      );
    case 'exited': {
      const status = outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${outcome.code}`;
      return `Command ${status}.${shownNotes(outcome.notes)}\nOutput:\n${shownOutput(outcome.output)}`;
    }
  }
}
/** What the in-memory workspace's emulated shell says about a command it does not have. */
export const noShell = (commands: readonly string[]) =>
  toolError('invalid-param', `The browser demo has no shell; it can run only: ${commands.join(', ')}.`);
export const commandNeedsFile = (command: string) => toolError('missing-param', `${command} needs a file name.`);
export const commandNoSuchFile = (command: string, file: string) =>
  toolError('not-found', `${command}: ${file}: no such file`);

// ask_followup_question

export const NO_USER_NOTE =
  'No user is available to answer (not running in an interactive terminal). Proceed with your best judgement and state the assumption you made.';
/** The web page has no question box: the model is told to go on with what it has. */
export const demoUnanswered = (question: string) =>
  `The user did not answer "${question}" in this demo. Go on with your best judgement.`;
export const userAnswered = (answer: string) =>
  answer.trim() === '' ? 'The user gave no answer.' : `The user answered: ${answer}`;

// protected paths

/** A write into git's own folder: refused, since git runs what is there outside any sandbox. */
export const gitMetadataRefused = (tool: string, path: string) =>
  toolError(
    'protected-path',
    `${tool} does not write ${path}: it lies in a .git folder, whose hooks and config git runs outside the sandbox on the user's next git command. Change the working files instead, or ask the user to allow writes to .git.`,
  );
/** A write to a file that runs code later, refused because nobody approved it on its own (--yes covers no such write). */
export const runsLaterRefused = (tool: string, path: string, why: string) =>
  toolError(
    'protected-path',
    `${tool} did not write ${path} without a person's approval: ${why}. --yes does not cover such files; say what you would change there and the user can apply it.`,
  );

// read-only mode

export const readOnlyRefusal = (tool: string) =>
  toolError(
    'read-only',
    `${tool} is not available: the workspace is open read-only. Use the reading tools and answer from what they show.`,
  );

/** A runner's notes, each on its own line after the status ("" when there are none). */
function shownNotes(notes: readonly string[] | undefined): string {
  return notes && notes.length > 0 ? notes.map((n) => `\n${n}`).join('') : '';
}

/** A command created the workspace's .git: it could write its hooks and config; later commands cannot. */
export const newRepositoryNote = () =>
  'Note: this command created a git repository (.git) in the workspace; its hooks and config were writable to this command only and are read-only to the next ones. Check .git/config and .git/hooks before running git here.';

// Sandbox limits (the notes the Node runners add)

export const processLimitNote = (limit: number, refused: number) =>
  `The command hit the sandbox's process limit (${limit} processes at once): ${refused} fork${refused === 1 ? ' was' : 's were'} refused. A fork bomb or a runaway loop? Run fewer processes at once.`;
export const memoryLimitNote = (limit: string, killed: number) =>
  `The command went over the sandbox's memory limit (${limit}): the kernel killed ${killed} of its processes.`;
export const diskUseNote = (used: string, free: string) =>
  `Warning: the file system of the workspace lost ${used} of free space during this command (${free} left). Remove what is not needed.`;

function shownOutput(output: string): string {
  const text = output.trimEnd();
  return text === '' ? '(no output)' : text;
}

/** Lines in a text; a final newline does not start another. */
function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
