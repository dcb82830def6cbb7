// Attack 7 of issue 9: a valid file name of 238–255 bytes failed with ENAMETOOLONG, because the
// temp name added 18 bytes to it. Temp names are now short and fixed (`.<12 hex>.tmp`), so every
// name the file system takes (255 bytes, counted in UTF-8) can be written, edited and read.
import { afterEach, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createNodeTools, openWorkspace } from '../../app/tools/node/index.js';
import { makeSandbox, noSignal, toolUse, unwrap } from '../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const bytes = (name: string) => new TextEncoder().encode(name).length;

const names: [string, string][] = [
  ['238 ASCII bytes', `${'n'.repeat(234)}.txt`],
  ['255 ASCII bytes', `${'n'.repeat(251)}.txt`],
  ['255 bytes of two-byte characters', `${'é'.repeat(125)}n.txt`],
  ['255 bytes of four-byte characters', `${'🙂'.repeat(62)}nnn.txt`],
];

describe('file names up to 255 bytes', () => {
  for (const [label, name] of names) {
    it(`writes, edits and reads a name of ${label}, leaving no temp file`, async () => {
      expect(bytes(name)).toBeLessThanOrEqual(255);
      const sandbox = await makeSandbox();
      cleanup = sandbox.cleanup;
      const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace) });
      const target = `dir/${name}`;
      expect(
        unwrap(await tools.write_to_file(toolUse('write_to_file', { path: target, content: 'one\n' }), noSignal()))
          .isError,
      ).toBe(false);
      const diff = '------- SEARCH\none\n=======\ntwo\n+++++++ REPLACE';
      expect(
        unwrap(await tools.replace_in_file(toolUse('replace_in_file', { path: target, diff }), noSignal())).isError,
      ).toBe(false);
      expect(unwrap(await tools.read_file(toolUse('read_file', { path: target }), noSignal()))).toEqual({
        content: 'two\n',
        isError: false,
      });
      expect(await readFile(path.join(sandbox.workspace, target), 'utf8')).toBe('two\n');
      expect(await readdir(path.join(sandbox.workspace, 'dir'))).toEqual([name]);
    });
  }

  it('refuses a 256-byte name with an error result that says the name is too long', async () => {
    const sandbox = await makeSandbox();
    cleanup = sandbox.cleanup;
    const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace) });
    const result = unwrap(
      await tools.write_to_file(toolUse('write_to_file', { path: `${'n'.repeat(252)}.txt`, content: 'x' }), noSignal()),
    );
    expect(result).toMatchObject({ isError: true, code: 'io-error' });
    expect(result.content).toContain('ENAMETOOLONG');
    expect(await readdir(sandbox.workspace)).toEqual([]);
  });
});
