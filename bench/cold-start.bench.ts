// Cold start (issue 26, part 6): `agent-turn --help` from the built CLI (dist/bin, what `npm i`
// installs) against a bare `node -e 0`, and against the tsx start it replaced. Goal: within 3×.
// Builds dist/ first when the CLI is not built yet.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = 15;

function timed(args: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}`);
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  if (!existsSync(`${ROOT}dist/bin/agent-turn.js`))
    execFileSync('npx', ['tsup', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const bare = timed(['-e', '0']);
  const built = timed(['dist/bin/agent-turn.js', '--help']);
  const tsx = timed(['--import', 'tsx', 'app/cli.ts', '--help']);
  const ms = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (min ${xs[0].toFixed(0)})`;
  console.log(`node -e 0:                          ${ms(bare)}`);
  console.log(
    `agent-turn --help (dist/bin):       ${ms(built)} = ${(median(built) / median(bare)).toFixed(2)}× node -e 0 (goal ≤ 3×)`,
  );
  console.log(`node --import tsx app/cli.ts --help: ${ms(tsx)} = ${(median(tsx) / median(bare)).toFixed(2)}×`);
}
