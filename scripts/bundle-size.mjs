// Bundles a parser-only import from each entry of the built package with esbuild (minified,
// browser platform, tree-shaken) and prints the gzipped sizes.
// Usage: npm run build && node scripts/bundle-size.mjs [packageDir]
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = resolve(process.argv[2] ?? '.');

/** Minified, gzipped size in bytes of a bundle of `code` resolved from `packageDir`. */
export async function gzippedBundleSize(code, dir = packageDir) {
  const result = await build({
    stdin: { contents: code, resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents).length;
}

const cases = {
  "parseAssistantMessage from 'agent-turn'":
    "import { parseAssistantMessage } from 'agent-turn'; console.log(parseAssistantMessage);",
  "parseAssistantMessage from 'agent-turn/core'":
    "import { parseAssistantMessage } from 'agent-turn/core'; console.log(parseAssistantMessage);",
  "createAgentTurnActor from 'agent-turn'":
    "import { createAgentTurnActor } from 'agent-turn'; console.log(createAgentTurnActor);",
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, code] of Object.entries(cases)) {
    const bytes = await gzippedBundleSize(code).catch((error) => `failed: ${error.message.split('\n')[0]}`);
    console.log(`${name}: ${typeof bytes === 'number' ? `${(bytes / 1024).toFixed(1)} KB gzipped` : bytes}`);
  }
}
