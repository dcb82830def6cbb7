import type { WorkspaceTool } from './tool-types.js';
import type { Workspace, WorkspacePath } from './workspace-port.js';
import { readOnlyRefusal } from './result-sentences.js';
import { createReadFileTool, type ReadFileOptions } from './read-file.js';
import { createListFilesTool, type ListFilesOptions } from './list-files.js';
import { createSearchFilesTool, type SearchFilesOptions } from './search-files.js';
import { createWriteToFileTool } from './write-to-file.js';
import { createReplaceInFileTool, type ReplaceInFileOptions } from './replace-in-file.js';
import { createExecuteCommandTool, type ExecuteCommandOptions } from './execute-command.js';
import { createAskFollowupQuestionTool, type AskFollowupQuestionOptions } from './ask-followup-question.js';

export interface WorkspaceToolsOptions {
  /** Refuse writes and commands (with an error result the model can read). */
  readOnly?: boolean;
  /** How ask_followup_question reaches a person, or what it says when no one can answer. */
  question?: AskFollowupQuestionOptions;
  readFile?: ReadFileOptions;
  listFiles?: ListFilesOptions;
  searchFiles?: SearchFilesOptions;
  replaceInFile?: ReplaceInFileOptions;
  executeCommand?: ExecuteCommandOptions;
}

/** Tools that change the workspace or run programs: refused in read-only mode, approved by a person otherwise. */
export const WRITING_TOOL_NAMES = ['write_to_file', 'replace_in_file', 'execute_command'] as const;

/**
 * Cline's tools over a workspace, keyed by tool name, as the agent-turn machine calls them.
 * attempt_completion is the machine's own.
 */
export function createWorkspaceTools<P extends WorkspacePath>(
  workspace: Workspace<P>,
  options: WorkspaceToolsOptions = {},
): Record<string, WorkspaceTool> {
  const { files, commands } = workspace;
  const tools: Record<string, WorkspaceTool> = {
    read_file: createReadFileTool(files, options.readFile),
    list_files: createListFilesTool(files, options.listFiles),
    search_files: createSearchFilesTool(files, options.searchFiles),
    write_to_file: createWriteToFileTool(files),
    replace_in_file: createReplaceInFileTool(files, options.replaceInFile),
    execute_command: createExecuteCommandTool(commands, options.executeCommand),
    ask_followup_question: createAskFollowupQuestionTool(options.question),
  };
  if (options.readOnly) {
    for (const name of WRITING_TOOL_NAMES) tools[name] = async () => readOnlyRefusal(name);
  }
  return tools;
}
