// docs/acp.md's editor is a real program: examples/acp-editor.ts, shown on the page as it is,
// drives `agent-turn --acp` (from sources) through a read, an approval and a write.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readmeBlocks } from '../support/readme-blocks.js';
import { CLI_COMMAND_LINE } from '../support/cli-command.js';

const root = join(import.meta.dirname, '..', '..');
const example = join(root, 'examples', 'acp-editor.ts');

describe('the ACP editor example', () => {
  it('is on docs/acp.md as it is in examples/', () => {
    const blocks = readmeBlocks(join(root, 'docs', 'acp.md')).filter((b) => b.lang === 'ts');
    expect(blocks.map((b) => b.code)).toContain(readFileSync(example, 'utf8'));
  });

  it('reads, is asked, writes into its buffer, and prints what the page says', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', example], {
      cwd: root,
      env: { ...process.env, ACP_AGENT: `${CLI_COMMAND_LINE} --acp --pace 0` },
      timeout: 60_000,
    });
    const page = readFileSync(join(root, 'docs', 'acp.md'), 'utf8');
    const printed = /It prints:\n\n```\n([\s\S]*?)```/.exec(page)?.[1];
    expect(printed).toBeDefined();
    expect(stdout).toBe(printed);
  }, 90_000);
});
