import { afterEach, describe, expect, it } from 'vitest';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createNodeTools, openWorkspace } from '../../../app/tools/node/index.js';
import { writeFileAtomically } from '../../../app/tools/node/index.js';
import { makeSandbox, noSignal, snapshotTree, toolUse, unwrap } from '../../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setup(files: Record<string, string>, extra: Partial<Parameters<typeof createNodeTools>[0]> = {}) {
  const sandbox = await makeSandbox(files);
  cleanup = sandbox.cleanup;
  const tools = createNodeTools({ workspace: await openWorkspace(sandbox.workspace), ...extra });
  const run = async (name: string, params: Record<string, string>) =>
    unwrap(await tools[name](toolUse(name, params), noSignal()));
  return { ...sandbox, tools, run };
}

describe('read_file', () => {
  it('returns a text file exactly', async () => {
    const { run } = await setup({ 'src/a.ts': 'export const a = 1;\n// ünïcødé 🎉\n' });
    expect(await run('read_file', { path: 'src/a.ts' })).toEqual({
      content: 'export const a = 1;\n// ünïcødé 🎉\n',
      isError: false,
    });
  });

  it('caps a large file and says how much it showed', async () => {
    const { run } = await setup({ 'big.txt': 'x'.repeat(5000) }, { readFile: { maxBytes: 1000 } });
    const result = await run('read_file', { path: 'big.txt' });
    expect(result.isError).toBe(false);
    expect(result.content.startsWith('x'.repeat(1000) + '\n')).toBe(true);
    expect(result.content).toContain('showing the first 1000 of 5000 bytes');
  });

  it('refuses a binary file, a missing file and a directory with coded errors', async () => {
    const { run, workspace } = await setup({ 'dir/x.txt': 'x' });
    await writeFile(path.join(workspace, 'img.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    expect((await run('read_file', { path: 'img.bin' })).code).toBe('binary-file');
    expect((await run('read_file', { path: 'nope.txt' })).code).toBe('not-found');
    expect((await run('read_file', { path: 'dir' })).code).toBe('not-a-file');
    expect((await run('read_file', {})).code).toBe('missing-param');
  });
});

describe('list_files', () => {
  const files = {
    'README.md': '#',
    'src/a.ts': '',
    'src/deep/b.ts': '',
    'node_modules/x/index.js': '',
    '.git/HEAD': '',
  };

  it('lists one level, folders marked, sorted', async () => {
    const { run } = await setup(files);
    expect((await run('list_files', { path: '.' })).content.split('\n')).toEqual(['README.md', 'src/']);
  });

  it('lists recursively without node_modules or .git', async () => {
    const { run } = await setup(files);
    expect((await run('list_files', { path: '.', recursive: 'true' })).content.split('\n')).toEqual([
      'README.md',
      'src/',
      'src/a.ts',
      'src/deep/',
      'src/deep/b.ts',
    ]);
  });

  it('stops at the cap and counts the rest', async () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${String(i).padStart(2, '0')}.txt`, '']));
    const { run } = await setup(many, { listFiles: { maxEntries: 5 } });
    const lines = (await run('list_files', { path: '.' })).content.split('\n');
    expect(lines.slice(0, 5)).toEqual(['f00.txt', 'f01.txt', 'f02.txt', 'f03.txt', 'f04.txt']);
    expect(lines[5]).toContain('7 more entries');
  });
});

describe('search_files', () => {
  const files = {
    'src/a.ts': 'const alpha = 1;\nconst beta = 2;\n',
    'src/b.md': 'alpha in prose\n',
    'lib/c.ts': 'let alphabet;\n',
  };

  it('finds matching lines with their numbers, filtered by a glob', async () => {
    const { run } = await setup(files);
    const result = await run('search_files', { path: '.', regex: 'alpha', file_pattern: '*.ts' });
    expect(result.content).toBe('Found 2 results.\n\nlib/c.ts\n  1: let alphabet;\n\nsrc/a.ts\n  1: const alpha = 1;');
  });

  it('searches below a folder and reports no matches plainly', async () => {
    const { run } = await setup(files);
    expect((await run('search_files', { path: 'src', regex: 'beta' })).content).toBe(
      'Found 1 result.\n\nsrc/a.ts\n  2: const beta = 2;',
    );
    expect((await run('search_files', { path: '.', regex: 'gamma' })).content).toMatch(/^Found 0 results/);
  });

  it('answers a bad regex or glob with an error result', async () => {
    const { run } = await setup(files);
    const bad = await run('search_files', { path: '.', regex: '(unclosed' });
    expect(bad).toMatchObject({ isError: true, code: 'bad-regex' });
    expect(bad.content).toContain('(unclosed');
    expect((await run('search_files', { path: '.', regex: 'a', file_pattern: '{a,b' })).code).toBe('invalid-param');
  });
});

describe('write_to_file', () => {
  it('creates folders and writes the content exactly', async () => {
    const { run, workspace } = await setup({});
    const result = await run('write_to_file', { path: 'new/dir/file.txt', content: 'line 1\nline 2\n' });
    expect(result).toEqual({ content: 'Created new/dir/file.txt (14 bytes, 2 lines).', isError: false });
    expect(await readFile(path.join(workspace, 'new/dir/file.txt'), 'utf8')).toBe('line 1\nline 2\n');
  });

  it('replaces a file through a temp file and leaves no temp file behind', async () => {
    const { run, workspace } = await setup({ 'a.txt': 'old' });
    expect((await run('write_to_file', { path: 'a.txt', content: 'new' })).content).toBe(
      'Wrote a.txt (3 bytes, 1 lines).',
    );
    expect(await readFile(path.join(workspace, 'a.txt'), 'utf8')).toBe('new');
    expect(await readdir(workspace)).toEqual(['a.txt']);
  });

  it('writes an empty file but refuses a missing content parameter', async () => {
    const { run, workspace } = await setup({});
    expect((await run('write_to_file', { path: 'empty.txt', content: '' })).isError).toBe(false);
    expect(await readFile(path.join(workspace, 'empty.txt'), 'utf8')).toBe('');
    expect((await run('write_to_file', { path: 'x.txt' })).code).toBe('missing-param');
  });

  it('refuses to write over a directory', async () => {
    const { run, workspace } = await setup({ 'd/x.txt': 'x' });
    expect((await run('write_to_file', { path: 'd', content: 'y' })).code).toBe('not-a-file');
    expect(await snapshotTree(workspace)).toEqual({ d: '<dir>', 'd/x.txt': 'x' });
  });

  it('removes its temp file when the final rename fails', async () => {
    const { workspace } = await setup({ 'd/x.txt': 'x' });
    await expect(writeFileAtomically(path.join(workspace, 'd'), 'y')).rejects.toThrow();
    expect(await snapshotTree(workspace)).toEqual({ d: '<dir>', 'd/x.txt': 'x' });
  });
});

describe('replace_in_file', () => {
  const source = 'function greet() {\n  return "hi";\n}\n\nfunction bye() {\n  return "bye";\n}\n';

  it("applies Cline's SEARCH/REPLACE blocks in order", async () => {
    const { run, workspace } = await setup({ 'a.js': source });
    const diff =
      '------- SEARCH\n  return "hi";\n=======\n  return "hello";\n+++++++ REPLACE\n------- SEARCH\n  return "bye";\n=======\n  return "goodbye";\n+++++++ REPLACE';
    expect((await run('replace_in_file', { path: 'a.js', diff })).content).toBe('Applied 2 edits to a.js.');
    expect(await readFile(path.join(workspace, 'a.js'), 'utf8')).toBe(
      source.replace('"hi"', '"hello"').replace('"bye"', '"goodbye"'),
    );
  });

  it('accepts the <<<<<<< SEARCH / >>>>>>> REPLACE markers', async () => {
    const { run, workspace } = await setup({ 'a.js': source });
    const diff = '<<<<<<< SEARCH\nfunction bye() {\n=======\nfunction farewell() {\n>>>>>>> REPLACE';
    expect((await run('replace_in_file', { path: 'a.js', diff })).isError).toBe(false);
    expect(await readFile(path.join(workspace, 'a.js'), 'utf8')).toContain('function farewell() {');
  });

  it('changes nothing when any SEARCH text is missing, and says which', async () => {
    const { run, workspace } = await setup({ 'a.js': source });
    const diff =
      '------- SEARCH\n  return "hi";\n=======\n  return "hello";\n+++++++ REPLACE\n------- SEARCH\n  return "nope";\n=======\nx\n+++++++ REPLACE';
    const result = await run('replace_in_file', { path: 'a.js', diff });
    expect(result).toMatchObject({ isError: true, code: 'search-not-found' });
    expect(result.content).toContain('block 2');
    expect(result.content).toContain('return \\"nope\\";');
    expect(result.content).toContain('No changes were made');
    expect(await readFile(path.join(workspace, 'a.js'), 'utf8')).toBe(source);
  });

  it('matches lines whose indentation differs and keeps CRLF endings', async () => {
    const { run, workspace } = await setup({ 'w.txt': 'a\r\n    b\r\nc\r\n' });
    const diff = '------- SEARCH\n\tb\n=======\n    B\n+++++++ REPLACE';
    expect((await run('replace_in_file', { path: 'w.txt', diff })).isError).toBe(false);
    expect(await readFile(path.join(workspace, 'w.txt'), 'utf8')).toBe('a\r\n    B\r\nc\r\n');
  });

  it('rejects a malformed diff with the line it broke on', async () => {
    const { run, workspace } = await setup({ 'a.js': source });
    const result = await run('replace_in_file', { path: 'a.js', diff: '------- SEARCH\nfoo\n+++++++ REPLACE' });
    expect(result).toMatchObject({ isError: true, code: 'bad-diff' });
    expect(result.content).toContain('line 3');
    expect((await run('replace_in_file', { path: 'a.js', diff: 'just prose' })).code).toBe('bad-diff');
    expect(await readFile(path.join(workspace, 'a.js'), 'utf8')).toBe(source);
  });
});

describe('ask_followup_question', () => {
  it('returns a note without a user, and the answer with one', async () => {
    const { run } = await setup({});
    expect((await run('ask_followup_question', { question: 'Which file?' })).content).toContain('No user is available');
    const asked: unknown[] = [];
    const { tools } = await setup({}, { ask: async (q, options) => (asked.push([q, options]), 'b.ts') });
    const result = unwrap(
      await tools.ask_followup_question(
        toolUse('ask_followup_question', { question: 'Which?', options: '["a.ts","b.ts"]' }),
        noSignal(),
      ),
    );
    expect(result.content).toBe('The user answered: b.ts');
    expect(asked).toEqual([['Which?', ['a.ts', 'b.ts']]]);
  });
});

describe('read-only tools', () => {
  it('refuses writes and commands and touches nothing', async () => {
    const { run, workspace } = await setup({ 'a.txt': 'a' }, { readOnly: true });
    const before = await snapshotTree(workspace);
    for (const [name, params] of [
      ['write_to_file', { path: 'b.txt', content: 'b' }],
      ['replace_in_file', { path: 'a.txt', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' }],
      ['execute_command', { command: 'touch c.txt' }],
    ] as const) {
      expect(await run(name, params)).toMatchObject({ isError: true, code: 'read-only' });
    }
    expect((await run('read_file', { path: 'a.txt' })).content).toBe('a');
    expect(await snapshotTree(workspace)).toEqual(before);
  });
});
