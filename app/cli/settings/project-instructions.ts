// Project instructions: AGENTS.md (the cross-agent convention Codex, Cline, opencode and others
// read) and, when present, CLAUDE.md and .clinerules (a file, or a folder of rule files) in the
// workspace root, joined into the system prompt. Each is reached as read_file reaches a file
// (resolveInsideRoot: a link that leads outside the workspace is refused) and opened without
// blocking (a FIFO, device or socket is refused, never waited on); each file is read at most
// MAX_BYTES (never whole) and all of them together at most MAX_TOTAL_BYTES. What is left out is
// named in a note.
import { readdir, realpath } from 'node:fs/promises';
import { readHead } from '../../tools/node/read-head.js';
import { resolveInsideRoot } from '../../tools/node/resolve-inside-root.js';

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

/**
 * Reads the project's instruction files in `root`.
 * @example
 * const found = await readProjectInstructions('/work/project');
 * if (found.files.length > 0) console.error(instructionsLine(found));
 */
export async function readProjectInstructions(root: string): Promise<ProjectInstructions> {
  const parts: string[] = [];
  const files: string[] = [];
  const leftOut: string[] = [];
  const realRoot = await realpath(root);
  const inRoot = new Set(await readdir(realRoot));
  let budget = MAX_TOTAL_BYTES;
  for (const name of NAMES) {
    if (!inRoot.has(name)) continue;
    for (const relative of await entriesOf(realRoot, root, name, leftOut)) {
      if (budget <= 0) {
        leftOut.push(`${relative} (over the ${MAX_TOTAL_BYTES}-byte total for project instructions)`);
        continue;
      }
      const where = await locate(realRoot, root, relative);
      const read = 'why' in where ? where : await readBounded(realRoot, where.real, Math.min(MAX_BYTES, budget));
      if ('why' in read) {
        leftOut.push(`${relative} (${read.why})`);
        continue;
      }
      if (read.text.trim() === '') continue;
      budget -= Buffer.byteLength(read.text);
      files.push(relative);
      parts.push(`## ${relative}\n\n${read.text.trim()}`);
    }
  }
  const text =
    parts.length === 0
      ? ''
      : `# Project instructions\n\nThe project's own instructions for agents (from the workspace root). Follow them unless the user says otherwise.\n\n${parts.join('\n\n')}`;
  return { text, files, leftOut };
}

/** The one line shown at start. */
export function instructionsLine(found: ProjectInstructions): string {
  return `project instructions: ${found.files.join(', ')} (--no-project-instructions leaves them out)`;
}

/** The line naming what was left out, or undefined when nothing was. */
export function leftOutLine(found: ProjectInstructions): string | undefined {
  return found.leftOut.length === 0 ? undefined : `project instructions left out: ${found.leftOut.join('; ')}`;
}
