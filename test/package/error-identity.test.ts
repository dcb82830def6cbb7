// One error identity: an error made through one entry or format of the built package is
// recognised by the checks of every other (issue 8, point 11).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, runCommonJs, runEsm } from './package-root.js';

const ERROR_CLASSES = [
  'ChatError',
  'ProtocolError',
  'ParserError',
  'BlockAssemblerError',
  'StructuredOutputError',
  'ModelProfileError',
];

describe('error identity across entries and formats', () => {
  it('require: isChatError from agent-turn accepts a ChatError from agent-turn/core, and both share one class', () => {
    const out = runCommonJs(
      "const m = require('agent-turn'); const core = require('agent-turn/core');" +
        "const e = new core.ChatError('http', 'boom', { status: 500 });" +
        'console.log(JSON.stringify([m.isChatError(e), e instanceof m.ChatError, m.ChatError === core.ChatError]))',
    );
    expect(JSON.parse(out)).toEqual([true, true, true]);
  });

  it('import: isChatError from agent-turn accepts a ChatError from agent-turn/core', () => {
    const out = runEsm(
      "import { isChatError, ChatError } from 'agent-turn'; import * as core from 'agent-turn/core';" +
        "const e = new core.ChatError('http', 'boom', { status: 500 });" +
        'console.log(JSON.stringify([isChatError(e), e instanceof ChatError]))',
    );
    expect(JSON.parse(out)).toEqual([true, true]);
  });

  it('an error made by the CJS build passes the ESM build checks (two copies of every class)', () => {
    const out = runEsm(
      "import { createRequire } from 'node:module'; import * as esm from 'agent-turn';" +
        "import * as esmScripted from 'agent-turn/scripted';" +
        'const cjs = createRequire(import.meta.url)("agent-turn/core");' +
        'const cjsScripted = createRequire(import.meta.url)("agent-turn/scripted");' +
        `const names = ${JSON.stringify(ERROR_CLASSES)};` +
        "const seen = names.map((n) => [n, esm[n] !== cjs[n], new cjs[n]('http', 'x') instanceof esm[n], new esm[n]('http', 'x') instanceof cjs[n]]);" +
        "seen.push(['ScriptedModelError', esmScripted.ScriptedModelError !== cjsScripted.ScriptedModelError," +
        " new cjsScripted.ScriptedModelError('x') instanceof esmScripted.ScriptedModelError, false]);" +
        "seen.push(['isChatError', true, esm.isChatError(new cjs.ChatError('http', 'x')), esm.isChatError(new cjs.ProtocolError('invalid-name', 'x'))]);" +
        'console.log(JSON.stringify(seen))',
    );
    expect(JSON.parse(out)).toEqual([
      ...ERROR_CLASSES.map((name) => [name, true, true, true]),
      ['ScriptedModelError', true, true, false],
      ['isChatError', true, true, false],
    ]);
  });

  it('the CJS entries load the core from shared chunks instead of each bundling a copy', () => {
    const chunks = readdirSync(distDir).filter((f) => /^chunk-.*\.cjs$/.test(f));
    expect(chunks.length).toBeGreaterThan(0);
    for (const entry of ['index.cjs', 'core.cjs']) {
      const code = readFileSync(join(distDir, entry), 'utf8');
      expect(code, entry).not.toMatch(/class ChatError|ChatError = class/);
    }
  });
});
