// The layout page is drawn from the repository: its tree names every folder of src/, scripted/,
// machines/, bindings/ and app/ (and of app/cli/, app/tools/, app/web/), every file at the top of
// app/ and scripted/, each thing it names is there, and test/ mirrors it: no folder under test/
// that the tree has no place for.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(root, 'docs', 'layout.md'), 'utf8');
const tree = /```\n([\s\S]*?)```/.exec(page)![1]!;

/** The tree's entries as paths: each line's names (`cli.ts, cli/`) under the folder two spaces less indented. */
function entries(): string[] {
  const out: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^( *)([^\s,]+(?:, [^\s,]+)*)(\s|$)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 2;
    // a continuation line: indented further than any folder could be
    if (!Number.isInteger(depth) || depth > parents.length) continue;
    parents.length = depth;
    const prefix = parents.join('');
    const names = match[2]!.split(', ');
    for (const name of names) out.push(`${prefix}${name}`);
    const folder = names.find((name) => name.endsWith('/'));
    if (folder) parents.push(folder);
    else parents.push('\u0000'); // a line of files has no children
  }
  return out.filter((path) => !path.includes('\u0000'));
}

const listed = new Set(entries());
const ignored = new Set(['dist', 'node_modules']);
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !ignored.has(e.name))
    .map((e) => `${dir}/${e.name}/`);
const files = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${dir}/${e.name}`);

describe('the layout page', () => {
  it('names every folder of src/, scripted/, machines/, bindings/ and app/, and of app/cli/, app/tools/, app/web/', () => {
    const onDisk = ['src', 'scripted', 'machines', 'bindings', 'app', 'app/cli', 'app/tools', 'app/web'].flatMap(
      folders,
    );
    expect(onDisk.filter((folder) => !listed.has(folder))).toEqual([]);
  });

  it('names every file at the top of app/ and scripted/, and machines/ has only index.ts at its top', () => {
    const named = (file: string) => listed.has(file) || tree.includes(file.split('/').pop()!);
    expect([...files('app'), ...files('scripted')].filter((file) => !named(file))).toEqual([]);
    expect(files('machines')).toEqual(['machines/index.ts']);
  });

  it('names nothing that is not there', () => {
    const missing = [...listed].filter((path) => {
      try {
        readdirSync(join(root, path.replace(/\/$/, '')));
        return false;
      } catch (e) {
        return (e as { code?: string }).code !== 'ENOTDIR';
      }
    });
    expect(missing).toEqual([]);
    expect(listed.size).toBeGreaterThan(50);
  });

  it('test/ mirrors the tree: each test folder is a folder of the tree (or one of the test-only ones)', () => {
    const testOnly = new Set([
      'test/app/cli/e2e/', // the CLI end to end, in a pty and as a child process
      'test/bindings/restate-steps/', // the Restate steps without a server
      'test/src/parser/dialect-corpus/', // recorded replies of open models
      'test/support/recorded/', // recorded streams
      'test/app/tools/node/fixtures/', // files the disk tools read
    ]);
    const walk = (dir: string): string[] => folders(dir).flatMap((folder) => [folder, ...walk(folder.slice(0, -1))]);
    const mirrored = ['src', 'scripted', 'bindings', 'app'].flatMap((top) =>
      walk(`test/${top}`).filter((folder) => !testOnly.has(folder) && ![...testOnly].some((t) => folder.startsWith(t))),
    );
    const sourceOf = (folder: string) => folder.slice('test/'.length);
    expect(mirrored.filter((folder) => !listed.has(sourceOf(folder)) && !isFolder(sourceOf(folder)))).toEqual([]);
  });
});

function isFolder(path: string): boolean {
  try {
    readdirSync(join(root, path));
    return true;
  } catch {
    return false;
  }
}
