// A long tool result shows as its head and tail under its card, the cut saying how to see the
// rest; `/last` in the conversation opens the last message's results whole in the pager ($PAGER,
// `cat` here). Run in a real pseudo-terminal, read back through an xterm.js emulator.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastResultsText } from '../../../../app/cli/display/last-results.js';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';
import { startFixedReplyModel, xmlToolUse } from '../../../support/fixed-reply-model.js';
import { startCliInPty } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';
import { replayedScreen } from '../../../support/xterm-screen.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

describe('/last', () => {
  it("opens the last message's long result whole, which its card showed as head and tail", async () => {
    const sandbox = await makeSandbox({ 'README.md': '# Demo\n' });
    const sessions = await mkdtemp(path.join(tmpdir(), 'agent-turn-last-'));
    const model = await startFixedReplyModel([
      xmlToolUse('execute_command', {
        command: 'for i in $(seq 1 40); do echo "row $i"; done',
        requires_approval: 'false',
      }),
    ]);
    cleanups.push(sandbox.cleanup, model.close, () => rm(sessions, { recursive: true, force: true }));
    const cli = startCliInPty(
      ['--base-url', model.url, '--model', 'fixed', '--workspace', sandbox.workspace, '--yes', 'count'],
      { conversation: true, columns: 80, rows: 30, env: { AGENT_TURN_SESSIONS_DIR: sessions } },
    );
    cleanups.push(async () => cli.kill());
    await cli.waitFor('✓ completed');
    await cli.waitFor('›');
    const card = (await replayedScreen(cli.raw(), 80, 30)).rows;
    expect(card).toContain('    … 29 more lines, /last shows all …');
    expect(card).not.toContain('    row 20');
    cli.type('/last\r');
    await cli.waitFor(/⎿ done\n[\s\S]*row 40\n[\s\S]*›/);
    const after = (await replayedScreen(cli.raw(), 80, 30)).rows;
    const from = after.lastIndexOf('› /last');
    expect(from, after.join('\n')).toBeGreaterThan(0);
    const shown = after.slice(from + 1);
    expect(shown[0]).toMatch(/^⏺ execute_command for i in/);
    expect(shown[1]).toBe('  ⎿ done');
    for (let i = 1; i <= 40; i++) expect(shown, `row ${i}`).toContain(`row ${i}`);
    cli.type('/exit\r');
    expect(await cli.exited).toBe(0);
  });

  it('has nothing to show for a turn without tools, and heads every result with its tool', () => {
    const plain = createStyle(false);
    expect(lastResultsText({ requests: [] }, plain)).toBeUndefined();
    const text = lastResultsText(
      {
        requests: [
          {
            blocks: [{ type: 'tool_use', name: 'read_file', params: { path: 'a.ts' }, call_id: 'c1', partial: false }],
            toolResults: [
              { call_id: 'c1', name: 'read_file', status: 'done', content: 'one\ntwo\x1b[31m', isError: false },
            ],
          },
        ],
      } as never,
      plain,
    );
    expect(text).toBe('⏺ read_file a.ts\n  ⎿ done\none\ntwo⟨U+001B ESC⟩[31m\n');
  });
});
