// Rechecks the static mutants a Stryker run reports as survived, by hand: each is written into its
// file, the given vitest config runs (stopping at the first failure), and the file is put back.
// Why: a static mutant lives in code that runs once, when a module is imported (the machine's
// config object); in our runs the vitest runner reported some of those as survived although the
// machine cannot even be built with them (e.g. `id: ''`, `states: {}`), so such a verdict is
// checked again here before a test is written or a mutant is marked equivalent.
//
//   node scripts/recheck-static-mutants.mjs <stryker json report> [vitest config] [mutant ids,…]
//
// Prints one line per mutant: its id, line:column, mutator, replacement and `killed`, `SURVIVES`
// or `TIMEOUT` (no verdict in 120 s). Exits non-zero if any survives.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [reportPath, config = 'vitest.stryker.config.ts', ids] = process.argv.slice(2);
if (!reportPath) {
  console.error('usage: node scripts/recheck-static-mutants.mjs <stryker json report> [vitest config] [ids]');
  process.exit(2);
}
const only = ids ? new Set(ids.split(',')) : undefined;
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
let surviving = 0;
for (const [file, result] of Object.entries(report.files)) {
  const original = readFileSync(file, 'utf8');
  const starts = [0];
  for (let i = 0; i < original.length; i++) if (original[i] === '\n') starts.push(i + 1);
  const at = (p) => starts[p.line - 1] + p.column - 1;
  const mutants = result.mutants.filter(
    (m) => m.static && m.status === 'Survived' && (only === undefined || only.has(m.id)),
  );
  try {
    for (const m of mutants) {
      writeFileSync(file, original.slice(0, at(m.location.start)) + m.replacement + original.slice(at(m.location.end)));
      let verdict = 'SURVIVES';
      try {
        execFileSync('npx', ['vitest', 'run', '--config', config, '--bail', '1'], { stdio: 'pipe', timeout: 120_000 });
      } catch (error) {
        verdict = error.signal ? 'TIMEOUT' : 'killed';
      }
      if (verdict === 'SURVIVES') surviving++;
      const { line, column } = m.location.start;
      console.log(
        `${m.id} ${file}:${line}:${column} ${m.mutatorName} ${JSON.stringify(m.replacement).slice(0, 40)} ${verdict}`,
      );
    }
  } finally {
    writeFileSync(file, original);
  }
}
process.exit(surviving > 0 ? 1 : 0);
