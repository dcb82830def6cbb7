// agent-turn/testing without fast-check installed (issue 33, point 7): fast-check is an optional
// peer that only the chunk-cutting replay needs, so the graph export and the test kit load without
// it. Node is run on the built package with a resolve hook that refuses 'fast-check', as if it were
// not installed; a replay with a chunk seed is the one use that still asks for it.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';

// An ESM resolve hook (module.register) and a CommonJS one (Module._resolveFilename), both failing
// the way a missing package fails.
const refuseFastCheck = `
import { register } from 'node:module';
import Module from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
export async function resolve(specifier, context, next) {
  if (specifier === 'fast-check') { const e = new Error("Cannot find package 'fast-check'"); e.code = 'ERR_MODULE_NOT_FOUND'; throw e; }
  return next(specifier, context);
}\`));
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'fast-check') { const e = new Error("Cannot find module 'fast-check'"); e.code = 'MODULE_NOT_FOUND'; throw e; }
  return original.call(this, request, ...rest);
};
`;

function run(code: string, type: 'module' | 'commonjs'): string {
  const hook = `data:text/javascript,${encodeURIComponent(refuseFastCheck)}`;
  return execFileSync(process.execPath, ['--import', hook, `--input-type=${type}`, '-e', code], {
    cwd: packageRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('agent-turn/testing with fast-check absent', () => {
  it('the hook does refuse fast-check (so the tests below can fail)', () => {
    expect(() => run("await import('fast-check');", 'module')).toThrow(/fast-check/);
    expect(() => run("require('fast-check');", 'commonjs')).toThrow(/fast-check/);
  });

  it('imports the graph export and walks the machine (ESM and CJS)', () => {
    const esm = run(
      "import { agentTurnMachine } from 'agent-turn'; import { machineToDirectedGraph, createTurnTestModel } from 'agent-turn/testing'; const g = machineToDirectedGraph(agentTurnMachine); console.log(JSON.stringify({ edges: JSON.stringify(g).match(/\"source\"/g).length, paths: createTurnTestModel().paths().length }));",
      'module',
    );
    const out = JSON.parse(esm) as { edges: number; paths: number };
    expect(out.edges).toBeGreaterThan(10);
    expect(out.paths).toBeGreaterThan(0);
    const cjs = run(
      "const { agentTurnMachine } = require('agent-turn'); const { machineToDirectedGraph } = require('agent-turn/testing'); console.log(JSON.stringify(machineToDirectedGraph(agentTurnMachine)).length);",
      'commonjs',
    );
    expect(Number(cjs)).toBeGreaterThan(1000);
  });

  it('a replay that cuts chunks is the one use that needs fast-check, and says so', () => {
    const code =
      "import { createTurnTestModel } from 'agent-turn/testing'; const m = createTurnTestModel({ chunkSeed: 1 }); await m.paths()[0].run().then(() => console.log('ran'), (e) => console.log('failed: ' + e.message));";
    expect(run(code, 'module')).toMatch(/failed: .*fast-check/);
  });
});
