import type { WorkspaceTool } from './tool-types.js';
import type { Workspace, WorkspacePath } from './workspace-port.js';
import { gitMetadataRefused, readOnlyRefusal } from './result-sentences.js';
import { isGitMetadata } from './files/protected-paths.js';
import { createReadFileTool, type ReadFileOptions } from './files/read-file.js';
import { createListFilesTool, type ListFilesOptions } from './files/list-files.js';
import { createSearchFilesTool, type SearchFilesOptions } from './files/search-files.js';
import { createWriteToFileTool } from './files/write-to-file.js';
import { createReplaceInFileTool, type ReplaceInFileOptions } from './files/replace-in-file.js';
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
  /**
   * Let write_to_file and replace_in_file write inside a `.git` folder. Off by default: git runs
   * hooks and the programs its config names outside any sandbox, so the file tools refuse those
   * paths with a `protected-path` error unless this is set.
   */
  allowGitWrites?: boolean;
}

/** The file-writing tools: the ones that refuse `.git/` paths. */
const FILE_WRITING_TOOLS = ['write_to_file', 'replace_in_file'] as const;

/** Wraps a file-writing tool so it refuses paths in a `.git` folder (as the workspace resolves them). */
function refusingGitMetadata<P extends WorkspacePath>(
  name: string,
  files: Workspace<P>['files'],
  tool: WorkspaceTool,
): WorkspaceTool {
  return async (toolUse, context) => {
    const requested = toolUse.params.path;
    if (requested !== undefined && requested.trim() !== '') {
      const target = await files.resolve(requested);
      const relative = target.ok ? target.path.relative : requested;
      if (isGitMetadata(relative)) return gitMetadataRefused(name, relative);
    }
    return tool(toolUse, context);
  };
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
  if (!options.allowGitWrites) {
    for (const name of FILE_WRITING_TOOLS) tools[name] = refusingGitMetadata(name, files, tools[name]);
  }
  if (options.readOnly) {
    for (const name of WRITING_TOOL_NAMES) tools[name] = async () => readOnlyRefusal(name);
  }
  return tools;
}
