// `npm run example:restate` does what README says: a turn through Restate, approved, completed.
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function userNamespaces(): boolean {
  try {
    execFileSync('unshare', ['--user', '--map-root-user', '--mount', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('examples/restate/run.ts', () => {
  it('starts a durable turn, shows its view and live text, replaces its worker at a new address, approves the command and prints the output', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/restate/run.ts'], {
      cwd: root,
      timeout: 240_000,
    });
    expect(stdout).toContain('[live, model step 1]');
    expect(stdout).toContain('view: finished, request 5');
    expect(stdout).toContain('approval asked: execute_command "echo run >> log.txt"');
    // The worker is replaced at a new address and the turn's deployment pointed there: the turn goes on.
    expect(stdout).toMatch(
      /worker killed; a replacement at http:\/\/127\.0\.0\.1:\d+ took over deployment dp_\w+ — approving/,
    );
    // Where user namespaces are allowed (here, and in CI) the server's release check stays on loopback.
    expect(stdout).toContain(
      userNamespaces()
        ? "restate-server's release check is sent to 127.0.0.1"
        : "restate-server's release check goes to api.github.com",
    );
    expect(stdout).toContain('output: completed after 5 requests');
    expect(stdout).toContain('log.txt: "run\\n"');
  });
});
