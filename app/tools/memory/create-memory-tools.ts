import type { WorkspaceTool } from '../tool-types.js';
import { createWorkspaceTools, type WorkspaceToolsOptions } from '../create-workspace-tools.js';
import { demoUnanswered } from '../result-sentences.js';
import type { MemoryWorkspace } from './memory-workspace.js';
import { memoryWorkspaceFiles } from './memory-files.js';
import { createDemoCommandRunner } from './demo-command.js';

/**
 * Cline's tools over an in-memory workspace (the web page's): the shared tools, with commands
 * emulated and questions answered by a note that no one is there to answer.
 */
export function createMemoryTools(
  ws: MemoryWorkspace,
  options: WorkspaceToolsOptions = {},
): Record<string, WorkspaceTool> {
  return createWorkspaceTools(
    { files: memoryWorkspaceFiles(ws), commands: createDemoCommandRunner(ws) },
    { question: { unanswered: demoUnanswered }, ...options },
  );
}
