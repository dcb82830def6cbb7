// Reads vitest's JSON reports and prints the closing line CI reads: "N passed, N failed", summed
// over every run given as a pair: node scripts/ci-summary.mjs REPORT STATUS [REPORT STATUS]…
// A failure before vitest ran (typecheck, missing browser) counts as one failed test.
import { existsSync, readFileSync } from 'node:fs';

/** One run's counts: its report's, or one failure when it failed without a report. */
function countsOf(reportPath, status) {
  let passed = 0;
  let failed = 0;
  if (reportPath && existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    if (report.numFailedTestSuites && failed === 0) failed = report.numFailedTestSuites;
  }
  if (status !== 0 && failed === 0) failed = 1;
  if (passed === 0 && failed === 0) failed = 1; // a run that ran nothing is not green
  return { passed, failed };
}

/** The failed tests of one report, as "file > test" lines, so the closing lines name them. */
function failuresOf(reportPath) {
  if (!reportPath || !existsSync(reportPath)) return [];
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) lines.push(`FAILED ${name} > ${test.fullName ?? test.title}`);
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`FAILED ${name}: ${String(file.message ?? '').split('\n')[0]}`);
    }
  }
  return lines;
}

const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
let anyFailed = false;
for (let i = 0; i < Math.max(args.length, 1); i += 2) {
  const status = Number(args[i + 1] ?? 1);
  const counts = countsOf(args[i], status);
  passed += counts.passed;
  failed += counts.failed;
  anyFailed ||= status !== 0;
  for (const line of failuresOf(args[i])) console.log(line);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || anyFailed ? 1 : 0);
