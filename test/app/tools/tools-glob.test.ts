import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../../../app/tools/index.js';

const matches = (glob: string, file: string) => {
  const compiled = globToRegExp(glob);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.regexp.test(file);
};

describe('globToRegExp', () => {
  it.each([
    ['*.ts', 'a.ts', true],
    ['*.ts', 'src/deep/a.ts', true],
    ['*.ts', 'a.tsx', false],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/x/a.ts', false],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'lib/a.ts', false],
    ['*.{ts,md}', 'README.md', true],
    ['*.{ts,md}', 'a.js', false],
    ['file?.txt', 'file1.txt', true],
    ['file?.txt', 'file10.txt', false],
    ['[ab].txt', 'b.txt', true],
    ['[!ab].txt', 'b.txt', false],
    ['a.b', 'axb', false],
    ['./src/*.ts', 'src/a.ts', true],
  ])('%s against %s is %s', (glob, file, expected) => {
    expect(matches(glob, file)).toBe(expected);
  });

  it('reports patterns it cannot read instead of throwing', () => {
    expect(globToRegExp('{a,b')).toEqual({ ok: false, message: '"{" is never closed' });
    expect(globToRegExp('[ab')).toMatchObject({ ok: false });
    expect(globToRegExp('  ')).toEqual({ ok: false, message: 'the pattern is empty' });
  });
});
