// Tree-shaking: a parser-only import from the root entry bundles no XState and none of the dialect
// recognizers (issue 8, point 12; issue 33, item 6). Sizes are bytes of the minified bundle after
// gzip, from esbuild resolving the built package (dist/, through package.json's exports) as a
// user's bundler does.
import { describe, expect, it } from 'vitest';
import { bundleImport } from '../../scripts/bundle-size.mjs';
import { packageRoot } from './package-root.js';

const parserOnly = (entry: string) =>
  `import { parseAssistantMessage } from '${entry}'; console.log(parseAssistantMessage('<read_file><path>a</path></read_file>'));`;

/** The budget of a parser-only import: 8 KB gzipped (it was 12.9 KB, and 15.6 KB, with XState or every recognizer in). */
const PARSER_ONLY_BUDGET = 8 * 1024;

const fromXState = (modules: string[]) => modules.filter((m) => /node_modules\/xstate\//.test(m));

describe('tree-shaking the built package', () => {
  it('a parser-only import from agent-turn bundles within 8 KB gzipped, with no XState module and no dialect recognizer', async () => {
    const [root, core, machine] = await Promise.all([
      bundleImport(parserOnly('agent-turn'), packageRoot),
      bundleImport(parserOnly('agent-turn/core'), packageRoot),
      bundleImport(
        "import { createAgentTurnActor } from 'agent-turn'; console.log(createAgentTurnActor);",
        packageRoot,
      ),
    ]);
    console.log(
      `gzipped: parser from agent-turn ${root.gzipped} B, from agent-turn/core ${core.gzipped} B, machine ${machine.gzipped} B`,
    );
    // the check can fail: the machine's bundle has XState's modules and its internal event names
    expect(fromXState(machine.modules).length).toBeGreaterThan(0);
    expect(machine.text.includes('xstate.init')).toBe(true);
    for (const parser of [root, core]) {
      expect(fromXState(parser.modules)).toEqual([]);
      expect(parser.text.includes('xstate.init')).toBe(false);
      expect(parser.gzipped).toBeLessThanOrEqual(PARSER_ONLY_BUDGET);
      // the recognizers come only with withDialects: Hermes' opener, harmony's channel, the DSML mark
      for (const marker of ['<tool_call>', '<|channel|>', 'DSML']) expect(parser.text.includes(marker)).toBe(false);
      // and it still parses: the Cline tag it was given is in
      expect(parser.text.includes('read_file')).toBe(true);
    }
    expect(root.gzipped).toBeLessThanOrEqual(core.gzipped + 512);
  });

  it('turning a dialect on brings the recognizers in (the budget measures what it should)', async () => {
    const withHermes = await bundleImport(
      "import { parseAssistantMessage, withDialects, clineProtocol } from 'agent-turn'; console.log(parseAssistantMessage('x', { protocol: withDialects(clineProtocol, ['hermes']) }));",
      packageRoot,
    );
    expect(withHermes.text.includes('<tool_call>')).toBe(true);
    expect(fromXState(withHermes.modules)).toEqual([]);
    expect(withHermes.gzipped).toBeGreaterThan(PARSER_ONLY_BUDGET);
  });
});
