import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { instructionsLine, readProjectInstructions } from '../../../../app/cli/settings/project-instructions.js';
import { runCliProcess } from '../../../support/cli-process.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function sandbox(files: Record<string, string>) {
  const s = await makeSandbox(files);
  cleanups.push(s.cleanup);
  return s;
}

describe('project instructions', () => {
  it('reads AGENTS.md, CLAUDE.md and a .clinerules folder, in that order', async () => {
    const { workspace } = await sandbox({
      'AGENTS.md': 'Use tabs.\n',
      'CLAUDE.md': 'Run npm test.\n',
      '.clinerules/b.md': 'Second rule.\n',
      '.clinerules/a.md': 'First rule.\n',
    });
    const found = await readProjectInstructions(workspace);
    expect(found.files).toEqual(['AGENTS.md', 'CLAUDE.md', '.clinerules/a.md', '.clinerules/b.md']);
    expect(found.text).toContain('## AGENTS.md\n\nUse tabs.');
    expect(found.text.indexOf('First rule.')).toBeLessThan(found.text.indexOf('Second rule.'));
    expect(instructionsLine(found)).toBe(
      'project instructions: AGENTS.md, CLAUDE.md, .clinerules/a.md, .clinerules/b.md (--no-project-instructions leaves them out)',
    );
  });

  it('nothing found: no text', async () => {
    const { workspace } = await sandbox({ 'README.md': 'x' });
    expect(await readProjectInstructions(workspace)).toEqual({ text: '', files: [], leftOut: [] });
  });

  it('the CLI says so in one line and puts them in the system prompt; --no-project-instructions leaves them out', async () => {
    const { workspace, base } = await sandbox({ 'AGENTS.md': 'Always answer in haiku.\n', 'README.md': '# x\n' });
    await mkdir(path.join(base, 's'));
    const session = path.join(base, 's', 'one.json');
    const run = await runCliProcess(['--pace', '0', '--workspace', workspace, '--session', session, 'Read README.md']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'agent-turn: project instructions: AGENTS.md (--no-project-instructions leaves them out)',
    );
    const messages = JSON.parse(await readFile(session, 'utf8')).turn.output.messages;
    expect(messages[0].role).toBe('system');
    expect(messages[0].content).toContain('Always answer in haiku.');

    const off = path.join(base, 's', 'two.json');
    const without = await runCliProcess([
      '--pace',
      '0',
      '--workspace',
      workspace,
      '--session',
      off,
      '--no-project-instructions',
      'Read README.md',
    ]);
    expect(without.stderr).not.toContain('project instructions');
    expect(JSON.stringify(JSON.parse(await readFile(off, 'utf8')).turn.output.messages)).not.toContain('haiku');
  });
});
