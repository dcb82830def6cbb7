// The README's quick starts are real programs: they run and print what the README says.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const run = (file: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, encoding: 'utf8' });

describe('examples', () => {
  it('parse-sample streams a reply into blocks, keeping the fake </content> inside the file', () => {
    const out = run('examples/parse-sample.ts');
    expect(out).toContain('✓ tool_use  read_file {"path":"src/config.ts"}');
    expect(out).toContain('<!-- not the end: </content> -->');
  });

  it('run-turn completes two whole turns in memory', () => {
    const out = run('examples/run-turn.ts');
    expect(out).toMatch(/^completed — Listed 2 entries/m);
    expect(out).toContain('notes.md: "# Notes for');
    expect(out).toContain('second turn: completed');
  });
});
