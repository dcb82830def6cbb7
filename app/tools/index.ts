// Node tools for the agent turn: a path-safe workspace and Cline's file, search and command tools.
export { openWorkspace } from './workspace.js';
export type { Workspace, ResolvedPath } from './workspace.js';
export { createNodeTools, WRITING_TOOL_NAMES } from './create-node-tools.js';
export type { NodeToolsOptions } from './create-node-tools.js';
export type { NodeTool, NodeToolResult, ToolErrorCode } from './tool-types.js';
export type { AskUser } from './ask-followup-question.js';
export { NO_USER_NOTE } from './ask-followup-question.js';
export { parseSearchReplaceDiff, applySearchReplaceBlocks } from './search-replace-diff.js';
export { globToRegExp } from './glob-pattern.js';
