import type { ToolUse } from 'agent-turn';
import type { WorkspaceTool } from './tool-types.js';
import type { CommandRunner } from './workspace-port.js';
import { requireParam } from './tool-params.js';
import { badTimeout, commandNotStarted, commandResult } from './result-sentences.js';

export interface ExecuteCommandOptions {
  /** Time limit when the model gives none, in milliseconds. */
  timeoutMs?: number;
  /** The most the model may ask for with its `timeout` parameter (seconds), in milliseconds. */
  maxTimeoutMs?: number;
  /** Output kept (stdout and stderr together). */
  maxOutputBytes?: number;
  /** Sees a running command's output as it arrives (a live view), with the tool use it belongs to. */
  onOutput?: (text: string, toolUse: ToolUse) => void;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_TIMEOUT_MS = 600_000;
export const DEFAULT_COMMAND_MAX_OUTPUT_BYTES = 64 * 1024;

/** execute_command: runs a command in the workspace through its runner, within a time limit and an output cap. */
export function createExecuteCommandTool(commands: CommandRunner, options: ExecuteCommandOptions = {}): WorkspaceTool {
  return async (toolUse, { signal }) => {
    const commandParam = requireParam(toolUse, 'command');
    if (!commandParam.ok) return commandParam.error;
    let timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    const asked = toolUse.params.timeout?.trim();
    if (asked) {
      const seconds = Number(asked);
      if (!Number.isFinite(seconds) || seconds <= 0) return badTimeout(asked);
      timeoutMs = Math.min(seconds * 1000, options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS);
    }
    if (signal.aborted) return commandNotStarted();
    const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_COMMAND_MAX_OUTPUT_BYTES;
    const { onOutput } = options;
    const outcome = await commands.run({
      command: commandParam.value,
      timeoutMs,
      maxOutputBytes,
      signal,
      ...(onOutput ? { onOutput: (text: string) => onOutput(text, toolUse) } : {}),
    });
    return commandResult(outcome, timeoutMs);
  };
}
