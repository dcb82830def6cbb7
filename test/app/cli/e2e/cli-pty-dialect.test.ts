// The dialect of a recovered call, as a person sees it in a real pseudo-terminal (played into an
// xterm.js emulator): the scripted model writes its calls as Hermes or GLM (--scripted-dialect),
// each tool card names the dialect beside the tool, and the approval card says how the call was
// read before the question. Cline's XML gets no label.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCliInPty, type PtySession } from '../../../support/pty-session.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';
import { replayedScreen } from '../../../support/xterm-screen.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

const COLUMNS = 100;
const ROWS = 60;

async function run(dialect: string | undefined) {
  const sandbox = await makeSandbox({ 'README.md': '# Demo\nIt greets.\n' });
  cleanups.push(sandbox.cleanup);
  const cli = startCliInPty(
    [
      '--model',
      'scripted',
      '--pace',
      '0',
      '--workspace',
      sandbox.workspace,
      ...(dialect ? ['--scripted-dialect', dialect] : []),
      'Read README.md and write notes.md about it',
    ],
    { columns: COLUMNS, rows: ROWS },
  );
  cleanups.push(async () => cli.kill());
  return { cli, workspace: sandbox.workspace };
}

/** Presses a key once the prompt has settled (keys typed sooner are dropped as type-ahead). */
async function press(cli: PtySession, prompt: string | RegExp, key: string) {
  await cli.waitFor(prompt, 20_000);
  await new Promise((r) => setTimeout(r, 250));
  cli.type(key);
}

describe.concurrent('the dialect of a recovered call at a terminal', () => {
  for (const dialect of ['hermes', 'glm']) {
    it(`${dialect}: every card names it, and so does the approval card, above its question`, async () => {
      const { cli, workspace } = await run(dialect);
      await press(cli, 'Create notes.md?', 'y');
      expect(await cli.exited).toBe(0);
      const { rows } = await replayedScreen(cli.raw(), COLUMNS, ROWS);
      expect(rows).toContain(`⏺ list_files [${dialect}] .`);
      expect(rows).toContain(`⏺ read_file [${dialect}] README.md`);
      expect(rows.some((r) => r.startsWith(`⏺ write_to_file [${dialect}] notes.md`))).toBe(true);
      const note = rows.findIndex(
        (r) => r === `  ↳ recovered from the model's ${dialect} tool-call format (it did not write Cline's XML)`,
      );
      const question = rows.findIndex((r) => r.includes('Create notes.md?'));
      expect(note).toBeGreaterThan(-1);
      expect(note).toBeLessThan(question);
      // The model's markup never shows as prose.
      expect(rows.join('\n')).not.toMatch(/<tool_call>|<arg_key>|"arguments"/);
      expect(await readFile(path.join(workspace, 'notes.md'), 'utf8')).toContain('# Notes for: Read README.md');
    }, 40_000);
  }

  it("Cline's XML: no dialect label on any card, nor on the approval", async () => {
    const { cli } = await run(undefined);
    await press(cli, 'Create notes.md?', 'y');
    expect(await cli.exited).toBe(0);
    const { rows } = await replayedScreen(cli.raw(), COLUMNS, ROWS);
    expect(rows).toContain('⏺ list_files .');
    expect(rows).toContain('⏺ read_file README.md');
    expect(rows.join('\n')).not.toContain('recovered from');
    expect(rows.filter((r) => r.startsWith('⏺')).every((r) => !/^⏺ \S+ \[/.test(r))).toBe(true);
  }, 40_000);

  it('an unknown dialect is refused at start with the known ones', async () => {
    const { cli } = await run('klingon');
    expect(await cli.exited).toBe(2);
    expect(cli.text()).toContain('No scripted dialect "klingon". Known: hermes, qwen3-coder');
  }, 20_000);
});
