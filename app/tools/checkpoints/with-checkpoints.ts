// The tools with checkpoints around the ones that can change files: a write or a replace records
// its file, a command the whole workspace (the sandbox confines a command's writes to it).
import type { WorkspaceTool } from '../tool-types.js';
import type { StepScope, WorkspaceCheckpoints } from './workspace-checkpoints.js';

/** The scope a tool use may change, or undefined for tools that only read. */
export function stepScope(tool: string, params: Record<string, string | undefined>): StepScope | undefined {
  if (tool === 'write_to_file' || tool === 'replace_in_file') {
    const path = params.path?.trim();
    return path ? { paths: [path] } : undefined;
  }
  if (tool === 'execute_command') return 'workspace';
  return undefined;
}

/** The same tools; each that can change files is checkpointed before and after it runs. */
export function withCheckpoints(
  tools: Record<string, WorkspaceTool>,
  checkpoints: WorkspaceCheckpoints,
): Record<string, WorkspaceTool> {
  const wrapped: Record<string, WorkspaceTool> = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] = async (toolUse, context) => {
      const scope = stepScope(toolUse.name ?? name, toolUse.params as Record<string, string | undefined>);
      if (scope === undefined) return tool(toolUse, context);
      const target = scope === 'workspace' ? (toolUse.params.command ?? '') : scope.paths.join(', ');
      await checkpoints.before(`${name} ${target}`.trim(), scope);
      try {
        return await tool(toolUse, context);
      } finally {
        await checkpoints.after();
      }
    };
  }
  return wrapped;
}
