// Reads vitest's JSON report and prints the closing line CI reads: "N passed, N failed".
// A failure before vitest ran (typecheck, missing browser) counts as one failed test.
import { existsSync, readFileSync } from 'node:fs';

const [reportPath, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 1);
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
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || status !== 0 ? 1 : 0);
