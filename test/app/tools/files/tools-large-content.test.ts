// Large contents without large copies: the UTF-8 byte count without encoding, and the atomic
// write that encodes 1 MiB at a time (a surrogate pair across a piece boundary stays whole).
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { utf8Length } from '../../../../app/tools/files/utf8-length.js';
import { writeFileAtomically } from '../../../../app/tools/node/index.js';
import { makeSandbox } from '../../../support/tool-fixtures.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('utf8Length', () => {
  it('equals the encoded length, lone surrogates included (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'é', '€', '🙂', '\ud800', '\udc00') }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});

describe('writeFileAtomically with a large content', () => {
  it('writes the same bytes as one encoding of the whole, emoji split across the 1 MiB pieces', async () => {
    const sandbox = await makeSandbox();
    cleanup = sandbox.cleanup;
    const piece = 1024 * 1024;
    const content = `${'a'.repeat(piece - 1)}🙂${'b'.repeat(piece - 2)}é🙂🙂${'c'.repeat(10)}`;
    const file = path.join(sandbox.workspace, 'big.txt');
    expect(await writeFileAtomically(file, content, { root: sandbox.workspace })).toEqual({ created: true });
    expect((await readFile(file)).equals(Buffer.from(content, 'utf8'))).toBe(true);
  });
});
