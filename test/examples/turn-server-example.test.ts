// docs/turn-server.md's examples are real programs: examples/turn-server/ag-ui-client.ts and
// examples/turn-server/chat-page.tsx, shown on the page as they are; the AG-UI client drives
// `agent-turn serve` (from sources) through a read, an interrupt and a write, and prints what the
// page says (the page is driven in Chromium by test/app/turn-server/use-chat.browser.test.tsx).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readmeBlocks } from '../support/readme-blocks.js';
import { CLI_COMMAND_LINE } from '../support/cli-command.js';

const root = join(import.meta.dirname, '..', '..');
const page = join(root, 'docs', 'turn-server.md');

describe('the turn server examples', () => {
  it('are on docs/turn-server.md as they are in examples/', () => {
    const blocks = readmeBlocks(page).map((b) => b.code);
    expect(blocks).toContain(readFileSync(join(root, 'examples', 'turn-server', 'ag-ui-client.ts'), 'utf8'));
    expect(blocks).toContain(readFileSync(join(root, 'examples', 'turn-server', 'chat-page.tsx'), 'utf8'));
  });

  it('the AG-UI client reads, is interrupted, writes once it answers, and prints what the page says', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'examples', 'turn-server', 'ag-ui-client.ts')],
      {
        cwd: root,
        env: { ...process.env, TURN_SERVER: `${CLI_COMMAND_LINE} serve --pace 0` },
        timeout: 60_000,
      },
    );
    const printed = /It prints:\n\n```\n([\s\S]*?)```/.exec(readFileSync(page, 'utf8'))?.[1];
    expect(printed).toBeDefined();
    expect(stdout).toBe(printed);
  }, 90_000);
});
