// The shared tools' behaviour, run over both workspace adapters (disk and in-memory): the same
// parameters give the same result sentences, codes and file changes.
import { afterEach, describe, expect, it } from 'vitest';
import { memoryAdapter, nodeAdapter, type AdapterUnderTest, type ToolOptions } from '../../support/tool-adapters.js';
import { noSignal, toolUse, unwrap } from '../../support/tool-fixtures.js';

const diff = (search: string, replace: string) => `------- SEARCH\n${search}\n=======\n${replace}\n+++++++ REPLACE`;

describe.each([nodeAdapter, memoryAdapter])('shared tools over the $name adapter', (adapter) => {
  let opened: AdapterUnderTest | undefined;
  afterEach(async () => {
    await opened?.cleanup();
    opened = undefined;
  });

  async function setup(files: Record<string, string>, options: ToolOptions = {}) {
    opened = await adapter.open(files, options);
    const { tools } = opened;
    const run = async (name: string, params: Record<string, string>, signal = noSignal()) =>
      unwrap(await tools[name](toolUse(name, params), signal));
    return { ...opened, run };
  }

  const project = {
    'README.md': '# Demo\n',
    'src/app.ts': 'export const a = 1;\nconst beta = 2;\n',
    'src/lib/x.ts': 'let alphabet;\n',
    'b.md': 'alpha in prose\n',
  };

  describe('read_file', () => {
    it('returns a text file exactly, and coded errors for what it cannot read', async () => {
      const { run } = await setup({ ...project, 'u.txt': 'ünïcødé 🎉\n' });
      expect(await run('read_file', { path: 'u.txt' })).toEqual({ content: 'ünïcødé 🎉\n', isError: false });
      expect(await run('read_file', { path: 'nope.md' })).toMatchObject({
        isError: true,
        code: 'not-found',
        content: 'Error (not-found): File not found: nope.md',
      });
      expect(await run('read_file', { path: 'src' })).toMatchObject({
        code: 'not-a-file',
        content: 'Error (not-a-file): src is not a file (it is a directory; use list_files).',
      });
      expect(await run('read_file', {})).toMatchObject({
        code: 'missing-param',
        content: 'Error (missing-param): read_file needs the parameter <path>.',
      });
    });

    it('caps a long file without splitting a character, and says how much it showed', async () => {
      const { run } = await setup({ 'big.txt': `${'x'.repeat(9)}é${'y'.repeat(100)}` }, { readFile: { maxBytes: 10 } });
      expect(await run('read_file', { path: 'big.txt' })).toEqual({
        content: `${'x'.repeat(9)}\n\n[read_file: showing the first 10 of 111 bytes of big.txt]`,
        isError: false,
      });
    });

    it('refuses a file with a NUL byte as binary', async () => {
      const { run } = await setup({ 'bin.dat': 'PNG\0\u0001' });
      expect(await run('read_file', { path: 'bin.dat' })).toMatchObject({
        code: 'binary-file',
        content: 'Error (binary-file): bin.dat is a binary file (5 bytes); only text files can be read.',
      });
    });
  });

  describe('list_files', () => {
    it('lists one level and recursively, folders marked, in the same order', async () => {
      const { run } = await setup({ ...project, 'node_modules/x/index.js': '', '.git/HEAD': '', 'a/z.txt': '' });
      expect((await run('list_files', { path: '.' })).content).toBe('README.md\na/\nb.md\nsrc/');
      expect((await run('list_files', { path: '.', recursive: 'true' })).content.split('\n')).toEqual([
        'README.md',
        'a/',
        'b.md',
        'src/',
        'a/z.txt',
        'src/app.ts',
        'src/lib/',
        'src/lib/x.ts',
      ]);
      expect((await run('list_files', { path: 'src/lib' })).content).toBe('src/lib/x.ts');
      expect((await run('list_files', {})).content).toBe('README.md\na/\nb.md\nsrc/');
    });

    it('says when a folder is empty and refuses a file or a missing folder', async () => {
      const { run } = await setup({ 'README.md': '' });
      expect(await run('list_files', { path: 'README.md' })).toMatchObject({
        code: 'not-a-directory',
        content: 'Error (not-a-directory): README.md is not a directory.',
      });
      expect(await run('list_files', { path: 'nope' })).toMatchObject({
        code: 'not-found',
        content: 'Error (not-found): Directory not found: nope',
      });
      const empty = await setup({});
      expect(await empty.run('list_files', { path: '.' })).toEqual({ content: '. is empty.', isError: false });
    });

    it('stops at the cap and counts the rest', async () => {
      const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${String(i).padStart(2, '0')}.txt`, '']));
      const { run } = await setup(many, { listFiles: { maxEntries: 5 } });
      expect((await run('list_files', { path: '.' })).content.split('\n')).toEqual([
        'f00.txt',
        'f01.txt',
        'f02.txt',
        'f03.txt',
        'f04.txt',
        '[list_files: 7 more entries not shown; list a subfolder to see them]',
      ]);
    });

    it('stops when the signal aborts', async () => {
      const { run } = await setup(project);
      const controller = new AbortController();
      controller.abort();
      expect(await run('list_files', { path: '.', recursive: 'true' }, { signal: controller.signal })).toMatchObject({
        code: 'aborted',
      });
    });
  });

  describe('search_files', () => {
    it('finds numbered lines grouped by file, filtered by a glob, below a folder or in one file', async () => {
      const { run } = await setup(project);
      expect((await run('search_files', { path: '.', regex: 'alpha', file_pattern: '*.ts' })).content).toBe(
        'Found 1 result.\n\nsrc/lib/x.ts\n  1: let alphabet;',
      );
      expect((await run('search_files', { path: '.', regex: 'alpha' })).content).toBe(
        'Found 2 results.\n\nb.md\n  1: alpha in prose\n\nsrc/lib/x.ts\n  1: let alphabet;',
      );
      expect((await run('search_files', { path: 'src', regex: 'beta' })).content).toBe(
        'Found 1 result.\n\nsrc/app.ts\n  2: const beta = 2;',
      );
      expect((await run('search_files', { path: 'src/app.ts', regex: 'const' })).content).toBe(
        'Found 2 results.\n\nsrc/app.ts\n  1: export const a = 1;\n  2: const beta = 2;',
      );
    });

    it('stops at the result limit and says so', async () => {
      const { run } = await setup({ 'a.txt': 'hit\nhit\nhit\n' }, { searchFiles: { maxResults: 2 } });
      expect((await run('search_files', { path: '.', regex: 'hit' })).content).toBe(
        'Found 2 results (stopped at the limit of 2; narrow the search to see more).\n\na.txt\n  1: hit\n  2: hit',
      );
    });

    it('reports no match plainly and bad input with codes', async () => {
      const { run } = await setup(project);
      expect(await run('search_files', { path: '.', regex: 'gamma', file_pattern: '*.md' })).toEqual({
        content: 'Found 0 results for /gamma/ in files matching *.md.',
        isError: false,
      });
      expect(await run('search_files', { path: '.', regex: '(unclosed' })).toMatchObject({ code: 'bad-regex' });
      expect(await run('search_files', { path: '.', regex: 'a', file_pattern: '{a,b' })).toMatchObject({
        code: 'invalid-param',
      });
      expect(await run('search_files', { path: 'nope', regex: 'a' })).toMatchObject({ code: 'not-found' });
      expect(await run('search_files', { path: '.' })).toMatchObject({ code: 'missing-param' });
    });
  });

  describe('write_to_file', () => {
    it('creates (with folders) and replaces, and reports bytes and lines', async () => {
      const { run, files } = await setup({ 'a.txt': 'old' });
      expect(await run('write_to_file', { path: 'new/dir/f.txt', content: 'line 1\nline 2\n' })).toEqual({
        content: 'Created new/dir/f.txt (14 bytes, 2 lines).',
        isError: false,
      });
      expect(await run('write_to_file', { path: 'a.txt', content: 'é' })).toEqual({
        content: 'Wrote a.txt (2 bytes, 1 lines).',
        isError: false,
      });
      expect(await run('write_to_file', { path: 'empty.txt', content: '' })).toEqual({
        content: 'Created empty.txt (0 bytes, 0 lines).',
        isError: false,
      });
      expect(await files()).toEqual({ 'a.txt': 'é', 'empty.txt': '', 'new/dir/f.txt': 'line 1\nline 2\n' });
    });

    it('refuses a missing content, a directory, and a path through a file, changing nothing', async () => {
      const { run, files } = await setup(project);
      expect(await run('write_to_file', { path: 'x.txt' })).toMatchObject({
        code: 'missing-param',
        content: 'Error (missing-param): write_to_file needs the parameter <content>.',
      });
      expect(await run('write_to_file', { path: 'src', content: 'x' })).toMatchObject({
        code: 'not-a-file',
        content: 'Error (not-a-file): src is a directory.',
      });
      expect(await run('write_to_file', { path: 'README.md/x.txt', content: 'x' })).toMatchObject({
        isError: true,
        code: 'io-error',
      });
      expect(await files()).toEqual(project);
    });
  });

  describe('replace_in_file', () => {
    it('applies blocks, or changes nothing and says why', async () => {
      const { run, files } = await setup(project);
      expect(
        (await run('replace_in_file', { path: 'src/app.ts', diff: diff('export const a = 1;', 'export const a = 2;') }))
          .content,
      ).toBe('Applied 1 edit to src/app.ts.');
      expect((await files())['src/app.ts']).toBe('export const a = 2;\nconst beta = 2;\n');
      expect(
        (await run('replace_in_file', { path: 'src/app.ts', diff: diff('const beta = 2;', 'const beta = 2;') }))
          .content,
      ).toBe('src/app.ts already had this content; nothing changed.');
      const missed = await run('replace_in_file', { path: 'src/app.ts', diff: diff('nope', 'x') });
      expect(missed).toMatchObject({ code: 'search-not-found' });
      expect(missed.content).toMatch(
        /No changes were made to src\/app\.ts; read the file and retry with its exact text\.$/,
      );
      expect(await run('replace_in_file', { path: 'src/app.ts', diff: 'just prose' })).toMatchObject({
        code: 'bad-diff',
      });
      expect(await run('replace_in_file', { path: 'gone.ts', diff: diff('a', 'b') })).toMatchObject({
        code: 'not-found',
        content: 'Error (not-found): File not found: gone.ts. Use write_to_file to create it.',
      });
      expect(await run('replace_in_file', { path: 'src', diff: diff('a', 'b') })).toMatchObject({ code: 'not-a-file' });
      expect((await files())['src/app.ts']).toBe('export const a = 2;\nconst beta = 2;\n');
    });

    it('creates a file from an empty SEARCH and keeps a byte order mark', async () => {
      const { run, files } = await setup({ 'bom.txt': '\uFEFFa\n' });
      expect((await run('replace_in_file', { path: 'fresh.txt', diff: diff('', 'hello') })).content).toBe(
        'Applied 1 edit to fresh.txt.',
      );
      expect((await run('replace_in_file', { path: 'bom.txt', diff: diff('a', 'b') })).isError).toBe(false);
      expect(await files()).toEqual({ 'bom.txt': '\uFEFFb\n', 'fresh.txt': 'hello' });
    });
  });

  describe('paths that leave the workspace', () => {
    for (const target of ['../outside.txt', 'src/../../x', '/etc/passwd', 'a\0b']) {
      it(`refuses ${JSON.stringify(target)} in every path tool and changes nothing`, async () => {
        const { run, files } = await setup(project);
        for (const [name, params] of [
          ['read_file', { path: target }],
          ['list_files', { path: target }],
          ['search_files', { path: target, regex: 'a' }],
          ['write_to_file', { path: target, content: 'pwned' }],
          ['replace_in_file', { path: target, diff: diff('', 'pwned') }],
        ] as const) {
          expect({ name, ...(await run(name, params)) }).toMatchObject({
            name,
            isError: true,
            code: 'outside-workspace',
          });
        }
        expect(await files()).toEqual(project);
      });
    }
  });

  describe('execute_command, ask_followup_question, read-only mode', () => {
    it('checks the command parameters before running anything', async () => {
      const { run } = await setup(project);
      expect(await run('execute_command', {})).toMatchObject({ code: 'missing-param' });
      expect(await run('execute_command', { command: 'pwd', timeout: 'soon' })).toMatchObject({
        code: 'invalid-param',
        content: 'Error (invalid-param): timeout must be a positive number of seconds, not "soon".',
      });
      const controller = new AbortController();
      controller.abort();
      expect(await run('execute_command', { command: 'pwd' }, { signal: controller.signal })).toMatchObject({
        code: 'aborted',
      });
      expect(await run('ask_followup_question', {})).toMatchObject({ code: 'missing-param' });
    });

    it('refuses writes and commands when read-only, and still reads', async () => {
      const { run, files } = await setup(project, { readOnly: true });
      for (const [name, params] of [
        ['write_to_file', { path: 'b.txt', content: 'b' }],
        ['replace_in_file', { path: 'README.md', diff: diff('# Demo', 'x') }],
        ['execute_command', { command: 'echo x > c.txt' }],
      ] as const) {
        expect(await run(name, params)).toMatchObject({ isError: true, code: 'read-only' });
      }
      expect((await run('read_file', { path: 'README.md' })).content).toBe('# Demo\n');
      expect(await files()).toEqual(project);
    });
  });
});
