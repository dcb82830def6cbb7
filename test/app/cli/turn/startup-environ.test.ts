// The launcher's key out of its own /proc/<pid>/environ (issue 32, Low 11): the entry is found at
// an entry's start only, and erasing overwrites it in the process's start-up block, so another
// process reading /proc/<pid>/environ sees no trace of it while the rest stays.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretSpans } from '../../../../app/cli/turn/startup-environ.js';

const MODULE = fileURLToPath(new URL('../../../../app/cli/turn/startup-environ.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
const KEY = 'sk-erase-test-0f3c9a';

describe('secretSpans', () => {
  it('names whole entries by their name, never a name inside another entry', () => {
    const block = Buffer.from(`A=1\0XOPENAI_API_KEY=no\0OPENAI_API_KEY=${KEY}\0B=OPENAI_API_KEY=no\0`, 'latin1');
    const spans = secretSpans(block, ['OPENAI_API_KEY']);
    expect(spans).toEqual([{ name: 'OPENAI_API_KEY', at: 23, length: `OPENAI_API_KEY=${KEY}`.length }]);
    expect(block.subarray(23, 23 + spans[0]!.length).toString('latin1')).toBe(`OPENAI_API_KEY=${KEY}`);
  });

  it('zeroing the spans leaves every other entry as it was (any entries)', () => {
    const entry = fc.tuple(
      fc.constantFrom('A', 'B', 'OPENAI_API_KEY', 'OPENAI_API_KEYS'),
      fc.stringMatching(/^[ -~]*$/),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        const block = Buffer.from(entries.map(([n, v]) => `${n}=${v}\0`).join(''), 'latin1');
        for (const span of secretSpans(block, ['OPENAI_API_KEY'])) block.fill(0, span.at, span.at + span.length);
        const left = block
          .toString('latin1')
          .split('\0')
          .filter((e) => e !== '');
        expect(left).toEqual(entries.filter(([n]) => n !== 'OPENAI_API_KEY').map(([n, v]) => `${n}=${v}`));
      }),
    );
  });
});

describe.runIf(process.platform === 'linux')('eraseFromStartupEnviron', () => {
  it("another process reading the process's /proc/<pid>/environ finds the key gone, the rest kept", async () => {
    const script = `
      const { eraseFromStartupEnviron } = await import(${JSON.stringify(MODULE)});
      const key = process.env.OPENAI_API_KEY;
      const erased = eraseFromStartupEnviron(['OPENAI_API_KEY']);
      process.stdout.write(JSON.stringify({ erased, kept: key, env: process.env.OPENAI_API_KEY ?? null }) + '\\n');
      setTimeout(() => {}, 20000);
    `;
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', OPENAI_API_KEY: KEY, OTHER: 'stays' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve) => child.stdout.setEncoding('utf8').once('data', resolve));
      expect(JSON.parse(line)).toEqual({ erased: { ok: true, erased: ['OPENAI_API_KEY'] }, kept: KEY, env: null });
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'latin1');
      expect(environ).not.toContain(KEY);
      expect(environ).not.toContain('OPENAI_API_KEY');
      expect(environ.split('\0')).toContain('OTHER=stays');
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
