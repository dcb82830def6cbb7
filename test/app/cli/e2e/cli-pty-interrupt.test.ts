// Ctrl-C typed in a real pseudo-terminal while the turn is under way, read back through an
// xterm.js emulator as a person scrolling back sees it: a running command's output already
// shown live stays on screen, marked as stopped; a tool cut off inside its close tag never
// shows the start of that tag (`</pa`), neither while it streams nor in the cut-off card.
import { afterAll, describe, expect, it } from 'vitest';
import { startFixedReplyModel, xmlToolUse, type FixedReply } from '../../../support/fixed-reply-model.js';
import { startCliInPty } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';
import { replayedScreen } from '../../../support/xterm-screen.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

const COLUMNS = 80;
const ROWS = 30;

async function run(replies: (FixedReply | string)[]) {
  const sandbox = await makeSandbox({ 'README.md': 'hi\n' });
  const model = await startFixedReplyModel(replies);
  cleanups.push(sandbox.cleanup, model.close);
  const cli = startCliInPty(
    ['--base-url', model.url, '--model', 'fixed', '--workspace', sandbox.workspace, '--yes', 'do it'],
    { columns: COLUMNS, rows: ROWS },
  );
  cleanups.push(async () => cli.kill());
  return cli;
}

describe.concurrent('Ctrl-C in a terminal', () => {
  it("keeps a running command's output on screen, marked as stopped", async () => {
    const cli = await run([
      xmlToolUse('execute_command', {
        command: 'for i in $(seq 1 40); do echo "tick $i"; sleep 0.2; done',
        requires_approval: 'false',
      }),
    ]);
    await cli.waitFor('tick 3');
    cli.type('\x03');
    expect(await cli.exited).toBe(130);
    const { rows } = await replayedScreen(cli.raw(), COLUMNS, ROWS);
    const at = rows.findIndex((r) => r.includes('⎿ ✗ The user interrupted the turn'));
    expect(at, rows.join('\n')).toBeGreaterThan(0);
    // Every line it printed before Ctrl-C, in order, once, then the mark.
    const after = rows.slice(at + 1);
    const stoppedAt = after.findIndex((r) => r.startsWith('    ■ stopped'));
    expect(stoppedAt, rows.join('\n')).toBeGreaterThanOrEqual(3);
    const shown = after.slice(0, stoppedAt);
    expect(shown.slice(0, 3)).toEqual(['    tick 1', '    tick 2', '    tick 3']);
    expect(shown).toEqual(shown.map((_, i) => `    tick ${i + 1}`));
    expect(rows.filter((r) => r.includes('■ interrupted'))).toHaveLength(1);
  });

  it('shows a tool cut off inside its close tag without the start of that tag', async () => {
    // The reply stops right after `</pa` (a multiple of the model's 16-character chunks) until Ctrl-C.
    const head = '<read_file>\n<path>src/';
    const pad = 'x'.repeat(16 - ((head.length + '.ts</pa'.length) % 16));
    const sent = `${head}${pad}.ts</pa`;
    const content = `${sent}th>\n</read_file>`;
    const cli = await run([{ content, gate: { afterChars: sent.length, open: new Promise(() => {}) } }]);
    await cli.waitFor(`read_file src/${pad}.ts`);
    cli.type('\x03');
    expect(await cli.exited).toBe(130);
    const { rows } = await replayedScreen(cli.raw(), COLUMNS, ROWS);
    expect(rows).toContain(`⏺ read_file src/${pad}.ts`);
    expect(
      rows.some((r) => r.startsWith('  ⎿ cut off')),
      rows.join('\n'),
    ).toBe(true);
    // Neither the card nor any redraw before it showed the tag's start.
    expect(cli.text()).not.toContain('</');
  });
});
