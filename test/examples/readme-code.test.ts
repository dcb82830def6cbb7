// The code of README.md and of every docs page is tested: every TypeScript block type-checks in
// strict mode against the package's built declarations, the runnable ones run against its sources
// (tsx, the scripted model, in a scratch workspace), shell examples that pipe output keep npm's
// banner off stdout, and the state diagram is the machine's.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { machineToMermaid } from '../../machines/graph/machine-to-mermaid.js';
import { pageBlocks, type ReadmeBlock } from '../support/readme-blocks.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
// tsx by path: the blocks run in a scratch folder, where `--import tsx` would not resolve.
const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const blocks = pageBlocks(root);
const code = blocks.filter((b) => b.lang === 'ts' || b.lang === 'tsx');
// block-README-line-40.ts, block-docs-machine-line-3.ts: a type error names the page and the line.
const fileOf = (b: ReadmeBlock) =>
  `block-${(b.page ?? '').replace(/\.md$/, '').replace(/\//g, '-')}-line-${b.line}.${b.lang}`;
const where = (b: ReadmeBlock) => `${b.page} line ${b.line}`;
// A block that two pages share (README's quick start is also the machine page's) runs once.
const runnable = code
  .filter((b) => b.typecheckOnly === undefined)
  .filter((b, i, all) => all.findIndex((other) => other.code === b.code) === i);

// Inside the repository, so that node_modules (xstate, react, @types/node) resolve, and not inside
// node_modules, where tsx maps no tsconfig paths; one per run (git ignores them).
const dir = join(root, `.readme-blocks-${process.pid}`);

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  // Type-checked as a reader's code is: against the built declarations (npm test builds first).
  if (!existsSync(join(root, 'dist', 'index.d.ts')))
    throw new Error('README blocks are type-checked against dist/: run npm run build first');
  const source = (path: string) => [join(root, path)];
  const declarations = (path: string) => [join(root, 'dist', path)];
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
    jsx: 'react-jsx',
    skipLibCheck: true,
    verbatimModuleSyntax: true,
  };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...compilerOptions,
        paths: {
          'agent-turn': declarations('index.d.ts'),
          'agent-turn/core': declarations('core.d.ts'),
          'agent-turn/scripted': declarations('scripted.d.ts'),
          'agent-turn/react': declarations('react.d.ts'),
          'agent-turn/restate': declarations('restate.d.ts'),
          'agent-turn/node': declarations('node.d.ts'),
          'agent-turn/otel': declarations('otel.d.ts'),
          'agent-turn/testing': declarations('testing.d.ts'),
          'agent-turn/mcp': declarations('mcp.d.ts'),
        },
      },
      include: ['*.ts', '*.tsx'],
    }),
  );
  // Run with tsx against the sources (the same names, mapped to src/ and machines/).
  writeFileSync(
    join(dir, 'tsconfig.run.json'),
    JSON.stringify({
      compilerOptions: {
        ...compilerOptions,
        paths: {
          'agent-turn': source('machines/index.ts'),
          'agent-turn/core': source('src/index.ts'),
          'agent-turn/scripted': source('scripted/index.ts'),
          'agent-turn/react': source('bindings/react/index.ts'),
          'agent-turn/restate': source('bindings/restate/index.ts'),
          'agent-turn/node': source('bindings/node/index.ts'),
          'agent-turn/otel': source('bindings/otel/index.ts'),
          'agent-turn/testing': source('bindings/testing/index.ts'),
          'agent-turn/mcp': source('bindings/mcp/index.ts'),
        },
      },
      include: ['*.ts', '*.tsx'],
    }),
  );
  for (const b of code) writeFileSync(join(dir, fileOf(b)), b.code);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('README and docs code', () => {
  it('has TypeScript blocks, each either runnable or marked typecheck only', () => {
    expect(code.length).toBeGreaterThanOrEqual(5);
    expect(runnable.length).toBeGreaterThanOrEqual(3);
    expect(new Set(code.map((b) => b.page)).size).toBeGreaterThan(5);
  });

  it("type-checks every TypeScript block in strict mode against the package's declarations", async () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir }).catch(
      (e: { stdout: string }) => e,
    );
    // Errors name the block by its page and line (block-<page>-line-N).
    expect('stdout' in result ? result.stdout : '').toBe('');
  }, 120_000);

  for (const b of runnable) {
    it(`runs the block at ${where(b)}`, async () => {
      // A scratch workspace for the tools the block defines: a README to read, room to write.
      const workspace = mkdtempSync(join(tmpdir(), 'readme-run-'));
      writeFileSync(join(workspace, 'README.md'), '# Demo project\nIt greets.\n');
      try {
        const { stdout, stderr } = await run(process.execPath, ['--import', tsx, join(dir, fileOf(b))], {
          cwd: workspace,
          env: { ...process.env, TSX_TSCONFIG_PATH: join(dir, 'tsconfig.run.json') },
          timeout: 60_000,
        });
        expect(stderr).toBe('');
        expect(typeof stdout).toBe('string');
      } finally {
        rmSync(workspace, { recursive: true, force: true });
      }
    }, 90_000);
  }

  it('the machine quick start completes both turns, the approval answered when asked', async () => {
    const quickStart = code.find((b) =>
      b.code.includes("waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'))"),
    );
    expect(quickStart).toBeDefined();
    const workspace = mkdtempSync(join(tmpdir(), 'readme-run-'));
    writeFileSync(join(workspace, 'README.md'), '# Demo project\nIt greets.\n');
    try {
      const { stdout } = await run(process.execPath, ['--import', tsx, join(dir, fileOf(quickStart!))], {
        cwd: workspace,
        env: { ...process.env, TSX_TSCONFIG_PATH: join(dir, 'tsconfig.run.json') },
        timeout: 60_000,
      });
      const lines = stdout.trim().split('\n');
      expect(lines).toContain('awaiting-approval');
      expect(lines.at(-2)).toBe('finished');
      expect(lines.at(-1)).toMatch(/Wrote notes\.md/);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 90_000);

  it('pipes the CLI only with npm start --silent or node (npm writes a banner to stdout)', () => {
    const piped = blocks
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => b.code.split('\n'))
      .filter((l) => /\|\s*\S/.test(l.replace(/#.*$/, '')));
    expect(piped.length).toBeGreaterThan(0);
    for (const line of piped) expect(line).toMatch(/^(npm start --silent -- |npm run --silent |node )/);
  });

  it('the piped NDJSON example gives JSON lines only', async () => {
    const { stdout } = await run(
      'npm',
      ['start', '--silent', '--', '--json', '--pace', '0', '--max-requests', '1', 'Summarize this project'],
      {
        cwd: root,
        timeout: 60_000,
      },
    ).catch((e: { stdout: string }) => e);
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  }, 90_000);

  it('draws the state diagram the machine has', () => {
    const diagram = blocks.find((b) => b.lang === 'mermaid');
    expect(diagram?.code.trimEnd()).toBe(machineToMermaid(agentTurnMachine).trimEnd());
  });
});
