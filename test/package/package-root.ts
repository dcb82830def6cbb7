// The built package as a user sees it: its root folder (whose package.json names it
// `agent-turn`, so `require('agent-turn')` and `import 'agent-turn'` resolve to dist/ by
// self-reference) and a way to run Node code there.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const packageRoot = join(import.meta.dirname, '..', '..');
export const distDir = join(packageRoot, 'dist');

/** Runs CommonJS code (`node -e`) in the package root; returns what it printed. */
export function runCommonJs(code: string): string {
  return execFileSync(process.execPath, ['-e', code], { cwd: packageRoot, encoding: 'utf8' });
}

/** Runs ES module code (`node --input-type=module -e`) in the package root; returns what it printed. */
export function runEsm(code: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: packageRoot, encoding: 'utf8' });
}
