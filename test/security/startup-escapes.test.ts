// Issue 32, Low 10: start-up lines printed text of the workspace and of MCP servers raw, so a
// `.clinerules` file name, an MCP tool's or server's name, or a failing server's stderr could
// drive the terminal: recolour it, clear it, or write the clipboard (OSC 52). Every such line is
// now shown with its control characters as visible symbols (ESC as ␛, BEL as ␇, a line feed as ␊).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliProcess } from '../support/cli-process.js';
import { fixtureServer, tempFolder } from '../support/mcp-servers.js';

const folders: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const f of folders.splice(0)) f.remove();
});

const OSC52 = '\x1b]52;c;ZXZpbA==\x07';

/** The CLI's stderr for a workspace with these files and these MCP servers. */
async function startupLines(files: Record<string, string>, servers?: Record<string, unknown>): Promise<string> {
  const ws = tempFolder();
  folders.push(ws);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(ws.dir, name)), { recursive: true });
    writeFileSync(path.join(ws.dir, name), text);
  }
  const outside = tempFolder();
  folders.push(outside);
  const config = path.join(outside.dir, 'mcp.json');
  if (servers) writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  const run = await runCliProcess([
    '--model',
    'scripted',
    '--pace',
    '0',
    '--json',
    '--workspace',
    ws.dir,
    ...(servers ? ['--mcp-config', config] : []),
    'hi',
  ]);
  return run.stderr;
}

/** No control character but tab and line feed, and every line is one of the CLI's. */
function expectInert(stderr: string) {
  expect(stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  for (const line of stderr.split('\n').filter((l) => l !== '')) expect(line).toMatch(/^agent-turn: /);
}

describe('start-up lines with hostile text', () => {
  it('a .clinerules file name with escape sequences and a line feed', async () => {
    const stderr = await startupLines({
      [`.clinerules/${OSC52}\x1b[2Jrules.md`]: 'Be brief.\n',
      '.clinerules/a\nagent-turn: sandbox off.md': 'Be kind.\n',
    });
    expect(stderr).toContain('project instructions:');
    expectInert(stderr);
    expect(stderr).toContain('␛]52;c;ZXZpbA==␇␛[2Jrules.md');
    expect(stderr).toContain('a␊agent-turn: sandbox off.md');
  }, 30_000);

  it('an MCP tool name (left out for its schema) and an MCP server name with escape sequences', async () => {
    const stderr = await startupLines({}, { [`fx\x1b[31m${OSC52}`]: fixtureServer('escapes') });
    expect(stderr).toMatch(/mcp fx␛\[31m␛]52;c;ZXZpbA==␇: connected, 1 tool/);
    expect(stderr).toContain('tool "␛]52;c;ZXZpbA==␇clip" left out');
    expectInert(stderr);
  }, 30_000);

  it("a failing server's stderr (OSC 52, clear screen, a forged line)", async () => {
    const stderr = await startupLines(
      {},
      {
        bad: {
          command: '/bin/sh',
          args: [
            '-c',
            `printf '${OSC52.replace('\x1b', '\\033').replace('\x07', '\\007')}\\033[2Jboom\\rforged\\n' >&2; exit 3`,
          ],
        },
      },
    );
    expect(stderr).toMatch(/mcp bad: failed: .*␛]52;c;ZXZpbA==␇␛\[2Jboom␍forged/);
    expectInert(stderr);
  }, 30_000);
});
