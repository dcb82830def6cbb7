// The built package (npm run build) works from import and require in Node 20, and its files
// hold nothing that would break a browser bundle.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

describe('the built package', () => {
  it('has been built (npm test builds it first)', () => {
    for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'core.js', 'core.cjs', 'core.d.ts']) {
      expect(existsSync(join(dist, file)), file).toBe(true);
    }
  });

  it('works through require() (CommonJS)', () => {
    const out = run([
      '-e',
      "const m = require('agent-turn'); const c = require('agent-turn/core');" +
        "const b = m.parseAssistantMessage('<read_file><path>a.ts</path></read_file>', { final: true });" +
        'console.log(JSON.stringify([b[0].params.path, typeof c.createStreamParser, typeof m.clineProtocol.tool]))',
    ]);
    expect(JSON.parse(out)).toEqual(['a.ts', 'function', 'function']);
  });

  it('works through import (ES modules)', () => {
    const out = run([
      '--input-type=module',
      '-e',
      "import { createStreamParser } from 'agent-turn'; import * as core from 'agent-turn/core';" +
        "const p = createStreamParser(); p.push('Hi <read_fi'); console.log(JSON.stringify([p.push('le><path>x'), typeof core.defineProtocol]))",
    ]);
    expect(JSON.parse(out)).toEqual([
      [
        { type: 'text', content: 'Hi', partial: false },
        { type: 'tool_use', name: 'read_file', params: { path: 'x' }, partial: true, call_id: 'call_3' },
      ],
      'function',
    ]);
  });

  it('imports no node: modules and bundles nanoid (ESM-only) instead of requiring it', () => {
    for (const file of readdirSync(dist).filter((f) => /\.(c?js)$/.test(f))) {
      const code = readFileSync(join(dist, file), 'utf8');
      expect(code, file).not.toMatch(/from ["']node:|require\(["']node:/);
      expect(code, file).not.toMatch(/require\(["']nanoid["']\)|from ["']nanoid["']/);
      expect(code, file).not.toMatch(/\bBuffer\./);
    }
  });
});
