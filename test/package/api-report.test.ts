// The public API of every entry is pinned by its reviewed report (api/<entry>.api.md, made by
// @microsoft/api-extractor from dist/): an export added, removed or changed without the report
// updated (`npm run api:update`) fails here, and the change shows in review as the report's diff.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';

interface ApiReportModule {
  ENTRIES: Array<{ subpath: string; dts: string; report: string }>;
  runApiReport(options?: {
    update?: boolean;
    log?: (line: string) => void;
    reportFolder?: string;
    entries?: ApiReportModule['ENTRIES'];
  }): Array<{ subpath: string }>;
}

const load = async () => (await import(join(packageRoot, 'scripts', 'api-report.mjs'))) as unknown as ApiReportModule;

describe('the API reports', () => {
  it('has one report per subpath of package.json', async () => {
    const { ENTRIES } = await load();
    const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const subpaths = Object.keys(pkg.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'agent-turn' : `agent-turn/${key.slice(2)}`));
    expect(ENTRIES.map((e) => e.subpath).sort()).toEqual(subpaths.sort());
    for (const e of ENTRIES)
      expect(readFileSync(join(packageRoot, 'api', `${e.report}.api.md`), 'utf8')).toMatch(/```ts/);
  });

  it('match the built declarations of every entry', async () => {
    const { runApiReport } = await load();
    const said: string[] = [];
    expect(runApiReport({ log: (line) => said.push(line) }).map((e) => e.subpath)).toEqual([]);
    expect(said).toEqual([]);
  }, 120_000);

  it('fails on an export the report does not have', async () => {
    const { ENTRIES, runApiReport } = await load();
    // The reports as they would be had someone removed createNodeHttpFetch: the API now has more.
    const folder = mkdtempSync(join(tmpdir(), 'api-report-test-'));
    try {
      for (const e of ENTRIES)
        copyFileSync(join(packageRoot, 'api', `${e.report}.api.md`), join(folder, `${e.report}.api.md`));
      const node = join(folder, 'agent-turn-node.api.md');
      const text = readFileSync(node, 'utf8');
      const without = text.replace(/\/\/ @public\nexport function createNodeHttpFetch[^\n]*\n\n/, '');
      expect(without).not.toBe(text);
      writeFileSync(node, without);
      const said: string[] = [];
      expect(
        runApiReport({
          reportFolder: folder,
          entries: ENTRIES.filter((e) => e.dts === 'node'),
          log: (line) => said.push(line),
        }).map((e) => e.subpath),
      ).toEqual(['agent-turn/node']);
      expect(said.join('\n')).toMatch(/agent-turn\/node: the public API differs .*npm run api:update/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
