// Tree-shaking: a parser-only import from the root entry bundles no XState, so it costs about
// what the same import from `agent-turn/core` costs (issue 8, point 12). Sizes are bytes of the
// minified bundle after gzip, from esbuild resolving the built package like a user's bundler.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';

async function bundle(code: string): Promise<{ text: string; gzipped: number }> {
  const result = await build({
    stdin: { contents: code, resolveDir: packageRoot, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0]!.contents;
  return { text: new TextDecoder().decode(bytes), gzipped: gzipSync(bytes).length };
}

const parserOnly = (entry: string) =>
  `import { parseAssistantMessage } from '${entry}'; console.log(parseAssistantMessage('<read_file><path>a</path></read_file>'));`;

describe('tree-shaking the built package', () => {
  it('a parser-only import from agent-turn bundles no XState and costs about what agent-turn/core costs', async () => {
    const [root, core, machine] = await Promise.all([
      bundle(parserOnly('agent-turn')),
      bundle(parserOnly('agent-turn/core')),
      bundle("import { createAgentTurnActor } from 'agent-turn'; console.log(createAgentTurnActor);"),
    ]);
    console.log(
      `gzipped: parser from agent-turn ${root.gzipped} B, from agent-turn/core ${core.gzipped} B, machine ${machine.gzipped} B`,
    );
    // XState's own code is recognisable by its internal event names.
    expect(machine.text.includes('xstate.init')).toBe(true);
    expect(root.text.includes('xstate.init')).toBe(false);
    expect(root.gzipped).toBeLessThanOrEqual(core.gzipped + 512);
    // The parser is well under half the machine (a third before issue 21 added the dialect recognizers, ~4 KB, and
    // jsonrepair for native arguments, ~2.5 KB, to the core's chunk)
    expect(root.gzipped * 2).toBeLessThan(machine.gzipped);
  });
});
