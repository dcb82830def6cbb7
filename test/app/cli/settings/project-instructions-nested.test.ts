// Nested AGENTS.md, as Codex reads them: the root's files, then each folder's AGENTS.md from the
// root down to the working folder, deeper ones later (they take precedence), within the total cap.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readProjectInstructions } from '../../../../app/cli/settings/project-instructions.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function sandbox(files: Record<string, string>) {
  const s = await makeSandbox(files);
  cleanups.push(s.cleanup);
  return s;
}

const TREE = {
  'AGENTS.md': 'Root: use tabs.\n',
  'CLAUDE.md': 'Root: run npm test.\n',
  'packages/AGENTS.md': 'Packages: each has its own tests.\n',
  'packages/api/AGENTS.md': 'API: use spaces here.\n',
  'packages/api/src/index.ts': 'export {};\n',
  'packages/web/AGENTS.md': 'Web: never read from a sibling.\n',
};

describe('nested AGENTS.md', () => {
  it('reads each folder’s AGENTS.md from the root down to the working folder, deeper ones later', async () => {
    const { workspace } = await sandbox(TREE);
    const found = await readProjectInstructions(workspace, { cwd: path.join(workspace, 'packages/api/src') });
    expect(found.files).toEqual(['AGENTS.md', 'CLAUDE.md', 'packages/AGENTS.md', 'packages/api/AGENTS.md']);
    const at = (text: string) => found.text.indexOf(text);
    expect(at('Root: use tabs.')).toBeLessThan(at('Packages: each'));
    expect(at('Packages: each')).toBeLessThan(at('API: use spaces here.'));
    expect(found.text).toContain('## packages/api/AGENTS.md\n\nAPI: use spaces here.');
    expect(found.text).toContain("a deeper folder's AGENTS.md comes later and takes precedence");
    expect(found.text).not.toContain('Web: never');
    expect(found.leftOut).toEqual([]);
  });

  it('stops at the working folder: a folder below or beside it adds nothing', async () => {
    const { workspace } = await sandbox(TREE);
    const found = await readProjectInstructions(workspace, { cwd: path.join(workspace, 'packages') });
    expect(found.files).toEqual(['AGENTS.md', 'CLAUDE.md', 'packages/AGENTS.md']);
  });

  it('at the root, or from a folder outside the workspace, only the root’s files are read', async () => {
    const { workspace, outside } = await sandbox(TREE);
    for (const cwd of [workspace, outside, path.join(workspace, '..')]) {
      const found = await readProjectInstructions(workspace, { cwd });
      expect(found.files).toEqual(['AGENTS.md', 'CLAUDE.md']);
      expect(found.text).toContain('(from the workspace root). Follow them');
    }
  });

  it('a working folder with no AGENTS.md on the way (and none at the root) still finds the deeper one', async () => {
    const { workspace } = await sandbox({ 'a/b/AGENTS.md': 'Only here.\n', 'a/b/c/x.txt': 'x' });
    const found = await readProjectInstructions(workspace, { cwd: path.join(workspace, 'a/b/c') });
    expect(found.files).toEqual(['a/b/AGENTS.md']);
    expect(found.text).toContain('## a/b/AGENTS.md\n\nOnly here.');
  });

  it('a nested AGENTS.md that links outside the workspace is left out and named', async () => {
    const { workspace, outside } = await sandbox({ 'AGENTS.md': 'Root.\n', 'sub/x.txt': 'x' });
    await symlink(path.join(outside, 'secret.txt'), path.join(workspace, 'sub/AGENTS.md'));
    const found = await readProjectInstructions(workspace, { cwd: path.join(workspace, 'sub') });
    expect(found.files).toEqual(['AGENTS.md']);
    expect(found.text).not.toContain('outside secret');
    expect(found.leftOut).toEqual(['sub/AGENTS.md (it leads outside the workspace)']);
  });

  it('all of them together stay within the total: a deeper one past it is left out and named', async () => {
    const big = `${'x'.repeat(70 * 1024)}\n`;
    const { workspace } = await sandbox({
      'AGENTS.md': big,
      'CLAUDE.md': big,
      '.clinerules/a.md': big,
      '.clinerules/b.md': big,
      'sub/AGENTS.md': 'Deep rule.\n',
    });
    const found = await readProjectInstructions(workspace, { cwd: path.join(workspace, 'sub') });
    expect(found.text).not.toContain('Deep rule.');
    expect(found.leftOut).toEqual(['sub/AGENTS.md (over the 262144-byte total for project instructions)']);
    expect(Buffer.byteLength(found.text)).toBeLessThan(256 * 1024 + 2048);
  });

  it('property: the files read are exactly the folders on the way that hold an AGENTS.md, root first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        fc.nat({ max: 5 }),
        async (holds, depth) => {
          const { workspace } = await sandbox({});
          const folders = holds.map((_, i) => Array.from({ length: i + 1 }, (__, j) => `d${j}`).join('/'));
          for (const [i, folder] of folders.entries()) {
            await mkdir(path.join(workspace, folder), { recursive: true });
            if (holds[i]) await writeFile(path.join(workspace, folder, 'AGENTS.md'), `rule ${i}\n`);
          }
          const cwdDepth = Math.min(depth, folders.length);
          const cwd = cwdDepth === 0 ? workspace : path.join(workspace, folders[cwdDepth - 1]);
          const found = await readProjectInstructions(workspace, { cwd });
          const expected = folders.slice(0, cwdDepth).filter((_, i) => holds[i]);
          expect(found.files).toEqual(expected.map((folder) => `${folder}/AGENTS.md`));
          const positions = expected.map((_, k) => found.text.indexOf(`## ${expected[k]}/AGENTS.md`));
          expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        },
      ),
      { numRuns: 25 },
    );
  });
});
