import type { WorkspaceTool } from '../tool-types.js';
import type { CommandRunner } from '../workspace-port.js';
import { createWorkspaceTools, type WorkspaceToolsOptions } from '../create-workspace-tools.js';
import type { AskUser } from '../ask-followup-question.js';
import type { ExecuteCommandOptions } from '../execute-command.js';
import type { NodeWorkspace } from './node-workspace.js';
import { createProcessGroupRunner } from './sandbox/process-group-runner.js';

export interface NodeToolsOptions extends Omit<WorkspaceToolsOptions, 'question' | 'executeCommand'> {
  /** The folder the tools work in, from `openWorkspace`. */
  workspace: NodeWorkspace;
  /** How ask_followup_question reaches a person; without it the model is told to go on alone. */
  ask?: AskUser;
  executeCommand?: ExecuteCommandOptions & {
    /** Environment for the command; the CLI's own by default. */
    env?: NodeJS.ProcessEnv;
  };
  /** Runs execute_command's commands; a shell in its own process group in the workspace root by default. */
  commands?: CommandRunner;
}

/** Cline's tools on disk, keyed by tool name, as the agent-turn machine calls them. attempt_completion is the machine's own. */
export function createNodeTools(options: NodeToolsOptions): Record<string, WorkspaceTool> {
  const { workspace, ask, commands, executeCommand, ...rest } = options;
  const runner = commands ?? createProcessGroupRunner({ cwd: workspace.root, env: executeCommand?.env });
  return createWorkspaceTools({ files: workspace, commands: runner }, { ...rest, executeCommand, question: { ask } });
}
