// A command dies with the process that started it, however that process dies (SIGKILL included):
// the command is started through util-linux's `setpriv --pdeathsig HUP`, which asks the kernel
// (PR_SET_PDEATHSIG) to send SIGHUP to a small shell launcher the moment its parent — this
// process — is gone. The launcher then SIGKILLs its whole process group: the command and
// everything it started that stayed in the group. A parent already gone before the death signal
// was armed is caught too: the launcher checks that its parent is still the one that started it.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { ChildSpec } from './run-in-process-group.js';

/**
 * The launcher, run as `/bin/sh -c LAUNCHER agent-turn-launcher <host pid> <program> <args…>`:
 * - SIGHUP (the host died) kills the group; a host other than `<host pid>` means it already died;
 * - SIGTERM and SIGINT (a time-out or an abort signalling the group) leave it waiting for the
 *   command, so the host still sees the command's own end;
 * - the command's status is the launcher's, a death by signal passed on as that signal.
 */
const LAUNCHER = [
  'host=$1; shift',
  "trap 'kill -KILL 0' HUP",
  '[ "$PPID" = "$host" ] || kill -KILL 0',
  '"$@" &',
  'command=$!',
  "trap ':' TERM INT",
  'while :; do wait "$command"; status=$?; kill -0 "$command" 2>/dev/null || break; done',
  'if [ "$status" -gt 128 ]; then trap - HUP TERM INT; kill -$((status - 128)) $$; fi',
  'exit "$status"',
].join('\n');

let setpriv: string | null | undefined;

/**
 * The system's `setpriv` (/usr/bin, /bin), else the first executable one on PATH, or null; looked
 * up once. The system's first: a PATH entry of a project (its node_modules/.bin) must not choose
 * the program every command and MCP server is started through.
 */
export function findSetpriv(searchPath: string | undefined = process.env.PATH): string | null {
  if (setpriv !== undefined) return setpriv;
  const dirs = ['/usr/bin', '/bin', ...(searchPath ?? '').split(':')].filter((dir) => path.isAbsolute(dir));
  setpriv = null;
  for (const dir of dirs) {
    const candidate = path.join(dir, 'setpriv');
    try {
      accessSync(candidate, constants.X_OK);
      setpriv = candidate;
      break;
    } catch {
      // Not here.
    }
  }
  return setpriv;
}

/**
 * `spec` started through the launcher, so it dies with this process; `spec` itself where there is
 * no `setpriv` (not Linux, or util-linux missing) — then a SIGKILLed host leaves its command
 * running (a normal exit still kills it, see live-process-groups.ts).
 */
export function dieWithHost(spec: ChildSpec, setprivPath: string | null = findSetpriv()): ChildSpec {
  if (setprivPath === null || process.platform !== 'linux') return spec;
  return {
    ...spec,
    file: setprivPath,
    args: [
      '--pdeathsig',
      'HUP',
      '--',
      '/bin/sh',
      '-c',
      LAUNCHER,
      'agent-turn-launcher',
      String(process.pid),
      spec.file,
      ...spec.args,
    ],
  };
}
