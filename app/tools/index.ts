// Cline's tools written once over a workspace port; isomorphic (no node modules), so the web page
// imports them too. Adapters: app/tools/node/ (the disk, a shell) and app/tools/memory/ (a map).
export { createWorkspaceTools, WRITING_TOOL_NAMES } from './create-workspace-tools.js';
export type { WorkspaceToolsOptions } from './create-workspace-tools.js';
export type { WorkspaceFiles, WorkspacePath, CommandRunner, CommandRequest, CommandOutcome } from './workspace-port.js';
export type { WorkspaceTool, ToolResult, ToolErrorCode } from './tool-types.js';
export type { AskUser } from './ask-followup-question.js';
export type { ExecuteCommandOptions } from './execute-command.js';
export { globToRegExp } from './files/glob-pattern.js';
