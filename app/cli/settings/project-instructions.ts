// Project instructions: AGENTS.md (the cross-agent convention Codex, Cline, opencode and others
// read) and, when present, CLAUDE.md and .clinerules (a file, or a folder of rule files) in the
// workspace root, then — as Codex does — the AGENTS.md of each folder from the root down to the
// working folder (when it is inside the workspace), deeper ones later so they take precedence;
// all joined into the system prompt. Each is reached as read_file reaches a file
// (resolveInsideRoot: a link that leads outside the workspace is refused) and opened without
// blocking (a FIFO, device or socket is refused, never waited on); each file is read at most
// MAX_BYTES (never whole) and all of them together at most MAX_TOTAL_BYTES. What is left out is
// named in a note.
import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { readHead } from '../../tools/node/read-head.js';
import { isInside, resolveInsideRoot } from '../../tools/node/resolve-inside-root.js';

const MAX_BYTES = 64 * 1024;
const MAX_TOTAL_BYTES = 256 * 1024;
const NAMES = ['AGENTS.md', 'CLAUDE.md', '.clinerules'] as const;

/** The instructions found, and the line that says so at start. */
export interface ProjectInstructions {
  /** The text for the system prompt (empty when no file was found). */
  text: string;
  /** The files read, relative to the root. */
  files: string[];
  /** What was found but left out, and why (a link leading outside, not a regular file, over the total cap). */
  leftOut: string[];
}

type Read = { ok: true; text: string } | { ok: false; why: string };

/** The file at `real` (already resolved inside `realRoot`), at most `cap` bytes, marked when cut. */
async function readBounded(realRoot: string, real: string, cap: number): Promise<Read> {
  try {
    const bytes = await readHead(realRoot, real, cap + 1);
    const cut = bytes.length > cap;
    const text = new TextDecoder().decode(cut ? bytes.subarray(0, cap) : bytes);
    return { ok: true, text: cut ? `${text}\n[… cut at ${cap} bytes]` : text };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'not-a-file') return { ok: false, why: 'it is not a regular file' };
    if (code === 'outside-workspace') return { ok: false, why: 'it leads outside the workspace' };
    return { ok: false, why: `it cannot be read (${code ?? (error as Error).message})` };
  }
}

/** Where `relative` really is inside the root, or why not (a link out, a loop). */
async function locate(realRoot: string, root: string, relative: string): Promise<{ real: string } | { why: string }> {
  const resolved = await resolveInsideRoot(realRoot, root, relative);
  if (!resolved.ok) return { why: 'it leads outside the workspace' };
  return { real: resolved.path.real };
}

/** The names to read for one of NAMES: the file itself, or the folder's visible entries in order. */
async function entriesOf(realRoot: string, root: string, name: string, leftOut: string[]): Promise<string[]> {
  const where = await locate(realRoot, root, name);
  if ('why' in where) {
    leftOut.push(`${name} (${where.why})`);
    return [];
  }
  const names = await readdir(where.real).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOTDIR' ? undefined : [],
  );
  if (names === undefined) return [name];
  return names
    .filter((f) => !f.startsWith('.'))
    .sort()
    .map((f) => `${name}/${f}`);
}

/** The folders from just below the root down to `cwd` ('sub', 'sub/deeper'), or none when `cwd` is not inside. */
async function foldersDownTo(realRoot: string, cwd: string): Promise<string[]> {
  const realCwd = await realpath(cwd).catch(() => undefined);
  if (realCwd === undefined || !isInside(realRoot, realCwd)) return [];
  const segments = path
    .relative(realRoot, realCwd)
    .split(path.sep)
    .filter((segment) => segment !== '');
  return segments.map((_, i) => segments.slice(0, i + 1).join('/'));
}

/** What is gathered while reading: the parts, the files, what was left out, the bytes left. */
interface Gathered {
  parts: string[];
  files: string[];
  leftOut: string[];
  budget: number;
}

/** Reads `relative` into `into`, within the budget; what cannot be read is named in `leftOut`. */
async function gather(realRoot: string, root: string, relative: string, into: Gathered): Promise<void> {
  if (into.budget <= 0) {
    into.leftOut.push(`${relative} (over the ${MAX_TOTAL_BYTES}-byte total for project instructions)`);
    return;
  }
  const where = await locate(realRoot, root, relative);
  const read = 'why' in where ? where : await readBounded(realRoot, where.real, Math.min(MAX_BYTES, into.budget));
  if ('why' in read) {
    into.leftOut.push(`${relative} (${read.why})`);
    return;
  }
  if (read.text.trim() === '') return;
  into.budget -= Buffer.byteLength(read.text);
  into.files.push(relative);
  into.parts.push(`## ${relative}\n\n${read.text.trim()}`);
}

/** Where to look for nested AGENTS.md files. */
export interface ProjectInstructionsOptions {
  /**
   * The working folder (default: the process's): each folder from the root down to it adds its
   * own AGENTS.md. Outside the workspace, only the root's files are read.
   */
  cwd?: string;
}

/**
 * Reads the project's instruction files in `root`, and the AGENTS.md of each folder below it down
 * to the working folder (deeper ones last, so they take precedence).
 * @example
 * const found = await readProjectInstructions('/work/project', { cwd: '/work/project/packages/api' });
 * if (found.files.length > 0) console.error(instructionsLine(found));
 */
export async function readProjectInstructions(
  root: string,
  options: ProjectInstructionsOptions = {},
): Promise<ProjectInstructions> {
  const into: Gathered = { parts: [], files: [], leftOut: [], budget: MAX_TOTAL_BYTES };
  const realRoot = await realpath(root);
  const inRoot = new Set(await readdir(realRoot));
  for (const name of NAMES) {
    if (!inRoot.has(name)) continue;
    for (const relative of await entriesOf(realRoot, root, name, into.leftOut))
      await gather(realRoot, root, relative, into);
  }
  const atRoot = into.files.length;
  for (const folder of await foldersDownTo(realRoot, options.cwd ?? process.cwd())) {
    const where = await locate(realRoot, root, folder);
    const names = 'why' in where ? [] : await readdir(where.real).catch(() => [] as string[]);
    if (names.includes('AGENTS.md')) await gather(realRoot, root, `${folder}/AGENTS.md`, into);
  }
  const nested = into.files.length > atRoot;
  const text =
    into.parts.length === 0
      ? ''
      : `# Project instructions\n\nThe project's own instructions for agents (from the workspace root${nested ? " and the folders down to the working folder; a deeper folder's AGENTS.md comes later and takes precedence over the ones above it" : ''}). Follow them unless the user says otherwise.\n\n${into.parts.join('\n\n')}`;
  return { text, files: into.files, leftOut: into.leftOut };
}

/** The one line shown at start. */
export function instructionsLine(found: ProjectInstructions): string {
  return `project instructions: ${found.files.join(', ')} (--no-project-instructions leaves them out)`;
}

/** The line naming what was left out, or undefined when nothing was. */
export function leftOutLine(found: ProjectInstructions): string | undefined {
  return found.leftOut.length === 0 ? undefined : `project instructions left out: ${found.leftOut.join('; ')}`;
}
