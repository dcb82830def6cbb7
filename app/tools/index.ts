// Cline's tools written once over a workspace port; isomorphic (no node modules), so the web page
// imports them too. Adapters: app/tools/node/ (the disk, a shell) and app/tools/memory/ (a map).
export { createWorkspaceTools, WRITING_TOOL_NAMES } from './create-workspace-tools.js';
export { runsCodeLater, isGitMetadata, RUNS_LATER_RULES } from './files/protected-paths.js';
export type { RunsLaterReason } from './files/protected-paths.js';
export type { WorkspaceToolsOptions } from './create-workspace-tools.js';
export type {
  Workspace,
  WorkspaceFiles,
  WorkspacePath,
  PathInfo,
  EntryKind,
  WalkEntry,
  WalkOptions,
  PathRefusal,
  CommandRunner,
  CommandRequest,
  CommandOutcome,
} from './workspace-port.js';
export type { WorkspaceTool, ToolResult, ToolErrorResult, ToolErrorCode } from './tool-types.js';
export type { AskUser, AskFollowupQuestionOptions } from './ask-followup-question.js';
export type { ReadFileOptions } from './files/read-file.js';
export type { ListFilesOptions } from './files/list-files.js';
export type { SearchFilesOptions } from './files/search-files.js';
export type { ReplaceInFileOptions } from './files/replace-in-file.js';
export type { ExecuteCommandOptions } from './execute-command.js';
export { IGNORED_DIRECTORIES } from './files/list-files.js';
export { NO_USER_NOTE, toolError } from './result-sentences.js';
export { parseSearchReplaceDiff, applySearchReplaceBlocks } from './files/search-replace-diff.js';
export { globToRegExp } from './files/glob-pattern.js';
