// Whether commands can be sandboxed here: Linux, a bwrap on PATH, and a trial run of the real
// sandbox (user namespaces may be disabled, or bwrap may be too old for an option) that succeeds.
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { bubblewrapArgs, type SandboxPolicy } from './bubblewrap-args.js';

/** Why no sandbox: the CLI prints the message at start. */
export type SandboxUnavailable = {
  ok: false;
  code: 'unsupported-os' | 'bwrap-missing' | 'bwrap-failed';
  message: string;
};

/**
 * The outcome of the probe: the bwrap to use, or why there is none. `tmpfsUncapped`: this bwrap
 * has no `--size` (before 0.7.0); the sandbox works without the tmpfs caps, and `notice` says so.
 */
export type BubblewrapProbe =
  | { ok: true; bwrap: string; tmpfsUncapped?: boolean; notice?: string }
  | SandboxUnavailable;

const PROBE_TIMEOUT_MS = 5_000;

/** The first executable `bwrap` on `searchPath` (a PATH value). */
export async function findBubblewrap(searchPath: string | undefined): Promise<string | undefined> {
  for (const dir of (searchPath ?? '').split(':')) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, 'bwrap');
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

/** Looks for bwrap on `searchPath` and runs `true` in a sandbox built from `policy`. Never rejects. */
export async function probeBubblewrap(
  policy: SandboxPolicy,
  searchPath: string | undefined,
  platform: NodeJS.Platform = process.platform,
): Promise<BubblewrapProbe> {
  if (platform !== 'linux')
    return {
      ok: false,
      code: 'unsupported-os',
      message: `commands cannot be sandboxed on ${platform} (bubblewrap needs Linux)`,
    };
  const bwrap = await findBubblewrap(searchPath);
  if (!bwrap)
    return {
      ok: false,
      code: 'bwrap-missing',
      message: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
    };
  const trial = (p: SandboxPolicy) =>
    new Promise<string | undefined>((resolve) => {
      execFile(
        bwrap,
        bubblewrapArgs(p, 'true'),
        { env: { ...p.env }, cwd: p.workspace, timeout: PROBE_TIMEOUT_MS },
        (error, _stdout, stderr) => resolve(error ? (stderr.trim() || error.message).split('\n')[0] : undefined),
      );
    });
  const failure = await trial(policy);
  // An older bwrap (Ubuntu 22.04 has 0.6.1) has no --size: sandbox without the tmpfs caps, and say so.
  if (failure && /--size/.test(failure) && !(await trial({ ...policy, tmpfsUncapped: true })))
    return {
      ok: true,
      bwrap,
      tmpfsUncapped: true,
      notice: `this bubblewrap has no --size (0.7.0 or later has it): the sandbox's /tmp and /dev/shm are not capped.`,
    };
  if (failure)
    return { ok: false, code: 'bwrap-failed', message: `bubblewrap could not start a sandbox here: ${failure}` };
  return { ok: true, bwrap };
}
