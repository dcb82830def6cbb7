// Commands through a shell, each in its own process group, so that a time-out or an abort stops
// everything it started. No sandbox: the command sees what this process sees (see
// bubblewrap-runner.ts for the sandboxed runner the CLI prefers).
import type { CommandOutcome, CommandRequest, CommandRunner } from '../workspace-port.js';
import { runInProcessGroup } from './run-in-process-group.js';

export interface ProcessGroupRunnerOptions {
  /** The folder commands run in: the workspace root. */
  cwd: string;
  /** Environment for the commands; this process's own by default. */
  env?: NodeJS.ProcessEnv;
}

/** A runner that spawns `/bin/sh -c <command>` in `cwd`, capping output and killing the group at the time limit, on abort, and when the command ends. */
export function createProcessGroupRunner(options: ProcessGroupRunnerOptions): CommandRunner {
  return {
    run(request: CommandRequest): Promise<CommandOutcome> {
      return runInProcessGroup(
        { file: '/bin/sh', args: ['-c', request.command], cwd: options.cwd, env: options.env ?? process.env },
        request,
      );
    },
  };
}
