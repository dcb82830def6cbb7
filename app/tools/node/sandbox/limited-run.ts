// One command with the limits that need this side of the sandbox: its own cgroup when one can be
// made (process and memory limits that hold for root; whatever is left in it afterwards — a
// `setsid` child — is killed), and a look at the workspace's free disk space before and after.
// The outcome carries a note for each limit hit, so the model reads why its command died.
import { statfs } from 'node:fs/promises';
import type { CommandOutcome, CommandRequest } from '../../workspace-port.js';
import { diskUseNote, memoryLimitNote, processLimitNote } from '../../result-sentences.js';
import { type CgroupParents, createCommandCgroup, joinCgroupThenExec } from './command-cgroup.js';
import { type ChildSpec, runInProcessGroup } from './run-in-process-group.js';
import { formatByteSize, type SandboxLimits } from './sandbox-limits.js';

export interface LimitedRunOptions {
  /** Where per-command cgroups go (findCgroupParents); without it, no cgroup. */
  cgroups?: CgroupParents;
  limits: SandboxLimits;
  /** A folder on the workspace's file system, whose free space is watched. */
  workspace: string;
}

async function freeBytes(folder: string): Promise<number | undefined> {
  try {
    const s = await statfs(folder);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

/** Runs `spec` like runInProcessGroup, in a cgroup when possible, and notes what limits it hit. */
export async function runWithLimits(
  spec: ChildSpec,
  request: CommandRequest,
  options: LimitedRunOptions,
): Promise<CommandOutcome> {
  const { limits } = options;
  const freeBefore = await freeBytes(options.workspace);
  const cgroup = options.cgroups ? await createCommandCgroup(options.cgroups, limits) : undefined;
  const started: ChildSpec = cgroup
    ? { ...spec, file: '/bin/sh', args: joinCgroupThenExec(cgroup.procsFiles, spec.file, spec.args) }
    : spec;
  let outcome: CommandOutcome;
  const notes: string[] = [];
  try {
    outcome = await runInProcessGroup(started, request);
  } finally {
    if (cgroup) {
      const usage = await cgroup.usage();
      await cgroup.killAndRemove();
      if (usage.processLimitHits > 0) notes.push(processLimitNote(limits.processes, usage.processLimitHits));
      if (usage.memoryKills > 0) notes.push(memoryLimitNote(formatByteSize(limits.memoryBytes), usage.memoryKills));
    }
  }
  const freeAfter = await freeBytes(options.workspace);
  if (freeBefore !== undefined && freeAfter !== undefined && freeBefore - freeAfter > limits.diskWarningBytes)
    notes.push(diskUseNote(formatByteSize(freeBefore - freeAfter), formatByteSize(freeAfter)));
  if (notes.length === 0 || outcome.kind === 'spawn-error') return outcome;
  if (outcome.kind === 'exited' || outcome.kind === 'timeout' || outcome.kind === 'aborted')
    return { ...outcome, notes: [...(outcome.notes ?? []), ...notes] };
  return outcome;
}
