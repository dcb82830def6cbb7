// npm run bench: runs every bench/*.bench.ts in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<void> | void };
  if (typeof mod.run !== 'function') continue;
  console.log(`\n## ${file.replace('.bench.ts', '')}`);
  await mod.run();
}
