// Attack: write outside the workspace (a sibling folder, the system, the home), or meet the host
// through /tmp. Only the workspace is writable; /tmp is the sandbox's own and vanishes with it.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandboxedLayout, type SandboxedLayout } from '../support/sandbox-fixtures.js';

let layout: SandboxedLayout;
let hostTmp: string;
beforeAll(async () => {
  layout = await makeSandboxedLayout();
  hostTmp = await mkdtemp(path.join(tmpdir(), 'agent-turn-host-'));
  await writeFile(path.join(hostTmp, 'host-secret.txt'), 'on the host\n');
});
afterAll(async () => {
  await layout.cleanup();
  await rm(hostTmp, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('writes from a sandboxed command', () => {
  it('reach the workspace', async () => {
    const result = await layout.run('mkdir -p sub && echo made > sub/new.txt && cat sub/new.txt');
    expect(result.content).toContain('made');
    expect(await exists(path.join(layout.workspace, 'sub', 'new.txt'))).toBe(true);
  });

  it('are refused everywhere else: a sibling folder, /usr, /etc, the parent folder', async () => {
    const targets = [path.join(layout.outside, 'pwned'), '/usr/pwned', '/etc/pwned', path.join(layout.base, 'pwned')];
    const result = await layout.run(targets.map((t) => `touch ${t}`).join('; ') + '; echo done');
    // When the checkout lies in a folder the sandbox hides whole (/tmp, a home), the sibling and
    // the parent are in that folder's private tmpfs: a write there vanishes with the sandbox.
    const readOnly = layout.outsideVisible ? targets.length : 2;
    expect(result.content.match(/Read-only file system/g)?.length).toBe(readOnly);
    for (const target of targets) expect(await exists(target)).toBe(false);
  });

  it('cannot make the root writable again (no capabilities, mounts locked)', async () => {
    const result = await layout.run('mount -o remount,rw / 2>&1; touch /usr/pwned-after-remount 2>&1; echo done');
    expect(result.content).toMatch(/Read-only file system/);
    expect(await exists('/usr/pwned-after-remount')).toBe(false);
  });
});

describe('/tmp in the sandbox', () => {
  it('is private: the host’s files are not there, and what the command leaves there never reaches the host', async () => {
    const name = path.basename(hostTmp);
    const result = await layout.run(
      `ls /tmp; cat ${hostTmp}/host-secret.txt; mkdir -p ${hostTmp} && echo x > ${hostTmp}/from-sandbox && echo wrote`,
    );
    expect(result.content).not.toContain(name + '\n');
    expect(result.content).not.toContain('on the host');
    expect(result.content).toContain('wrote');
    expect(await readdir(hostTmp)).toEqual(['host-secret.txt']);
  });
});
