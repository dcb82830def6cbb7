// --yes approves writes without a person, but never a write to a file that runs code later (a
// git hook, .envrc, package.json, a CI workflow, …): such a write is refused with a result that
// says why, so the model can tell the user what it would have changed.
import type { WorkspaceFiles, WorkspacePath, WorkspaceTool } from '../../tools/index.js';
import { runsCodeLater } from '../../tools/files/protected-paths.js';
import { runsLaterRefused } from '../../tools/result-sentences.js';

/** The tools that write one file at a `path` parameter. */
const FILE_WRITERS = ['write_to_file', 'replace_in_file'] as const;

/**
 * `tools` with write_to_file and replace_in_file refusing files that run code later, for the
 * tools in `unasked` (the ones no person approves this turn).
 */
export function refuseUnaskedRunsLaterWrites<P extends WorkspacePath>(
  tools: Record<string, WorkspaceTool>,
  files: WorkspaceFiles<P>,
  unasked: ReadonlySet<string>,
): Record<string, WorkspaceTool> {
  const out = { ...tools };
  for (const name of FILE_WRITERS) {
    const tool = tools[name];
    if (!tool || !unasked.has(name)) continue;
    out[name] = async (toolUse, context) => {
      const requested = toolUse.params.path;
      if (requested !== undefined && requested.trim() !== '') {
        const target = await files.resolve(requested);
        const relative = target.ok ? target.path.relative : requested;
        const reason = runsCodeLater(relative);
        if (reason) return runsLaterRefused(name, relative, reason.why);
      }
      return tool(toolUse, context);
    };
  }
  return out;
}
