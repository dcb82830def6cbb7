// agent-turn/restate, built: loads through import and require (its SDK a peer, not bundled) and
// makes a virtual object with the documented handlers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

const SHOW =
  'const o = m.agentTurnObject({ setup: () => ({}) }); console.log(JSON.stringify([o.name, Object.keys(o.object).sort(), m.VIEW_STATE]))';

describe('the agent-turn/restate entry', () => {
  it('works through import', () => {
    const out = run(['--input-type=module', '-e', `import * as m from 'agent-turn/restate'; ${SHOW}`]);
    expect(JSON.parse(out)).toEqual(['agentTurn', ['approval', 'approve', 'reject', 'run', 'view'], 'view']);
  });

  it('works through require()', () => {
    const out = run(['-e', `const m = require('agent-turn/restate'); ${SHOW}`]);
    expect(JSON.parse(out)).toEqual(['agentTurn', ['approval', 'approve', 'reject', 'run', 'view'], 'view']);
  });

  it('leaves the Restate SDK to the application (a peer dependency, never bundled)', () => {
    const esm = readFileSync(join(root, 'dist', 'restate.js'), 'utf8');
    expect(esm).toMatch(/from ["']@restatedev\/restate-sdk["']/);
    expect(esm).not.toContain('RandImpl');
  });
});
