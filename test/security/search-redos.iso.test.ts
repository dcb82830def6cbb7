// Attack: a regex (or glob) that makes a backtracking engine run for ages. search_files matches
// with RE2 (linear time) in the shared search-query.ts, so the same holds on disk and in the web
// page; this file runs in Node and in Chromium. A backtracking engine takes about 2^40 steps on
// the first file below: the test would not finish (the time figure is in bench/search-redos.ts).
import { describe, expect, it } from 'vitest';
import { createMemoryTools, createMemoryWorkspace } from '../../app/tools/memory/index.js';
import type { ToolResult } from '../../app/tools/index.js';

const line40 = 'a'.repeat(40);

async function search(files: Record<string, string>, params: Record<string, string>) {
  const tools = createMemoryTools(createMemoryWorkspace(files));
  const result: ToolResult = await tools.search_files(
    { type: 'tool_use', name: 'search_files', params, partial: false, call_id: 'redos' },
    { signal: new AbortController().signal },
  );
  return typeof result === 'string'
    ? { content: result, isError: false, code: undefined }
    : { content: result.content, isError: result.isError === true, code: result.code };
}

describe('search_files against catastrophic backtracking', () => {
  it("answers (a+)+$ on lines of 40 a's, the failing one and the matching one", async () => {
    const result = await search({ 'bomb.txt': `${line40}!\n${line40}\n` }, { path: '.', regex: '(a+)+$' });
    expect(result.content).toBe(`Found 1 result.\n\nbomb.txt\n  2: ${line40}`);
  });

  it('answers other exponential and polynomial patterns on long lines', async () => {
    const long = `${'x'.repeat(20_000)}!`;
    for (const regex of ['(x+x+)+z', '(x|x)*z', '(.*a){12}', '^(\\w+\\s?)*$']) {
      const result = await search({ 'long.txt': long }, { path: '.', regex });
      expect(result.content).toBe(`Found 0 results for /${regex}/.`);
    }
  });

  it('answers a glob of many stars against a long file name', async () => {
    const name = `${'a'.repeat(3_000)}.txt`;
    const result = await search(
      { [name]: 'hit\n', 'b.txt': 'hit\n' },
      { path: '.', regex: 'hit', file_pattern: `${'*a'.repeat(15)}*b` },
    );
    expect(result.content).toBe('Found 0 results for /hit/ in files matching ' + `${'*a'.repeat(15)}*b` + '.');
  });

  it('refuses lookaround and backreferences with a bad-regex error that says why', async () => {
    for (const regex of ['a(?=b)', '(?<!a)b', '(a)\\1']) {
      const result = await search({ 'a.txt': 'ab\n' }, { path: '.', regex });
      expect(result).toMatchObject({ isError: true, code: 'bad-regex' });
      expect(result.content).toContain('not supported: matching runs in linear time');
    }
  });

  it('keeps JavaScript syntax: named groups, \\d, \\u escapes, classes', async () => {
    const files = { 'a.txt': 'id 42\nnone\nAé\n' };
    expect((await search(files, { path: '.', regex: '(?<n>\\d+)' })).content).toBe(
      'Found 1 result.\n\na.txt\n  1: id 42',
    );
    expect((await search(files, { path: '.', regex: '\\u0041\\u00e9' })).content).toBe(
      'Found 1 result.\n\na.txt\n  3: Aé',
    );
    expect((await search(files, { path: '.', regex: '^[a-z]+$' })).content).toBe('Found 1 result.\n\na.txt\n  2: none');
  });
});
