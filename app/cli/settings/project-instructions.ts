// Project instructions: AGENTS.md (the cross-agent convention Codex, Cline, opencode and others
// read) and, when present, CLAUDE.md and .clinerules (a file, or a folder of rule files) in the
// workspace root, joined into the system prompt. Each file is read at most MAX_BYTES.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MAX_BYTES = 64 * 1024;
const NAMES = ['AGENTS.md', 'CLAUDE.md', '.clinerules'] as const;

/** The instructions found, and the line that says so at start. */
export interface ProjectInstructions {
  /** The text for the system prompt (empty when no file was found). */
  text: string;
  /** The files read, relative to the root. */
  files: string[];
}

function readCapped(file: string): string | undefined {
  try {
    const info = statSync(file);
    if (!info.isFile()) return undefined;
    const text = readFileSync(file, 'utf8');
    return text.length > MAX_BYTES ? `${text.slice(0, MAX_BYTES)}\n[… cut at ${MAX_BYTES} bytes]` : text;
  } catch {
    return undefined;
  }
}

/** Reads the project's instruction files in `root`. */
export function readProjectInstructions(root: string): ProjectInstructions {
  const parts: string[] = [];
  const files: string[] = [];
  for (const name of NAMES) {
    const full = path.join(root, name);
    let isFolder = false;
    try {
      isFolder = statSync(full).isDirectory();
    } catch {
      continue;
    }
    const entries = isFolder
      ? readdirSync(full)
          .filter((f) => !f.startsWith('.'))
          .sort()
          .map((f) => `${name}/${f}`)
      : [name];
    for (const relative of entries) {
      const text = readCapped(path.join(root, relative));
      if (text === undefined || text.trim() === '') continue;
      files.push(relative);
      parts.push(`## ${relative}\n\n${text.trim()}`);
    }
  }
  const text =
    parts.length === 0
      ? ''
      : `# Project instructions\n\nThe project's own instructions for agents (from the workspace root). Follow them unless the user says otherwise.\n\n${parts.join('\n\n')}`;
  return { text, files };
}

/** The one line shown at start. */
export function instructionsLine(found: ProjectInstructions): string {
  return `project instructions: ${found.files.join(', ')} (--no-project-instructions leaves them out)`;
}
