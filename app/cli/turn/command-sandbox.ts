// How the CLI runs execute_command: in a bubblewrap sandbox when one can be had, else without one
// — then every command waits for a person, even with --yes, unless the user said --no-sandbox.
import path from 'node:path';
import type { CommandRunner } from '../../tools/index.js';
import { buildSandboxPolicy } from '../../tools/node/sandbox/sandbox-policy.js';
import { probeBubblewrap } from '../../tools/node/sandbox/probe-bubblewrap.js';
import { trustedPathEntries } from '../mcp/mcp-server-launch.js';
import { createBubblewrapRunner } from '../../tools/node/sandbox/bubblewrap-runner.js';
import { createProcessGroupRunner } from '../../tools/node/sandbox/process-group-runner.js';
import { findCgroupParents, sweepStaleCgroups } from '../../tools/node/sandbox/command-cgroup.js';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from '../../tools/node/sandbox/sandbox-limits.js';
import type { CliOptions } from '../options/cli-options.js';
import { launcherHoldsSecrets } from './key-handover.js';
import { describeError } from 'agent-turn';

/** The runner for commands, whether they are sandboxed, and what the CLI says about it at start. */
export interface CommandSetup {
  runner: CommandRunner;
  sandboxed: boolean;
  /** Commands need a person's y/n whatever --yes says (no sandbox, and no --no-sandbox). */
  commandsNeedPerson: boolean;
  /** A line for stderr at start, when there is something to say. */
  notice?: string;
}

export interface CommandSetupInput {
  root: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  allowNetwork: boolean;
  noSandbox: boolean;
  /** Leave the workspace's `.git` writable in the sandbox (--allow-git-writes). */
  allowGitWrites?: boolean;
  /** Limits of each command; the defaults for what is not given. */
  limits?: Partial<SandboxLimits>;
  /** Where per-command cgroups go; found on this machine when omitted (null: none). */
  cgroups?: Awaited<ReturnType<typeof findCgroupParents>> | null;
}

/** Without a sandbox, commands still get the CLI's environment minus the API keys. */
function unsandboxedEnvironment(env: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const { OPENAI_API_KEY: _key, ANTHROPIC_API_KEY: _anthropicKey, ...rest } = env;
  return rest;
}

/** Where the API key can still be read by an unsandboxed command, said at start. */
function keyPlace(): string {
  return launcherHoldsSecrets() === true
    ? `the API key is kept out of this CLI's environment, not out of its launcher's (/proc/${process.ppid}/environ)`
    : "the API key is in no CLI process's environment (the launcher erased it from its own), only in whatever started the CLI (your shell, npm)";
}

/** Probes for the sandbox (unless --no-sandbox) and picks the runner. */
export async function setUpCommands(input: CommandSetupInput): Promise<CommandSetup> {
  const cgroups = input.cgroups === undefined ? await findCgroupParents() : (input.cgroups ?? undefined);
  // Cgroups a CLI killed outright left behind (empty once its commands died with it).
  if (cgroups) await sweepStaleCgroups(cgroups);
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...input.limits };
  const plain = createProcessGroupRunner({
    cwd: input.root,
    env: unsandboxedEnvironment(input.env),
    limits,
    ...(cgroups ? { cgroups } : {}),
  });
  if (input.noSandbox) {
    return {
      runner: plain,
      sandboxed: false,
      commandsNeedPerson: false,
      notice: `commands run without a sandbox (--no-sandbox): they can read and write whatever you can, your files included: ${keyPlace()}${cgroups ? '' : ', and a setsid child of theirs outlives the CLI (no writable cgroup here)'}.`,
    };
  }
  let reason: string;
  try {
    const policy = await buildSandboxPolicy({
      workspace: input.root,
      allowNetwork: input.allowNetwork,
      env: input.env,
      cwd: input.cwd,
      runningAsRoot: process.getuid?.() === 0,
      nodeInstallation: path.dirname(path.dirname(process.execPath)),
      gitWritable: input.allowGitWrites === true,
      limits,
    });
    // Never a bwrap of the workspace (a PATH entry such as its node_modules/.bin, or `.`): it would replace the sandbox.
    const probe = await probeBubblewrap(policy, trustedPathEntries(input.env.PATH, input.root).join(path.delimiter));
    if (probe.ok)
      return {
        runner: createBubblewrapRunner({
          bwrap: probe.bwrap,
          policy: probe.tmpfsUncapped ? { ...policy, tmpfsUncapped: true } : policy,
          ...(cgroups ? { cgroups } : {}),
        }),
        sandboxed: true,
        commandsNeedPerson: false,
        ...(probe.notice ? { notice: probe.notice } : {}),
      };
    reason = probe.message;
  } catch (error) {
    reason = describeError(error);
  }
  return {
    runner: plain,
    sandboxed: false,
    commandsNeedPerson: true,
    notice: `no sandbox for commands — ${reason}. Each command will be asked before it runs, even with --yes (an approved one runs as you: ${keyPlace()}); --no-sandbox runs them unsandboxed without asking.`,
  };
}

/**
 * The commands of a run with these options: none for a read-only run (no sandbox to set up),
 * else {@link setUpCommands} with the options' network, sandbox, `.git` and limits settings.
 */
export async function commandsForOptions(
  options: Pick<CliOptions, 'readOnly' | 'allowNetwork' | 'noSandbox' | 'allowGitWrites' | 'limits'>,
  place: { root: string; cwd: string; env: Record<string, string | undefined> },
): Promise<CommandSetup | undefined> {
  if (options.readOnly) return undefined;
  return setUpCommands({
    ...place,
    allowNetwork: options.allowNetwork,
    noSandbox: options.noSandbox,
    allowGitWrites: options.allowGitWrites === true,
    ...(options.limits ? { limits: options.limits } : {}),
  });
}
