// A sandboxed execute_command over a throwaway layout that holds what an attacker wants: a home
// with secrets, the CLI's own folder with a `.env`, a credentials file named by a variable, and
// a sibling of the workspace. The layout lives in the repository, so each test proves the hiding
// itself — unless the checkout lies in a folder the sandbox hides whole (/tmp, a home): then the
// sibling is hidden too, and `outsideVisible` says so, for the tests that read it.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandboxPolicy } from '../../app/tools/node/sandbox/sandbox-policy.js';
import { probeBubblewrap } from '../../app/tools/node/sandbox/probe-bubblewrap.js';
import { createBubblewrapRunner } from '../../app/tools/node/sandbox/bubblewrap-runner.js';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import type { ExecuteCommandOptions } from '../../app/tools/index.js';
import { findCgroupParents } from '../../app/tools/node/sandbox/command-cgroup.js';
import type { SandboxLimits } from '../../app/tools/node/sandbox/sandbox-limits.js';
import type { SandboxPolicy } from '../../app/tools/node/sandbox/bubblewrap-args.js';
import { toolUse, unwrap } from './tool-fixtures.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The key the CLI would hold: it must never show up in a command's output. */
export const API_KEY = 'sk-sandbox-test-3f9c2a7e41d8';

export interface SandboxedLayout {
  base: string;
  workspace: string;
  /** A sibling of the workspace: readable, never writable. */
  outside: string;
  /** The fake user's home, with `.ssh/id_ed25519` and `.bashrc` exporting the key. */
  home: string;
  /** The fake CLI folder, with a `.env` holding the key. */
  cliFolder: string;
  /** A credentials file named by GOOGLE_APPLICATION_CREDENTIALS. */
  credentials: string;
  /** The environment the CLI had: the key, the fake home, a credentials path, a harmless variable. */
  env: Record<string, string>;
  /** The policy the sandbox was built from. */
  policy: SandboxPolicy;
  /** Whether a per-command cgroup holds the process and memory limits here. */
  cgroupLimits: boolean;
  /** Whether `outside` (the workspace's sibling) is visible in the sandbox: not when the checkout lies in a hidden folder such as /tmp or a home. */
  outsideVisible: boolean;
  /** Runs a command through execute_command; resolves with its result text and code. */
  run(
    command: string,
    options?: { signal?: AbortSignal; timeoutSeconds?: number },
  ): Promise<{ content: string; isError: boolean; code?: string }>;
  cleanup(): Promise<void>;
}

/** Lays out the folders and a sandboxed execute_command over them; `allowNetwork` as the CLI flag. */
export async function makeSandboxedLayout(
  options: {
    allowNetwork?: boolean;
    executeCommand?: ExecuteCommandOptions;
    /** The sandbox's limits (the defaults for what is not given). */
    limits?: Partial<SandboxLimits>;
    /** Lay out the workspace as a git repository before the policy is built. */
    beforePolicy?: (workspace: string) => Promise<void>;
  } = {},
): Promise<SandboxedLayout> {
  const base = await mkdtemp(path.join(REPO_ROOT, '.security-tmp-'));
  const workspace = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  const home = path.join(base, 'home');
  const cliFolder = path.join(base, 'cli');
  const credentials = path.join(base, 'creds', 'service-account.json');
  for (const dir of [workspace, outside, path.join(home, '.ssh'), cliFolder, path.dirname(credentials)])
    await mkdir(dir, { recursive: true });
  await writeFile(path.join(workspace, 'README.md'), '# project\n');
  await writeFile(path.join(outside, 'neighbour.txt'), 'a neighbour\n');
  await writeFile(path.join(home, '.ssh', 'id_ed25519'), `PRIVATE KEY ${API_KEY}\n`);
  await writeFile(path.join(home, '.bashrc'), `export OPENAI_API_KEY=${API_KEY}\n`);
  await writeFile(path.join(cliFolder, '.env'), `OPENAI_API_KEY=${API_KEY}\n`);
  await writeFile(credentials, `{"private_key": "${API_KEY}"}\n`);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: home,
    OPENAI_API_KEY: API_KEY,
    GOOGLE_APPLICATION_CREDENTIALS: credentials,
    SOME_SETTING: 'not-passed',
  };
  await options.beforePolicy?.(workspace);
  const policy = await buildSandboxPolicy({
    workspace,
    allowNetwork: options.allowNetwork ?? false,
    env,
    cwd: cliFolder,
    runningAsRoot: process.getuid?.() === 0,
    nodeInstallation: path.dirname(path.dirname(process.execPath)),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const probe = await probeBubblewrap(policy, env.PATH);
  // The CLI's cgroups where this machine allows them (the process limit holds for root only so).
  const cgroups = await findCgroupParents();
  const realOutside = await realpath(outside);
  if (!probe.ok) throw new Error(`the security suite needs bubblewrap: ${probe.message}`);
  const tools = createNodeTools({
    workspace: await openWorkspace(workspace),
    commands: createBubblewrapRunner({ bwrap: probe.bwrap, policy, ...(cgroups ? { cgroups } : {}) }),
    executeCommand: options.executeCommand,
  });
  return {
    base,
    workspace,
    outside,
    home,
    cliFolder,
    credentials,
    env,
    policy,
    cgroupLimits: cgroups !== undefined,
    outsideVisible: !policy.hiddenDirectories.some((d) => realOutside === d || realOutside.startsWith(`${d}/`)),
    async run(command, runOptions = {}) {
      const params: Record<string, string> = { command };
      if (runOptions.timeoutSeconds !== undefined) params.timeout = String(runOptions.timeoutSeconds);
      return unwrap(
        await tools.execute_command(toolUse('execute_command', params), {
          signal: runOptions.signal ?? new AbortController().signal,
        }),
      );
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
