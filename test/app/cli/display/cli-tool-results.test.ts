// A tool's result as a person sees it under its card (an xterm.js emulator): a short one whole,
// a long one as its head and its tail with the number of lines left out — never cut to one line.
import { describe, expect, it } from 'vitest';
import { createTerminalRenderer } from '../../../../app/cli/display/terminal-renderer.js';
import type { BlockView } from '../../../../machines/view/turn-view-types.js';
import { oneRequestView } from '../../../support/one-request-view.js';
import { xtermScreen } from '../../../support/xterm-screen.js';

const toolBlock = (name: string, params: Record<string, string>, result: string, isError = false): BlockView =>
  ({
    key: 'u1',
    request: 1,
    type: 'tool_use',
    name,
    params,
    call_id: 'u1',
    isNativeToolCall: false,
    isCompletion: false,
    status: isError ? 'error' : 'done',
    result,
    isError,
  }) as BlockView;

const view = (block: BlockView) => oneRequestView(block, 'waiting');

async function shown(block: BlockView, columns = 80): Promise<string[]> {
  const screen = xtermScreen(columns, 60);
  const r = createTerminalRenderer({ out: screen.out, live: true });
  r.update(view(block));
  r.finish(undefined, 'end');
  return screen.lines();
}

describe('tool results under their card', () => {
  it('shows a short result whole, every line', async () => {
    const result = ['src/a.ts', '3: const a = 1;', '', 'src/b.ts', '7: const b = 2;'].join('\n');
    const rows = await shown(toolBlock('search_files', { path: '.', regex: 'const' }, result));
    const at = rows.indexOf('  ⎿ src/a.ts');
    expect(at).toBeGreaterThan(0);
    expect(rows.slice(at, at + 5)).toEqual([
      '  ⎿ src/a.ts',
      '    3: const a = 1;',
      '    ',
      '    src/b.ts',
      '    7: const b = 2;',
    ]);
  });

  it('shows a long result as its head and tail with the count of lines left out', async () => {
    const result = Array.from({ length: 128 }, (_, i) => `match ${i + 1}`).join('\n');
    const rows = await shown(toolBlock('search_files', { path: '.', regex: 'x' }, result));
    const at = rows.indexOf('  ⎿ match 1');
    expect(at).toBeGreaterThan(0);
    expect(rows.slice(at, at + 9)).toEqual([
      '  ⎿ match 1',
      '    match 2',
      '    match 3',
      '    … 121 more lines …',
      '    match 125',
      '    match 126',
      '    match 127',
      '    match 128',
      '',
    ]);
    expect(rows.join('\n')).not.toContain('match 4\n');
  });

  it('shows an error of several lines whole', async () => {
    const result = 'Error (mcp): the server answered:\nline two\nline three';
    const rows = await shown(toolBlock('use_mcp_tool', { server_name: 'm', tool_name: 't' }, result, true));
    expect(rows).toContain('  ⎿ ✗ Error (mcp): the server answered:');
    expect(rows).toContain('    line two');
    expect(rows).toContain('    line three');
  });

  it('still sums up a file read and a listing in one line', async () => {
    const rows = await shown(toolBlock('read_file', { path: 'a.ts' }, 'one\ntwo\nthree'));
    expect(rows[1]).toBe('  ⎿ read 3 lines');
  });
});
