// The diff a write_to_file or replace_in_file would make, worked out (never written) through the
// shared preview (app/tools/files/change-preview.ts) and drawn by the shared diff (app/ui/file-diff.ts).
// Previewed once per block, while the tool has not run yet; kept by block key.
import { useEffect, useState } from 'react';
import { previewFileChange, PREVIEWED_TOOLS } from '../../app/tools/files/change-preview.js';
import { memoryWorkspaceFiles, type MemoryWorkspace } from '../../app/tools/memory/index.js';
import { fileDiff, type FileDiff } from '../../app/ui/file-diff.js';
import type { ToolBlockView } from '../../machines/index.js';

/** A diff, or why none could be made (the tool would then fail the same way). */
export type Preview = { ok: true; diff: FileDiff } | { ok: false; message: string };

const previews = new Map<string, Promise<Preview>>();

/** Whether the block is a file change whose preview can still be made (complete, not yet run). */
function previewable(block: ToolBlockView): boolean {
  return (
    (PREVIEWED_TOOLS as readonly string[]).includes(block.name) &&
    (block.status === 'ready' || block.status === 'awaiting-approval')
  );
}

function previewOf(block: ToolBlockView, workspace: MemoryWorkspace): Promise<Preview> | undefined {
  const known = previews.get(block.key);
  if (known !== undefined || !previewable(block)) return known;
  const made = previewFileChange(memoryWorkspaceFiles(workspace), block).then(
    (r): Preview => (r.ok ? { ok: true, diff: fileDiff(r.change) } : { ok: false, message: r.error.message }),
  );
  previews.set(block.key, made);
  return made;
}

/** The block's preview once made; undefined for other tools, while streaming, or for a tool that ran before one was made. */
export function useChangePreview(block: ToolBlockView, workspace: MemoryWorkspace): Preview | undefined {
  const [preview, setPreview] = useState<Preview>();
  const pending = previewOf(block, workspace);
  useEffect(() => {
    let live = true;
    void pending?.then((p) => live && setPreview(p));
    return () => {
      live = false;
    };
  }, [pending]);
  return preview;
}

/** Forgets every preview (block keys repeat from one turn to the next). */
export function forgetPreviews(): void {
  previews.clear();
}
