// The API report of each entry (api/<entry>.api.md), made by @microsoft/api-extractor from the
// built declarations in dist/ (run `npm run build` first).
//   node scripts/api-report.mjs          check: exit 1 when an entry's API differs from its report
//   node scripts/api-report.mjs --update write the reports anew (npm run api:update)
// The reports are reviewed like code: a change to the public API shows in the diff.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(import.meta.dirname, '..');

/**
 * dist/<file>.d.ts → api/<report>.api.md: one report per subpath of package.json's exports
 * (`./core` → dist/core.d.ts → api/agent-turn-core.api.md).
 */
export const ENTRIES = Object.entries(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports)
  .filter(([key]) => key !== './package.json')
  .map(([key, target]) => ({
    subpath: key === '.' ? 'agent-turn' : `agent-turn/${key.slice(2)}`,
    dts: /^\.\/dist\/(.+)\.d\.ts$/.exec(target.import.types)[1],
    report: key === '.' ? 'agent-turn' : `agent-turn-${key.slice(2)}`,
  }));

const silent = { logLevel: 'none' };

function configFor(entry, temp, reportFolder) {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(root, 'api', 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, 'dist', `${entry.dts}.d.ts`),
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            strict: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            types: ['node'],
            jsx: 'react-jsx',
            skipLibCheck: true,
          },
          files: [join(root, 'dist', `${entry.dts}.d.ts`)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.report,
        reportFolder,
        reportTempFolder: temp,
        includeForgottenExports: false,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        // No release tags (@public/@beta) in this package: everything exported is public.
        extractorMessageReporting: { default: silent },
        tsdocMessageReporting: { default: silent },
      },
    },
  });
}

/** Checks (or with update, writes) every report; returns the entries whose API differs from theirs. */
export function runApiReport({
  update = false,
  log = console.log,
  reportFolder = join(root, 'api'),
  entries = ENTRIES,
} = {}) {
  const temp = mkdtempSync(join(tmpdir(), 'api-report-'));
  const changed = [];
  try {
    for (const entry of entries) {
      const result = Extractor.invoke(configFor(entry, temp, reportFolder), {
        localBuild: update,
        showVerboseMessages: false,
        messageCallback: (message) => {
          // The report's own verdict is ours to say; compiler warnings are shown.
          if (message.category !== 'Compiler') message.handled = true;
        },
      });
      if (result.apiReportChanged) changed.push(entry);
      if (result.errorCount > 0 && !result.apiReportChanged)
        throw new Error(`api-extractor failed on ${entry.subpath}`);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  for (const entry of changed)
    log(
      update
        ? `api/${entry.report}.api.md updated (${entry.subpath})`
        : `${entry.subpath}: the public API differs from api/${entry.report}.api.md — review the change and run npm run api:update`,
    );
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const update = process.argv.includes('--update');
  const changed = runApiReport({ update });
  if (!update && changed.length > 0) process.exit(1);
  if (changed.length === 0) console.log('API reports up to date');
}
