// "Build your own agent" as a newcomer runs it: the packed tarball and zod in an empty folder
// (no sources, no tsx, no optional peer), an agent with a defineTool tool against the scripted
// model, in native and tag mode. The request must carry the tool (native: in `tools`; tag: in the
// system prompt) and `execute` must get typed arguments (`days` a number, not the text "2"); the
// page's own first two blocks run there too, and its tool type-checks against the installed types.
// Installing is offline, as in packed-tarball.test.ts: the tarball is unpacked into
// node_modules/agent-turn, its dependencies and zod (a pinned devDependency) are linked from this
// checkout's node_modules (the versions the registry would give).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBlocks } from '../support/readme-blocks.js';
import { packageRoot } from './package-root.js';

const run = promisify(execFile);

const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

let dir: string;
let app: string;

/** The tarball unpacked as node_modules/agent-turn of an empty folder, `names` linked beside it. */
async function install(folder: string, tarball: string, names: readonly string[]): Promise<void> {
  const installed = join(folder, 'node_modules', 'agent-turn');
  mkdirSync(installed, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'my-agent', private: true, type: 'module' }));
  await run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const name of names) {
    const link = join(folder, 'node_modules', name);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(packageRoot, 'node_modules', name), link, 'dir');
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-turn-own-agent-'));
  // --ignore-scripts: dist/ is built (npm run build); prepack would rebuild it under other tests' feet.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: packageRoot,
  });
  const [info] = JSON.parse(stdout) as Array<{ filename: string }>;
  app = join(dir, 'app');
  await install(app, join(dir, info!.filename), [...Object.keys(pkg.dependencies), 'zod']);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A user's agent, plain ESM: the tool, the scripted model, one turn in the mode given in argv.
const AGENT = `
import { createChatClient, defineTool, runAgentTurn } from 'agent-turn';
import { createScriptedModel } from 'agent-turn/scripted';
import { z } from 'zod';

const native = process.argv[2] === 'native';
const seen = [];
const getWeather = defineTool({
  name: 'get_weather',
  description: 'The weather forecast for a city, for the next few days.',
  parameters: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
  execute: async ({ city, days }) => {
    seen.push({ city, days, type: typeof days });
    return city + ': sunny for the next ' + days + ' days';
  },
});
const model = createScriptedModel({
  pace: 0,
  replies: native
    ? [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Lyon', days: 2 } }] }, 'Sunny in Lyon.']
    : ['<get_weather><city>Lyon</city><days>2</days></get_weather>', 'Sunny in Lyon.'],
});
const output = await runAgentTurn({
  client: createChatClient({ baseURL: 'http://model.local/v1', fetch: model }),
  model: 'scripted',
  nativeTools: native,
  endTurn: 'text',
  messages: [{ role: 'user', content: 'Weather in Lyon for two days?' }],
  tools: [getWeather],
});
const [first] = model.requests;
console.log(JSON.stringify({
  offered: (first.tools ?? []).map((t) => t.function.name),
  parameters: (first.tools ?? []).find((t) => t.function.name === 'get_weather')?.function.parameters,
  system: first.messages[0].role === 'system' ? first.messages[0].content : '',
  seen,
  reason: output.reason,
  result: output.result,
}));
`;

interface AgentRun {
  offered: string[];
  parameters?: { properties?: Record<string, { type?: string }>; required?: string[] };
  system: string;
  seen: Array<{ city: string; days: unknown; type: string }>;
  reason: string;
  result: string;
}

async function runAgent(mode: 'native' | 'tag'): Promise<AgentRun> {
  writeFileSync(join(app, 'agent.mjs'), AGENT);
  const { stdout, stderr } = await run(process.execPath, ['agent.mjs', mode], { cwd: app, timeout: 60_000 });
  expect(stderr).toBe('');
  return JSON.parse(stdout) as AgentRun;
}

describe('an own agent from the packed tarball in an empty folder', () => {
  it('native mode: the request carries the defineTool tool and its schema, execute gets a number', async () => {
    const out = await runAgent('native');
    expect(out.offered).toContain('get_weather');
    expect(out.offered).toContain('attempt_completion');
    expect(out.parameters?.properties?.days?.type).toBe('integer');
    expect(out.parameters?.required).toEqual(['city', 'days']);
    expect(out.seen).toEqual([{ city: 'Lyon', days: 2, type: 'number' }]);
    expect(out).toMatchObject({ reason: 'completed', result: 'Sunny in Lyon.' });
  }, 90_000);

  it('tag mode: the system prompt names the tool and its parameters, "2" reaches execute as 2', async () => {
    const out = await runAgent('tag');
    expect(out.offered).toEqual([]);
    expect(out.system).toContain('## get_weather');
    expect(out.system).toContain('<days>');
    expect(out.seen).toEqual([{ city: 'Lyon', days: 2, type: 'number' }]);
    expect(out).toMatchObject({ reason: 'completed', result: 'Sunny in Lyon.' });
  }, 90_000);

  it("runs the page's first two blocks (native and tag mode) there, as written", async () => {
    const blocks = pageBlocks(packageRoot).filter((b) => b.page === 'docs/build-your-own-agent.md' && b.lang === 'ts');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks.slice(0, 2)) {
      // Only the types stripped (Node 20 runs no TypeScript); every import resolves in the folder.
      const { code } = await transform(block.code, { loader: 'ts', format: 'esm' });
      const file = join(app, `block-line-${block.line}.mjs`);
      writeFileSync(file, code);
      const { stderr } = await run(process.execPath, [file], { cwd: app, timeout: 60_000 });
      expect(stderr, `block at line ${block.line}`).toBe('');
    }
  }, 120_000);

  it("types execute's arguments from the zod schema against the installed declarations", async () => {
    writeFileSync(
      join(app, 'typed.ts'),
      [
        "import { defineTool } from 'agent-turn';",
        "import { z } from 'zod';",
        'defineTool({',
        "  name: 'get_weather',",
        "  description: 'The weather forecast.',",
        '  parameters: z.object({ city: z.string(), days: z.number() }),',
        '  execute: async ({ city, days }) => {',
        '    const n: number = days;',
        '    // @ts-expect-error days is a number, not a string',
        '    const s: string = days;',
        '    return `${city.toUpperCase()} ${n} ${s}`;',
        '  },',
        '});',
        '',
      ].join('\n'),
    );
    const tsc = join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    const result = await run(process.execPath, [tsc, ...args, '--target', 'es2022', '--skipLibCheck', 'typed.ts'], {
      cwd: app,
    }).catch((e: { stdout: string }) => e);
    expect('stdout' in result ? result.stdout : '').toBe('');
  }, 90_000);
});
