// Commands through a shell, each in its own process group, so that a time-out or an abort stops
// everything it started, and through a launcher that kills the group when this process dies
// however it dies (host-death-launcher.ts). No sandbox: the command sees what this process sees
// (see bubblewrap-runner.ts for the sandboxed runner the CLI prefers).
import type { CommandOutcome, CommandRequest, CommandRunner } from '../../workspace-port.js';
import { dieWithHost } from './host-death-launcher.js';
import { runInProcessGroup } from './run-in-process-group.js';
import type { CgroupParents } from './command-cgroup.js';
import { runWithLimits } from './limited-run.js';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.js';

export interface ProcessGroupRunnerOptions {
  /** The folder commands run in: the workspace root. */
  cwd: string;
  /** Environment for the commands; this process's own by default. */
  env?: NodeJS.ProcessEnv;
  /**
   * A cgroup per command (findCgroupParents): its process and memory limits apply, and whatever
   * the command left running — a `setsid` child outside its process group too — is killed when it
   * ends. Without it, such a child outlives the command.
   */
  cgroups?: CgroupParents;
  /** The cgroup's limits (processes, memory) and the disk warning; DEFAULT_SANDBOX_LIMITS for the rest. */
  limits?: Partial<SandboxLimits>;
}

/** A runner that spawns `/bin/sh -c <command>` in `cwd`, capping output and killing the group at the time limit, on abort, when the command ends, and when this process dies. */
export function createProcessGroupRunner(options: ProcessGroupRunnerOptions): CommandRunner {
  return {
    run(request: CommandRequest): Promise<CommandOutcome> {
      const spec = dieWithHost({
        file: '/bin/sh',
        args: ['-c', request.command],
        cwd: options.cwd,
        env: options.env ?? process.env,
      });
      if (!options.cgroups && !options.limits) return runInProcessGroup(spec, request);
      return runWithLimits(spec, request, {
        limits: { ...DEFAULT_SANDBOX_LIMITS, ...options.limits },
        workspace: options.cwd,
        ...(options.cgroups ? { cgroups: options.cgroups } : {}),
      });
    },
  };
}
