// The page's in-memory workspace and its tools: results worded like the Node tools, coded
// errors for bad paths, and nothing written outside the map.
import { describe, expect, it } from 'vitest';
import type { ToolUse } from '../../../src/parser/blocks.js';
import {
  createMemoryTools,
  createMemoryWorkspace,
  listEntries,
  normalizeWorkspacePath,
} from '../../../app/tools/memory/index.js';

function use(name: string, params: Record<string, string>): ToolUse {
  return { type: 'tool_use', name, params, partial: false, call_id: `t-${name}` };
}

const signal = new AbortController().signal;

function setup() {
  const ws = createMemoryWorkspace({
    'README.md': '# Demo\n',
    'src/app.ts': 'export const a = 1;\n',
    'src/lib/x.ts': 'x\n',
  });
  return { ws, tools: createMemoryTools(ws) };
}

describe('memory workspace paths', () => {
  it('normalizes relative paths and refuses ones that leave the workspace', () => {
    expect(normalizeWorkspacePath('./src//app.ts')).toEqual({ ok: true, path: 'src/app.ts' });
    expect(normalizeWorkspacePath('src/../README.md')).toEqual({ ok: true, path: 'README.md' });
    expect(normalizeWorkspacePath('.')).toEqual({ ok: true, path: '' });
    for (const bad of ['../etc/passwd', 'src/../../x', '/etc/passwd', 'C:/x']) {
      const r = normalizeWorkspacePath(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('outside-workspace');
    }
  });

  it('lists entries with directories ending in a slash', () => {
    const { ws } = setup();
    expect(listEntries(ws, '', false)).toEqual(['README.md', 'src/']);
    expect(listEntries(ws, 'src', true)).toEqual(['src/app.ts', 'src/lib/', 'src/lib/x.ts']);
  });
});

describe('browser tools', () => {
  it('lists, reads and searches', async () => {
    const { tools } = setup();
    expect(await tools.list_files(use('list_files', { path: '.' }), { signal })).toBe('README.md\nsrc/');
    expect(await tools.read_file(use('read_file', { path: 'README.md' }), { signal })).toBe('# Demo\n');
    expect(await tools.search_files(use('search_files', { path: '.', regex: 'const' }), { signal })).toBe(
      'Found 1 result.\n\nsrc/app.ts\n  1: export const a = 1;',
    );
  });

  it('writes only after resolving the path, and reports what it wrote', async () => {
    const { ws, tools } = setup();
    const seen: string[] = [];
    ws.onChange((p) => seen.push(p));
    expect(await tools.write_to_file(use('write_to_file', { path: 'notes.md', content: 'a\nb' }), { signal })).toBe(
      'Created notes.md (3 bytes, 2 lines).',
    );
    expect(ws.read('notes.md')).toBe('a\nb');
    const out = await tools.write_to_file(use('write_to_file', { path: '../out.md', content: 'x' }), { signal });
    expect(out).toMatchObject({ isError: true, code: 'outside-workspace' });
    expect(ws.files()).toEqual(['README.md', 'notes.md', 'src/app.ts', 'src/lib/x.ts']);
    expect(seen).toEqual(['notes.md']);
    expect(await tools.write_to_file(use('write_to_file', { path: 'src', content: 'x' }), { signal })).toMatchObject({
      code: 'not-a-file',
    });
  });

  it('replaces with SEARCH/REPLACE blocks and changes nothing when the text is not found', async () => {
    const { ws, tools } = setup();
    const diff = (search: string, replace: string) => `------- SEARCH\n${search}\n=======\n${replace}\n+++++++ REPLACE`;
    expect(
      await tools.replace_in_file(
        use('replace_in_file', { path: 'src/app.ts', diff: diff('export const a = 1;', 'export const a = 2;') }),
        { signal },
      ),
    ).toBe('Applied 1 edit to src/app.ts.');
    expect(ws.read('src/app.ts')).toBe('export const a = 2;\n');
    const missed = await tools.replace_in_file(
      use('replace_in_file', { path: 'src/app.ts', diff: diff('nope', 'x') }),
      { signal },
    );
    expect(missed).toMatchObject({ isError: true, code: 'search-not-found' });
    expect(ws.read('src/app.ts')).toBe('export const a = 2;\n');
  });

  it('emulates a few read-only commands and refuses the rest with a code', async () => {
    const { tools } = setup();
    expect(await tools.execute_command(use('execute_command', { command: 'cat README.md' }), { signal })).toBe(
      '# Demo\n',
    );
    expect(await tools.execute_command(use('execute_command', { command: 'ls src' }), { signal })).toBe('app.ts\nlib/');
    expect(await tools.execute_command(use('execute_command', { command: 'rm -rf /' }), { signal })).toMatchObject({
      isError: true,
      code: 'invalid-param',
    });
    expect(await tools.execute_command(use('execute_command', { command: 'cat ../x' }), { signal })).toMatchObject({
      code: 'outside-workspace',
    });
  });

  it('answers a missing parameter with a coded error', async () => {
    const { tools } = setup();
    expect(await tools.read_file(use('read_file', {}), { signal })).toMatchObject({
      isError: true,
      code: 'missing-param',
    });
    expect(await tools.read_file(use('read_file', { path: 'nope.md' }), { signal })).toMatchObject({
      code: 'not-found',
    });
  });
});
