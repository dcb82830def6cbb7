// Attack: read the key from files — the user's home (shell profile, SSH keys), the CLI's own
// folder (`.env`), a credentials file a variable names, and, for root, root-only system files.
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';

let layout: SandboxedLayout;
beforeAll(async () => {
  layout = await makeSandboxedLayout();
});
afterAll(() => layout.cleanup());

describe('files a sandboxed command cannot read', () => {
  it('the user’s home is an empty folder', async () => {
    const result = await layout.run(
      `echo "HOME=$HOME entries=$(ls -A "$HOME" | wc -l)"; cat ${layout.home}/.bashrc ${layout.home}/.ssh/id_ed25519`,
    );
    expect(result.content).toContain(`HOME=${layout.home} entries=0`);
    expect(result.content).toContain(`${layout.home}/.bashrc: No such file or directory`);
    expect(result.content).toContain(`${layout.home}/.ssh/id_ed25519: No such file or directory`);
    expect(result.content).not.toContain(API_KEY);
  });

  it('the real home of the user running the tests is hidden too', async () => {
    const real = homedir();
    const entries = (() => {
      try {
        return readdirSync(real);
      } catch {
        return [];
      }
    })();
    const result = await layout.run(`ls -A ${real}`);
    // Empty — except, when the checkout lies in that home, the folder leading to the workspace,
    // which bwrap makes in the hidden home to mount the workspace on.
    const leading = path.relative(real, layout.workspace).split(path.sep)[0];
    const insideHome = !path.relative(real, layout.workspace).startsWith('..');
    const shown = result.content.replace(/^[\s\S]*?Output:\n/, '').trim();
    if (entries.length > 0) expect(shown).toBe(insideHome ? leading : '(no output)');
  });

  it('the CLI’s own folder (its .env) and a file named by a secret-looking variable are hidden', async () => {
    const result = await layout.run(
      `echo "entries=$(ls -A ${layout.cliFolder} | wc -l)"; cat ${layout.cliFolder}/.env ${layout.credentials}`,
    );
    expect(result.content).toContain('entries=0');
    expect(result.content).toContain(`${layout.cliFolder}/.env: No such file or directory`);
    expect(result.content).toMatch(/service-account\.json: (Permission denied|No such file)/);
    expect(result.content).not.toContain(API_KEY);
  });

  it('root-only system files are unreadable (the CLI runs as root here, for whom permissions protect nothing)', async () => {
    const result = await layout.run('cat /etc/shadow /etc/gshadow; echo done');
    expect(result.content).toMatch(/\/etc\/shadow: (Permission denied|No such file)/);
    expect(result.content).not.toMatch(/^root:/m);
  });

  it('the workspace and the rest of the system stay readable', async () => {
    const result = await layout.run(`cat README.md ${layout.outside}/neighbour.txt; head -c 5 /etc/passwd`);
    expect(result.content).toContain('# project');
    // The neighbour is readable — unless the checkout lies in a folder the sandbox hides whole (/tmp, a home).
    if (layout.outsideVisible) expect(result.content).toContain('a neighbour');
    else expect(result.content).toMatch(/neighbour\.txt: No such file or directory/);
    expect(result.content).toContain('root:');
  });
});
