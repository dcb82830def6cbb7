// Erasing a secret from this process's start-up environment. On Linux `/proc/<pid>/environ` is not a
// copy: it reads the process's own memory, the block between `env_start` and `env_end` that exec
// filled in (fields 50 and 51 of `/proc/<pid>/stat`). Deleting a variable from `process.env` only
// drops libc's pointer to it; its bytes stay in that block for any program of the same user to
// read. A process may write its own memory through `/proc/self/mem`, so the entry is overwritten
// with NUL bytes in place: readers then see empty entries where the secret was.

import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

/** What erasing did: the variables whose bytes were overwritten, or why nothing could be. */
export type EnvironErasure = { ok: true; erased: string[] } | { ok: false; reason: string };

/** The start-up environment block's bounds, from `/proc/self/stat` (after the command name's closing parenthesis). */
function environBounds(stat: string): { start: number; end: number } | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 (state) is fields[0]; env_start and env_end are fields 50 and 51.
  const start = Number(fields[47]);
  const end = Number(fields[48]);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && start > 0 && end > start && end - start < 1 << 24
    ? { start, end }
    : undefined;
}

/**
 * The offsets in `block` (NUL-separated `NAME=value` entries) of each entry named in `names`,
 * with its length: the spans to overwrite.
 */
export function secretSpans(
  block: Uint8Array,
  names: readonly string[],
): Array<{ name: string; at: number; length: number }> {
  const spans: Array<{ name: string; at: number; length: number }> = [];
  const text = Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('latin1');
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\0', at);
    if (end === -1) end = text.length;
    const entry = text.slice(at, end);
    const name = names.find((n) => entry.startsWith(`${n}=`));
    if (name !== undefined) spans.push({ name, at, length: end - at });
    at = end + 1;
  }
  return spans;
}

/**
 * Removes `names` from `process.env` and overwrites their entries in this process's start-up
 * environment block, so `/proc/<pid>/environ` no longer shows them. Read the values first: after
 * this they are gone. Linux only (elsewhere `{ ok: false }`, and nothing is changed but `process.env`).
 *
 * @example
 * ```ts
 * const key = process.env.OPENAI_API_KEY;
 * const erased = eraseFromStartupEnviron(['OPENAI_API_KEY']);
 * if (!erased.ok) process.stderr.write(`the key stays in /proc/${process.pid}/environ: ${erased.reason}\n`);
 * ```
 */
export function eraseFromStartupEnviron(names: readonly string[]): EnvironErasure {
  for (const name of names) delete process.env[name];
  if (process.platform !== 'linux') return { ok: false, reason: 'not Linux (no /proc/self/mem)' };
  let fd: number | undefined;
  try {
    const bounds = environBounds(readFileSync('/proc/self/stat', 'utf8'));
    if (bounds === undefined) return { ok: false, reason: '/proc/self/stat gives no environment bounds' };
    fd = openSync('/proc/self/mem', 'r+');
    const block = Buffer.alloc(bounds.end - bounds.start);
    readSync(fd, block, 0, block.length, bounds.start);
    const spans = secretSpans(block, names);
    for (const span of spans) writeSync(fd, Buffer.alloc(span.length), 0, span.length, bounds.start + span.at);
    return { ok: true, erased: spans.map((s) => s.name) };
  } catch (error) {
    return { ok: false, reason: `/proc/self/mem: ${(error as Error).message}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
