// The layout page is drawn from the repository: its tree names every folder of src/, machines/,
// bindings/ and app/ (and every file at the top of app/ and machines/), and each thing it names
// is there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(root, 'docs', 'layout.md'), 'utf8');
const tree = /```\n([\s\S]*?)```/.exec(page)![1]!;

/** The tree's entries as paths: a top entry (`app/`) and its indented children (`cli.ts, cli/`). */
function entries(): string[] {
  const out: string[] = [];
  let top = '';
  for (const line of tree.split('\n')) {
    const child = /^ {2}([^\s,]+(?:, [^\s,]+)*)(\s|$)/.exec(line);
    const parent = /^(\S+)/.exec(line);
    if (parent) {
      top = parent[1]!;
      out.push(top);
    } else if (child) for (const name of child[1]!.split(', ')) out.push(`${top}${name}`);
  }
  return out;
}

const listed = new Set(entries());
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}/`);

describe('the layout page', () => {
  it('names every folder of src/, machines/, bindings/ and app/', () => {
    const onDisk = ['src', 'machines', 'bindings', 'app'].flatMap(folders);
    expect(onDisk.filter((folder) => !listed.has(folder))).toEqual([]);
  });

  it('names every file at the top of app/, and machines/ has only index.ts at its top', () => {
    const files = (dir: string) =>
      readdirSync(join(root, dir), { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `${dir}/${e.name}`);
    expect(files('app').filter((file) => !listed.has(file))).toEqual([]);
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
    expect(listed.size).toBeGreaterThan(30);
  });
});
