// Bundles imports from the built package with esbuild (minified, browser platform, tree-shaken,
// resolved through package.json's exports as a user's bundler does) and prints the gzipped sizes;
// a parser-only import must stay within 8 KB gzipped with no XState module (test/package/tree-shaking.test.ts).
// Usage: npm run build && node scripts/bundle-size.mjs [packageDir]
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The bundle of `code` resolved from `dir`: its text, its gzipped size in bytes, and the modules it holds. */
export async function bundleImport(code, dir) {
  const result = await build({
    stdin: { contents: code, resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    outfile: 'bundle.js',
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const output = Object.values(result.metafile.outputs)[0];
  const modules = Object.keys(output.inputs).filter((m) => output.inputs[m].bytesInOutput > 0);
  return { text: new TextDecoder().decode(bytes), gzipped: gzipSync(bytes).length, modules };
}

const cases = {
  "parseAssistantMessage from 'agent-turn'":
    "import { parseAssistantMessage } from 'agent-turn'; console.log(parseAssistantMessage);",
  "parseAssistantMessage from 'agent-turn/core'":
    "import { parseAssistantMessage } from 'agent-turn/core'; console.log(parseAssistantMessage);",
  "parseAssistantMessage + withDialects from 'agent-turn'":
    "import { parseAssistantMessage, withDialects } from 'agent-turn'; console.log(parseAssistantMessage, withDialects);",
  "createAgentTurnActor from 'agent-turn'":
    "import { createAgentTurnActor } from 'agent-turn'; console.log(createAgentTurnActor);",
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const packageDir = resolve(process.argv[2] ?? '.');
  for (const [name, code] of Object.entries(cases)) {
    const line = await bundleImport(code, packageDir).then(
      ({ gzipped, modules }) => {
        const xstate = modules.some((m) => m.includes('node_modules/xstate/')) ? ', XState in' : ', no XState';
        return `${gzipped} B (${(gzipped / 1024).toFixed(1)} KB) gzipped${xstate}`;
      },
      (error) => `failed: ${error.message.split('\n')[0]}`,
    );
    console.log(`${name}: ${line}`);
  }
}
