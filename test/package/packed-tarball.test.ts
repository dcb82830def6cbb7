// The two packages as npm would publish them: `npm pack` of the library (the root, dist/ built by
// npm test, as `prepack` builds it in a fresh clone) gives a tarball that publint and "are the
// types wrong" find nothing wrong with, and that, installed into an empty folder, imports every
// subpath as ESM and as CJS; `npm pack` of the CLI (app/, agent-turn-cli) gives its `bin`, which
// runs there beside the library: `npx agent-turn --help`, and one-shot turns, with no tsx or sources.
// Installing is offline: each tarball is unpacked into the folder's node_modules and their
// dependencies are linked from this checkout's node_modules (the same versions the registry would
// give). Two folders: `bare` has no optional peer at all (what installing the CLI gives a newcomer:
// it must run there, and an optional feature asked for says what to install), `app` has every peer
// too (the subpaths that need them, the testing example). install-sizes.test.ts installs both from
// their tarballs with npm itself and counts what lands.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';

const run = promisify(execFile);

interface PackageJson {
  scripts: Record<string, string>;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  bin: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as PackageJson;
const cliRoot = join(packageRoot, 'app');
const cliPkg = JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as PackageJson;
const subpaths = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'agent-turn' : `agent-turn/${key.slice(2)}`));

let dir: string;
let tarball: string;
let packed: string[];
let cliTarball: string;
let packedCli: string[];
let app: string;
let bare: string;

/** An empty folder with both tarballs installed in node_modules (agent-turn, agent-turn-cli) and `names` linked beside them. */
async function install(folder: string, names: readonly string[]): Promise<void> {
  const installed = join(folder, 'node_modules', 'agent-turn');
  const cli = join(folder, 'node_modules', 'agent-turn-cli');
  mkdirSync(installed, { recursive: true });
  mkdirSync(cli, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'empty-app', private: true }));
  await run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  await run('tar', ['-xzf', cliTarball, '-C', cli, '--strip-components=1']);
  for (const name of names) {
    if (name === 'agent-turn') continue;
    const link = join(folder, 'node_modules', name);
    if (existsSync(link)) continue;
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(packageRoot, 'node_modules', name), link, 'dir');
  }
  // What npm's bin-links does on install: node_modules/.bin/<name> → the package's bin, executable.
  mkdirSync(join(folder, 'node_modules', '.bin'), { recursive: true });
  for (const [name, target] of Object.entries(cliPkg.bin)) {
    chmodSync(join(cli, target), 0o755);
    symlinkSync(join('..', 'agent-turn-cli', target), join(folder, 'node_modules', '.bin', name));
  }
}

// Offline, never asking to install: it must be the installed one, not one from the registry.
const npx = { ...process.env, npm_config_offline: 'true', npm_config_yes: 'false', NO_COLOR: '1' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-turn-pack-'));
  // --ignore-scripts: npm test has just built dist/; prepack would rebuild it under other tests' feet.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: packageRoot,
  });
  const [info] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(dir, info!.filename);
  packed = info!.files.map((f) => f.path);
  const cliPack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: cliRoot });
  const [cliInfo] = JSON.parse(cliPack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  cliTarball = join(dir, cliInfo!.filename);
  packedCli = cliInfo!.files.map((f) => f.path);

  const dependencies = [...Object.keys(pkg.dependencies), ...Object.keys(cliPkg.dependencies)];
  app = join(dir, 'app');
  await install(app, [...dependencies, ...Object.keys(pkg.peerDependencies)]);
  bare = join(dir, 'bare');
  await install(bare, dependencies);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('builds itself when packed: prepack runs the build', () => {
    // the build (tsup, as npm run build), silent so that npm pack --json stays JSON
    expect(pkg.scripts.prepack).toBe('tsup --silent');
    expect(pkg.scripts.build).toBe('tsup && npm run build -w agent-turn-cli');
    expect(cliPkg.scripts.prepack).toBe('tsup --config tsup.config.ts --silent');
  });

  it('is two packages: the library has no bin and no CLI dependency; the CLI holds its bin and depends on the library', () => {
    expect(pkg).not.toHaveProperty('bin');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['eventsource-parser', 'jsonrepair', 'xstate']);
    expect(cliPkg.dependencies['agent-turn']).toBe(`^${(pkg as unknown as { version: string }).version}`);
    expect(packedCli.filter((path) => !/^(dist\/bin\/[^/]+\.js|package\.json|README\.md)$/.test(path))).toEqual([]);
  });

  it('holds dist/ (ESM, CJS and types of every subpath) and no sources', () => {
    for (const subpath of subpaths) {
      const file = subpath === 'agent-turn' ? 'index' : subpath.slice('agent-turn/'.length);
      for (const ext of ['js', 'cjs', 'd.ts', 'd.cts']) expect(packed).toContain(`dist/${file}.${ext}`);
    }
    expect(packed).toContain('package.json');
    expect(
      packed.filter(
        (path) => !/^(dist\/|examples\/testing\/|package\.json$|README\.md$|LICENSE|CHANGELOG\.md$)/.test(path),
      ),
    ).toEqual([]);
  });

  it('passes publint with no warning or error', async () => {
    const bytes = readFileSync(tarball);
    const { messages } = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      level: 'warning',
    });
    expect(messages).toEqual([]);
  }, 60_000);

  it('passes "are the types wrong" for node16 (ESM and CJS) and bundlers', async () => {
    const attw = join(packageRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    // node10 cannot resolve subpath exports at all; it is the one resolution left out.
    const { stdout } = await run(process.execPath, [attw, tarball, '--profile', 'node16', '--format', 'json'], {
      cwd: dir,
    }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const { problems } = JSON.parse(stdout) as { problems: Record<string, Array<{ resolutionKind?: string }>> };
    const counted = Object.values(problems)
      .flat()
      .filter((p) => p.resolutionKind !== 'node10');
    expect(counted).toEqual([]);
  }, 60_000);

  it('imports every subpath in an empty folder, ESM and CJS, with the same names', async () => {
    const names = JSON.stringify(subpaths);
    const esm = `const out = {}; for (const s of ${names}) out[s] = Object.keys(await import(s)).sort(); console.log(JSON.stringify(out));`;
    const cjs = `const out = {}; for (const s of ${names}) out[s] = Object.keys(require(s)).sort(); console.log(JSON.stringify(out));`;
    const fromEsm = JSON.parse(
      (await run(process.execPath, ['--input-type=module', '-e', esm], { cwd: app })).stdout,
    ) as Record<string, string[]>;
    const fromCjs = JSON.parse((await run(process.execPath, ['-e', cjs], { cwd: app })).stdout) as Record<
      string,
      string[]
    >;
    for (const subpath of subpaths) {
      expect(fromEsm[subpath]!.length, subpath).toBeGreaterThan(0);
      expect(fromCjs[subpath], subpath).toEqual(fromEsm[subpath]);
    }
    expect(fromEsm['agent-turn']).toContain('runAgentTurn');
    expect(fromCjs['agent-turn/core']).toContain('parseAssistantMessage');
  }, 60_000);

  it('`npx agent-turn --help` works in the empty folder, from dist/ alone (no tsx, no sources)', async () => {
    expect(packedCli).toContain(cliPkg.bin['agent-turn']!.replace(/^\.\//, ''));
    expect(existsSync(join(bare, 'node_modules', 'tsx'))).toBe(false);
    const help = await run('npx', ['agent-turn', '--help'], { cwd: bare, env: npx });
    expect(help.stdout).toContain('agent-turn — run one coding-agent turn in a folder');
    expect(help.stdout).toContain('Usage: agent-turn [options] [task]');
    expect(help.stdout).toContain('/undo [N]');
    expect(help.stderr).toBe('');
  }, 60_000);

  it('runs turns with no optional peer installed: reading, and writing a file with --yes', async () => {
    for (const peer of Object.keys(pkg.peerDependencies))
      expect(existsSync(join(bare, 'node_modules', peer))).toBe(false);
    writeFileSync(join(bare, 'README.md'), '# Empty app\n');
    const env = { ...npx, AGENT_TURN_SESSIONS_DIR: join(dir, 'sessions') };
    const read = await run(
      'npx',
      ['agent-turn', '--print', '--model', 'scripted', '--pace', '0', '--read-only', 'Read README.md'],
      { cwd: bare, env },
    );
    expect(read.stdout).toContain('✓ completed');
    expect(read.stdout).toContain('README.md starts with the heading "Empty app"');
    expect(read.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    const write = await run(
      'npx',
      ['agent-turn', '--print', '--model', 'scripted', '--pace', '0', '--yes', 'Read README.md and write NOTES.md'],
      { cwd: bare, env },
    );
    expect(write.stdout).toContain('✓ completed');
    expect(readFileSync(join(bare, 'NOTES.md'), 'utf8')).toContain('README.md');
  }, 60_000);

  it('says what to install when an optional feature is asked for without its peer', async () => {
    const config = join(bare, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: ['-e', ''] } } }));
    const env = { ...npx, AGENT_TURN_SESSIONS_DIR: join(dir, 'sessions') };
    const mcp = await run(
      'npx',
      [
        'agent-turn',
        '--print',
        '--model',
        'scripted',
        '--pace',
        '0',
        '--read-only',
        '--mcp-config',
        config,
        'Read README.md',
      ],
      { cwd: bare, env },
    ).catch((e: { stdout: string; stderr: string }) => e);
    expect(mcp.stderr).toContain('npm install @modelcontextprotocol/client');
    expect(mcp.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    const traced = await run(
      'npx',
      ['agent-turn', '--print', '--model', 'scripted', '--pace', '0', '--read-only', 'Read README.md'],
      { cwd: bare, env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } },
    );
    expect(traced.stdout).toContain('✓ completed');
    expect(traced.stderr).toContain('npm install @opentelemetry/api');
  }, 60_000);

  it('loads the optional features where their peers are installed (no install hint)', async () => {
    writeFileSync(join(app, 'README.md'), '# Empty app\n');
    const traced = await run(
      'npx',
      ['agent-turn', '--print', '--model', 'scripted', '--pace', '0', '--read-only', 'Read README.md'],
      {
        cwd: app,
        env: {
          ...npx,
          AGENT_TURN_SESSIONS_DIR: join(dir, 'sessions'),
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
        },
      },
    );
    expect(traced.stdout).toContain('✓ completed');
    expect(traced.stderr).not.toContain('could not be loaded');
    const config = join(app, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: ['-e', ''] } } }));
    const mcp = await run(
      'npx',
      [
        'agent-turn',
        '--print',
        '--model',
        'scripted',
        '--pace',
        '0',
        '--read-only',
        '--mcp-config',
        config,
        'Read README.md',
      ],
      { cwd: app, env: { ...npx, AGENT_TURN_SESSIONS_DIR: join(dir, 'sessions') } },
    ).catch((e: { stdout: string; stderr: string }) => e);
    // The SDK loaded and started the server (which exits at once): a connection failure, not a missing package.
    expect(mcp.stderr).toContain('memory');
    expect(mcp.stderr).not.toContain('npm install @modelcontextprotocol/client');
  }, 60_000);

  // docs/testing.md's example ships in the package: copied into the empty app and run with vitest
  // there, it passes on a correct agent and fails, naming the rule, when the agent runs a tool twice.
  it('runs the shipped testing example, and it catches a tool that runs twice', async () => {
    expect(packed).toContain('examples/testing/my-agent.test.ts');
    const example = join(app, 'my-agent.test.ts');
    writeFileSync(
      example,
      readFileSync(join(app, 'node_modules', 'agent-turn', 'examples', 'testing', 'my-agent.test.ts')),
    );
    for (const name of ['vitest', 'xstate', 'fast-check']) {
      const link = join(app, 'node_modules', name);
      if (!existsSync(link)) symlinkSync(join(packageRoot, 'node_modules', name), link, 'dir');
    }
    const vitest = join(packageRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const args = [vitest, 'run', 'my-agent.test.ts', '--root', app, '--reporter', 'dot'];
    const ok = await run(process.execPath, args, { cwd: app });
    expect(ok.stdout).toMatch(/1 passed/);
    const bug = await run(process.execPath, args, { cwd: app, env: { ...process.env, AGENT_BUG: 'run-twice' } }).catch(
      (e: { stdout: string; stderr: string; code: number }) => e,
    );
    expect((bug as { code?: number }).code).toBe(1);
    expect(`${bug.stdout}${bug.stderr}`).toContain('tool-ran-twice');
  }, 240_000);
});

describe('the testing example', () => {
  it('is the one docs/testing.md shows, line for line', () => {
    const page = readFileSync(join(packageRoot, 'docs', 'testing.md'), 'utf8');
    expect(page).toContain(readFileSync(join(packageRoot, 'examples', 'testing', 'my-agent.test.ts'), 'utf8'));
  });
});
