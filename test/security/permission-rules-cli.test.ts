// The permission rules in the running CLI (issue 32): without a sandbox an allow rule approves no
// command (High 2), and a deny rule holds on MCP calls under --yes, in both shapes (Medium 4).
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliProcess, toolResultsOf } from '../support/cli-process.js';
import { referenceServer, tempFolder } from '../support/mcp-servers.js';

const folders: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const f of folders.splice(0)) f.remove();
});

/** A workspace and a user settings folder holding `permissions`. */
function withUserRules(permissions: unknown): { dir: string; config: string } {
  const folder = tempFolder({ 'a.txt': 'alpha\n' });
  folders.push(folder);
  const config = join(folder.dir, '.user-config');
  mkdirSync(join(config, 'agent-turn'), { recursive: true });
  writeFileSync(join(config, 'agent-turn', 'settings.json'), JSON.stringify({ permissions }));
  return { dir: folder.dir, config };
}

/** A folder on no one's PATH that holds only a link to this node. */
function nodeOnlyPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'node-only-path-'));
  symlinkSync(process.execPath, join(dir, 'node'));
  return dir;
}

describe('permission rules in the CLI', () => {
  it('without a sandbox, an allow rule approves no command: it is asked (and, with no terminal, refused)', async () => {
    const ws = withUserRules({ allow: ['execute_command(touch made-by-rule.txt)'] });
    const run = await runCliProcess(
      ['--model', 'scripted', '--pace', '0', '--json', '--yes', '--workspace', ws.dir, 'Run `touch made-by-rule.txt`'],
      // No bubblewrap on this PATH (a folder holding only node; node's own folder may hold bwrap): no sandbox.
      { env: { XDG_CONFIG_HOME: ws.config, PATH: nodeOnlyPath() }, timeoutMs: 60_000 },
    );
    expect(run.stderr).toContain('no sandbox for commands');
    const command = toolResultsOf(run.output!).find((r) => r.name === 'execute_command');
    expect(command?.status).toBe('rejected');
    expect(existsSync(join(ws.dir, 'made-by-rule.txt'))).toBe(false);
  }, 90_000);

  for (const native of [false, true])
    it(`a deny rule holds on an MCP call under --yes (${native ? 'native' : 'tag'} mode)`, async () => {
      const ws = withUserRules({ deny: [native ? 'use_mcp_tool' : 'mcp__memory__create_entities'] });
      const memory = join(ws.dir, 'memory.jsonl');
      const mcp = join(ws.dir, 'mcp.json');
      writeFileSync(
        mcp,
        JSON.stringify({
          mcpServers: { memory: { ...referenceServer('memory'), env: { MEMORY_FILE_PATH: memory } } },
        }),
      );
      const run = await runCliProcess(
        [
          '--model',
          native ? 'scripted:gpt-4.1-mini' : 'scripted',
          ...(native ? ['--native-tools'] : []),
          '--pace',
          '0',
          '--json',
          '--yes',
          '--workspace',
          ws.dir,
          '--mcp-config',
          mcp,
          'Use the MCP tool `create_entities` of server `memory` with `{"entities":[{"name":"n","entityType":"t","observations":[]}]}`.',
        ],
        { env: { XDG_CONFIG_HOME: ws.config }, timeoutMs: 60_000 },
      );
      expect(run.stderr).toMatch(/mcp memory: connected/);
      const call = toolResultsOf(run.output!).find((r) => r.name !== 'attempt_completion');
      expect(call?.content).toContain('Not run: denied by');
      expect(existsSync(memory)).toBe(false);
    }, 90_000);
});
