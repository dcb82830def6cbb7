// What a write_to_file or replace_in_file would do to the workspace, worked out without writing:
// the file's text now and the text it would have, read through the same port and with the same
// SEARCH/REPLACE logic the tools use. A UI turns it into a diff (app/ui/file-diff.ts) so a person
// approves the change itself, not the model's description of it.
import type { ToolUse } from 'agent-turn';
import type { WorkspaceFiles, WorkspacePath } from '../workspace-port.js';
import { looksBinary } from './binary-detection.js';
import { applySearchReplaceBlocks, parseSearchReplaceDiff } from './search-replace-diff.js';

/** How the change touches the file. */
export type FileChangeKind =
  /** No file there yet: every line is new. */
  | 'create'
  /** write_to_file over an existing file: its whole content is replaced. */
  | 'overwrite'
  /** replace_in_file: some lines change. */
  | 'edit';

/** What a change does to one file: its text before (undefined when it does not exist yet) and after. */
export interface FileChange {
  /** The path relative to the workspace, as the workspace resolved it. */
  path: string;
  change: FileChangeKind;
  before: string | undefined;
  after: string;
}

/** Why no preview could be made; the tool itself would then fail (or refuse) the same way. */
export interface ChangePreviewError {
  code:
    | 'not-a-file-change'
    | 'missing-param'
    | 'outside-workspace'
    | 'not-a-file'
    | 'not-found'
    | 'binary-file'
    | 'too-large'
    | 'bad-diff'
    | 'search-not-found'
    | 'io-error';
  message: string;
}

export type ChangePreview = { ok: true; change: FileChange } | { ok: false; error: ChangePreviewError };

export interface ChangePreviewOptions {
  /** Files larger than this are not read for a preview (default 8 MiB). */
  maxBytes?: number;
}

const DEFAULT_MAX_PREVIEW_BYTES = 8 * 1024 * 1024;

/** The tools whose effect can be previewed. */
export const PREVIEWED_TOOLS = ['write_to_file', 'replace_in_file'] as const;

const fail = (code: ChangePreviewError['code'], message: string): ChangePreview => ({
  ok: false,
  error: { code, message },
});

/**
 * The change a complete write_to_file or replace_in_file tool use would make, read from the
 * workspace now. Never writes. Errors say why the change cannot be shown (and, mostly, why the
 * tool would fail).
 */
export async function previewFileChange<P extends WorkspacePath>(
  files: WorkspaceFiles<P>,
  toolUse: Pick<ToolUse, 'name' | 'params'>,
  options: ChangePreviewOptions = {},
): Promise<ChangePreview> {
  if (toolUse.name !== 'write_to_file' && toolUse.name !== 'replace_in_file')
    return fail('not-a-file-change', `${toolUse.name} changes no file.`);
  const requested = toolUse.params.path;
  if (requested === undefined || requested.trim() === '')
    return fail('missing-param', `${toolUse.name} has no <path>.`);
  const target = await files.resolve(requested);
  if (!target.ok)
    return fail(target.error.code === 'outside-workspace' ? 'outside-workspace' : 'io-error', target.error.content);
  const { path } = target;
  const info = await files.stat(path);
  if (info && info.kind !== 'file') return fail('not-a-file', `${path.relative} is not a file.`);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_PREVIEW_BYTES;
  if (info && info.size > maxBytes)
    return fail('too-large', `${path.relative} has ${info.size} bytes, more than the ${maxBytes} a preview reads.`);
  let before: string | undefined;
  if (info) {
    const bytes = await files.read(path, maxBytes + 1).catch(() => undefined);
    if (!bytes) return fail('io-error', `Could not read ${path.relative}.`);
    if (bytes.length > maxBytes)
      return fail('too-large', `${path.relative} has more than the ${maxBytes} bytes a preview reads.`);
    if (looksBinary(bytes)) return fail('binary-file', `${path.relative} is a binary file.`);
    before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  }
  if (toolUse.name === 'write_to_file') {
    const content = toolUse.params.content;
    if (content === undefined) return fail('missing-param', 'write_to_file has no <content>.');
    return {
      ok: true,
      change: { path: path.relative, change: before === undefined ? 'create' : 'overwrite', before, after: content },
    };
  }
  const diff = toolUse.params.diff;
  if (diff === undefined || diff.trim() === '') return fail('missing-param', 'replace_in_file has no <diff>.');
  const parsed = parseSearchReplaceDiff(diff);
  if (!parsed.ok) return fail(parsed.error.code, parsed.error.message);
  if (before === undefined && parsed.blocks.some((b) => b.search !== ''))
    return fail('not-found', `${path.relative} does not exist.`);
  const applied = applySearchReplaceBlocks(before ?? '', parsed.blocks);
  if (!applied.ok) return fail(applied.error.code, applied.error.message);
  return {
    ok: true,
    change: { path: path.relative, change: before === undefined ? 'create' : 'edit', before, after: applied.content },
  };
}
