// The CLI's start-up with three MCP servers configured (server-everything, server-memory and
// server-filesystem from node_modules, over stdio): the wall time of a one-shot scripted turn that
// calls one MCP tool, against the same CLI without --mcp-config, and each server's own start time
// from its status line. `npm run bench -- mcp-startup`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'node_modules', '@modelcontextprotocol');
const RUNS = 3;

function cli(args: string[]): { ms: number; stderr: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'app/cli.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { ms: performance.now() - started, stderr: run.stderr };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-turn-mcp-bench-'));
  try {
    const config = join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          everything: {
            command: process.execPath,
            args: [join(modules, 'server-everything/dist/index.js'), 'stdio'],
            alwaysAllow: true,
          },
          memory: {
            command: process.execPath,
            args: [join(modules, 'server-memory/dist/index.js')],
            env: { MEMORY_FILE_PATH: join(dir, 'm.jsonl') },
          },
          fs: { command: process.execPath, args: [join(modules, 'server-filesystem/dist/index.js'), dir] },
        },
      }),
    );
    const base = ['--model', 'scripted', '--pace', '0', '--json', '--workspace', dir];
    const task = 'Use the MCP tool `echo` of server `everything` with `{"message":"hi"}`.';
    const without: number[] = [];
    const withMcp: number[] = [];
    const perServer: Record<string, number[]> = {};
    for (let i = 0; i < RUNS; i++) {
      without.push(cli([...base, 'Say what the task is']).ms);
      const r = cli([...base, '--mcp-config', config, task]);
      withMcp.push(r.ms);
      for (const m of r.stderr.matchAll(/mcp (\w+): connected, .*\((\d+) ms\)/g))
        (perServer[m[1]] ??= []).push(Number(m[2]));
    }
    console.log(`CLI one-shot turn without MCP:            median ${median(without).toFixed(0)} ms (${RUNS} runs)`);
    console.log(`CLI one-shot turn with 3 MCP servers:     median ${median(withMcp).toFixed(0)} ms (${RUNS} runs)`);
    console.log(`  added by the servers (started together): ${(median(withMcp) - median(without)).toFixed(0)} ms`);
    for (const [name, ms] of Object.entries(perServer))
      console.log(`  ${name}: connected and listed in ${median(ms)} ms (median)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
