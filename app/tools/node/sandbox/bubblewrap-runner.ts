// Commands in a bubblewrap sandbox (see bubblewrap-args.ts for exactly what it enforces). Each
// command gets a fresh sandbox: its own PID namespace, whose first process is bubblewrap's init;
// when the command ends, that init exits and the kernel kills everything else the command started
// (background jobs, nohup, setsid). A time-out or an abort kills bwrap's process group, and
// --die-with-parent takes the sandbox down when bwrap or this process dies. Limits: the policy's
// (rlimits and tmpfs sizes inside, a cgroup per command when `cgroups` is given; limited-run.ts).
import type { CommandOutcome, CommandRequest, CommandRunner } from '../../workspace-port.js';
import { bubblewrapArgs, type SandboxPolicy } from './bubblewrap-args.js';
import type { CgroupParents } from './command-cgroup.js';
import { runWithLimits } from './limited-run.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox-limits.js';
import { gitMetadataPaths } from './sandbox-policy.js';
import { newRepositoryNote } from '../../result-sentences.js';

export interface BubblewrapRunnerOptions {
  /** The bwrap program (an absolute path, from probeBubblewrap). */
  bwrap: string;
  policy: SandboxPolicy;
  /** Where each command's cgroup goes (findCgroupParents): process and memory limits that hold for root too. */
  cgroups?: CgroupParents;
}

/** A runner that starts `bwrap … /bin/sh -c <command>` with the policy; bwrap itself gets only the policy's environment. */
export function createBubblewrapRunner(options: BubblewrapRunnerOptions): CommandRunner {
  const { bwrap, policy } = options;
  return {
    async run(request: CommandRequest): Promise<CommandOutcome> {
      // The git metadata as it is now: a repository made since the policy was built is read-only too.
      const gitBefore = policy.protectGit ? await gitMetadataPaths(policy.workspace) : [];
      const current: SandboxPolicy = policy.protectGit
        ? { ...policy, readOnlyInWorkspace: [...new Set([...(policy.readOnlyInWorkspace ?? []), ...gitBefore])] }
        : policy;
      // bwrap runs as the sandbox's PID 1, whose /proc/1/environ a command can read: it starts with the clean environment too.
      const outcome = await runWithLimits(
        {
          file: bwrap,
          args: bubblewrapArgs(current, request.command, { infoFd: 3, memoryByCgroup: options.cgroups !== undefined }),
          cwd: policy.workspace,
          env: { ...policy.env },
          sandboxInfoFd: true,
        },
        request,
        {
          limits: policy.limits ?? DEFAULT_SANDBOX_LIMITS,
          workspace: policy.workspace,
          ...(options.cgroups ? { cgroups: options.cgroups } : {}),
        },
      );
      // A repository the command made (git init) was writable to it: say so, its config and hooks run on the user's git commands.
      if (!policy.protectGit || gitBefore.length > 0 || (await gitMetadataPaths(policy.workspace)).length === 0)
        return outcome;
      if (outcome.kind !== 'exited' && outcome.kind !== 'timeout' && outcome.kind !== 'aborted') return outcome;
      return { ...outcome, notes: [...(outcome.notes ?? []), newRepositoryNote()] };
    },
  };
}
