// What a newcomer's `npm install` lands, counted with npm itself from the registry (the packed
// tarballs stand in for the published versions; their dependencies come from the registry or
// npm's cache): the library alone in an empty folder lands at most 8 packages, and the CLI's
// tarball installed globally (with the library's beside it, as `npm i -g agent-turn-cli` would
// resolve it) runs a one-shot turn with the scripted model in an empty folder, no optional peer
// installed. Each count and size is printed, so `npm test`'s log carries the figures the closing
// notes quote (before the split: 64 packages, 17 MB for the library).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';

const run = promisify(execFile);
const quiet = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

let dir: string;
let libTarball: string;
let cliTarball: string;

async function pack(cwd: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd });
  const [info] = JSON.parse(stdout) as Array<{ filename: string }>;
  return join(dir, info!.filename);
}

/** Every installed package under a node_modules folder (scoped ones counted one by one, nested ones too). */
function installedPackages(modules: string): string[] {
  const names: string[] = [];
  const visit = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
      const path = join(folder, entry.name);
      if (entry.name.startsWith('@') && prefix === '') {
        visit(path, `${entry.name}/`);
        continue;
      }
      names.push(`${prefix}${entry.name}`);
      const nested = join(path, 'node_modules');
      if (statSync(path).isDirectory() && safeIsDir(nested)) visit(nested, '');
    }
  };
  visit(modules, '');
  return names;
}

function safeIsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

async function megabytes(folder: string): Promise<number> {
  const { stdout } = await run('du', ['-sk', folder]);
  return Number(stdout.split('\t')[0]) / 1024;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-turn-sizes-'));
  libTarball = await pack(packageRoot);
  cliTarball = await pack(join(packageRoot, 'app'));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('installed from the packed tarballs', () => {
  it('the library in an empty folder lands at most 8 packages: itself and its three dependencies', async () => {
    const folder = join(dir, 'library');
    mkdirSync(folder);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'empty-app', private: true }));
    await run('npm', ['install', '--prefer-offline', libTarball], { cwd: folder, env: quiet });
    const packages = installedPackages(join(folder, 'node_modules'));
    const size = await megabytes(join(folder, 'node_modules'));
    console.log(`library install: ${packages.length} packages, ${size.toFixed(1)} MB (${packages.sort().join(', ')})`);
    expect(packages.length).toBeLessThanOrEqual(8);
    expect(packages.sort()).toEqual(['agent-turn', 'eventsource-parser', 'jsonrepair', 'xstate']);
  }, 240_000);

  it('the CLI installed globally runs a task with the scripted model in an empty folder, no optional peer present', async () => {
    const prefix = join(dir, 'global');
    await run('npm', ['install', '--global', '--prefer-offline', '--prefix', prefix, libTarball, cliTarball], {
      cwd: dir,
      env: quiet,
    });
    const modules = join(prefix, 'lib', 'node_modules');
    const packages = installedPackages(modules);
    const size = await megabytes(modules);
    console.log(`CLI global install: ${packages.length} packages, ${size.toFixed(1)} MB`);
    expect(packages).not.toContain('@opentelemetry/api');
    expect(packages).not.toContain('@modelcontextprotocol/client');

    const work = join(dir, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'README.md'), '# hello\n\nA folder with one file.\n');
    const { stdout } = await run(join(prefix, 'bin', 'agent-turn'), ['--pace', '0', 'summarize this folder'], {
      cwd: work,
      env: { ...process.env, NO_COLOR: '1', PATH: `${join(prefix, 'bin')}:${process.env.PATH}` },
      timeout: 60_000,
    });
    expect(stdout).toContain('⏺ read_file README.md');
    expect(stdout).toMatch(/✓ completed · \d+ requests/);
  }, 240_000);
});
