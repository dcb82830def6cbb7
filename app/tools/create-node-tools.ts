import type { NodeTool } from './tool-types.js';
import { toolError } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { createReadFileTool, type ReadFileOptions } from './read-file.js';
import { createListFilesTool, type ListFilesOptions } from './list-files.js';
import { createSearchFilesTool, type SearchFilesOptions } from './search-files.js';
import { createWriteToFileTool } from './write-to-file.js';
import { createReplaceInFileTool } from './replace-in-file.js';
import { createExecuteCommandTool, type ExecuteCommandOptions } from './execute-command.js';
import { createAskFollowupQuestionTool, type AskUser } from './ask-followup-question.js';

export interface NodeToolsOptions {
  workspace: Workspace;
  /** Refuse writes and commands (with an error result the model can read). */
  readOnly?: boolean;
  /** How ask_followup_question reaches a person; without it the model is told to go on alone. */
  ask?: AskUser;
  readFile?: ReadFileOptions;
  listFiles?: ListFilesOptions;
  searchFiles?: SearchFilesOptions;
  executeCommand?: ExecuteCommandOptions;
}

/** Tools that change the workspace or run programs: refused in read-only mode, approved by a person otherwise. */
export const WRITING_TOOL_NAMES = ['write_to_file', 'replace_in_file', 'execute_command'] as const;

/** The Node tool map the agent-turn machine calls, keyed by Cline tool name. attempt_completion is the machine's own. */
export function createNodeTools(options: NodeToolsOptions): Record<string, NodeTool> {
  const { workspace } = options;
  const tools: Record<string, NodeTool> = {
    read_file: createReadFileTool(workspace, options.readFile),
    list_files: createListFilesTool(workspace, options.listFiles),
    search_files: createSearchFilesTool(workspace, options.searchFiles),
    write_to_file: createWriteToFileTool(workspace),
    replace_in_file: createReplaceInFileTool(workspace),
    execute_command: createExecuteCommandTool(workspace, options.executeCommand),
    ask_followup_question: createAskFollowupQuestionTool(options.ask),
  };
  if (options.readOnly) {
    for (const name of WRITING_TOOL_NAMES) {
      tools[name] = async () => toolError('read-only', `${name} is not available: the workspace is open read-only. Use the reading tools and answer from what they show.`);
    }
  }
  return tools;
}
