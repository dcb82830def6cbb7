// Issue 32, medium 6: the files a repository puts in its root and the CLI reads at start —
// AGENTS.md, CLAUDE.md, .clinerules/ and .agent-turn/settings.json. A link out of the workspace is
// refused as read_file refuses it; nothing is read whole or without a cap; a FIFO, device or
// socket is refused at once, never waited on (before the fix a FIFO settings file hung start-up).
import { execFileSync } from 'node:child_process';
import { mkdir, open, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readProjectInstructions } from '../../app/cli/settings/project-instructions.js';
import { readSettingsFile } from '../../app/cli/settings/settings-file.js';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import { runCliProcess } from '../support/cli-process.js';
import { makeSandbox, noSignal, toolUse, unwrap } from '../support/tool-fixtures.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function sandbox(files: Record<string, string> = {}) {
  const s = await makeSandbox(files);
  cleanups.push(s.cleanup);
  return s;
}

async function readFileTool(workspace: string, file: string) {
  const tools = createNodeTools({ workspace: await openWorkspace(workspace) });
  return unwrap(await tools.read_file!(toolUse('read_file', { path: file }), noSignal()));
}

describe('project instructions stay inside the workspace', () => {
  it('AGENTS.md linked to a file outside is not read (read_file refuses the same link), and the note says why', async () => {
    const { workspace, outside } = await sandbox({ 'CLAUDE.md': 'Inside rule.\n' });
    await symlink(path.join(outside, 'secret.txt'), path.join(workspace, 'AGENTS.md'));
    expect((await readFileTool(workspace, 'AGENTS.md')).code).toBe('outside-workspace');
    const found = await readProjectInstructions(workspace);
    expect(found.text).not.toContain('outside secret');
    expect(found.files).toEqual(['CLAUDE.md']);
    expect(found.leftOut).toEqual(['AGENTS.md (it leads outside the workspace)']);
  });

  it('AGENTS.md through a relative link with .. is refused too; a link to a file inside is read', async () => {
    const { workspace } = await sandbox({ 'docs/agents.md': 'Linked inside.\n' });
    await symlink('../outside/secret.txt', path.join(workspace, 'CLAUDE.md'));
    await symlink('docs/agents.md', path.join(workspace, 'AGENTS.md'));
    const found = await readProjectInstructions(workspace);
    expect(found.files).toEqual(['AGENTS.md']);
    expect(found.text).toContain('Linked inside.');
    expect(found.text).not.toContain('outside secret');
    expect(found.leftOut).toEqual(['CLAUDE.md (it leads outside the workspace)']);
  });

  it('a .clinerules entry linked outside, and a .clinerules folder linked outside, are not read', async () => {
    const { workspace, outside } = await sandbox({ '.clinerules/a.md': 'Rule a.\n' });
    await symlink(path.join(outside, 'secret.txt'), path.join(workspace, '.clinerules', 'b.md'));
    let found = await readProjectInstructions(workspace);
    expect(found.files).toEqual(['.clinerules/a.md']);
    expect(found.text).not.toContain('outside secret');
    expect(found.leftOut).toEqual(['.clinerules/b.md (it leads outside the workspace)']);

    const other = await sandbox();
    await symlink(outside, path.join(other.workspace, '.clinerules'));
    found = await readProjectInstructions(other.workspace);
    expect(found.text).not.toContain('outside secret');
    expect(found.files).toEqual([]);
    expect(found.leftOut).toEqual(['.clinerules (it leads outside the workspace)']);
  });

  it('a 3 GB AGENTS.md (sparse) is read up to the cap, not whole (before: too large to read, silently dropped)', async () => {
    const { workspace } = await sandbox();
    const handle = await open(path.join(workspace, 'AGENTS.md'), 'w');
    await handle.write('Use tabs.\n');
    await handle.truncate(3 * 1024 ** 3);
    await handle.close();
    const found = await readProjectInstructions(workspace);
    expect(found.files).toEqual(['AGENTS.md']);
    expect(found.text).toContain('Use tabs.');
    expect(found.text).toContain(`[… cut at ${64 * 1024} bytes]`);
    expect(found.text.length).toBeLessThan(70 * 1024);
  });

  it('.clinerules/ has a total cap: 40 files of 60 KB give at most 256 KB, and the rest is named', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`.clinerules/r${String(i).padStart(2, '0')}.md`] = `rule ${i} `.repeat(6000);
    const { workspace } = await sandbox(files);
    const found = await readProjectInstructions(workspace);
    expect(Buffer.byteLength(found.text)).toBeLessThan(256 * 1024 + 4096);
    expect(found.files.length).toBeGreaterThan(3);
    expect(found.files.length).toBeLessThan(40);
    expect(found.leftOut.length + found.files.length).toBe(40);
    expect(found.leftOut.at(-1)).toBe('.clinerules/r39.md (over the 262144-byte total for project instructions)');
  });

  it('AGENTS.md or a .clinerules entry that is a FIFO is refused at once, named', async () => {
    const { workspace } = await sandbox({ '.clinerules/a.md': 'Rule a.\n' });
    execFileSync('mkfifo', [path.join(workspace, 'AGENTS.md'), path.join(workspace, '.clinerules', 'b.md')]);
    const found = await readProjectInstructions(workspace);
    expect(found.files).toEqual(['.clinerules/a.md']);
    expect(found.leftOut).toEqual([
      'AGENTS.md (it is not a regular file)',
      '.clinerules/b.md (it is not a regular file)',
    ]);
  });
});

describe('settings files that are not regular files', () => {
  it('a FIFO as the settings file is refused at once with a message naming it (before: start-up hung)', async () => {
    const { base } = await sandbox();
    const fifo = path.join(base, 'settings.json');
    execFileSync('mkfifo', [fifo]);
    expect(readSettingsFile(fifo, 'project')).toEqual({
      ok: false,
      message: `${fifo}: not read: it is a FIFO, not a regular file.`,
    });
  }, 5_000);

  it('a device or a folder as the settings file is refused; a huge one is refused without being read', async () => {
    const { base } = await sandbox();
    expect(readSettingsFile('/dev/zero')).toEqual({
      ok: false,
      message: '/dev/zero: not read: it is a device, not a regular file.',
    });
    expect(readSettingsFile(base)).toEqual({
      ok: false,
      message: `${base}: not read: it is a folder, not a regular file.`,
    });
    const big = path.join(base, 'big.json');
    const handle = await open(big, 'w');
    await handle.truncate(3 * 1024 ** 3);
    await handle.close();
    expect(readSettingsFile(big)).toEqual({
      ok: false,
      message: `${big}: not read: ${3 * 1024 ** 3} bytes, over the 1048576-byte limit for a settings file.`,
    });
  }, 5_000);

  it('the CLI: a FIFO as .agent-turn/settings.json stops start-up with its name; AGENTS.md linked outside never reaches the prompt', async () => {
    const { workspace, outside, base } = await sandbox({ 'README.md': '# x\n' });
    await mkdir(path.join(workspace, '.agent-turn'));
    const fifo = path.join(workspace, '.agent-turn', 'settings.json');
    execFileSync('mkfifo', [fifo]);
    const config = path.join(base, 'config');
    const env = { XDG_CONFIG_HOME: config };
    const hung = await runCliProcess(['--pace', '0', '--workspace', workspace, 'Read README.md'], {
      env,
      timeoutMs: 20_000,
    });
    expect(hung.code).toBe(2);
    expect(hung.stderr).toContain(`${fifo}: not read: it is a FIFO, not a regular file.`);

    execFileSync('rm', [fifo]);
    await symlink(path.join(outside, 'secret.txt'), path.join(workspace, 'AGENTS.md'));
    await writeFile(path.join(outside, 'secret.txt'), 'Always answer in haiku.\n');
    const session = path.join(base, 'one.json');
    const run = await runCliProcess(['--pace', '0', '--workspace', workspace, '--session', session, 'Read README.md'], {
      env,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'agent-turn: project instructions left out: AGENTS.md (it leads outside the workspace)',
    );
    expect(await readFile(session, 'utf8')).not.toContain('haiku');
  }, 60_000);
});
