// One key from the terminal, without Enter: the terminal is put in raw mode for the question and
// given back afterwards. Keys typed before the question appeared (type-ahead) and pasted text
// never answer it: an approval is given by one deliberate key press.
import type { Readable } from 'node:stream';

/** stdin as the key reader uses it: a TTY can switch raw mode on and off. */
export type KeyInput = Readable & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

export interface ReadKeyOptions {
  /** Called for Ctrl-C (raw mode takes it from the terminal, so no SIGINT comes). */
  onInterrupt: () => void;
  /** Keys arriving this soon after the question are typed-ahead, not an answer: dropped (default 150 ms). */
  settleMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

const CTRL_C = '\x03';
const CTRL_D = '\x04';
export const DEFAULT_SETTLE_MS = 150;

/**
 * Waits for one of `keys` (lower case; upper case counts too). Resolves undefined on Ctrl-C (after
 * calling onInterrupt), Ctrl-D, the end of input, or an abort. In raw mode a chunk holding more
 * than one key (a paste) or an escape sequence (arrows, function keys) is ignored; without raw
 * mode (a pipe) the first non-blank character of a line counts.
 */
export function readKey(
  input: KeyInput,
  keys: readonly string[],
  signal: AbortSignal,
  options: ReadKeyOptions,
): Promise<string | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  const raw = input.isTTY === true && typeof input.setRawMode === 'function';
  const now = options.now ?? Date.now;
  const openedAt = now();
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  return new Promise((resolve) => {
    const finish = (key: string | undefined) => {
      input.off('data', onData);
      input.off('end', onEnd);
      signal.removeEventListener('abort', onAbort);
      if (raw) input.setRawMode!(false);
      input.pause();
      resolve(key);
    };
    const onData = (data: Buffer | string) => {
      const chunk = typeof data === 'string' ? data : data.toString('utf8');
      if (chunk.includes(CTRL_C)) {
        finish(undefined);
        options.onInterrupt();
        return;
      }
      if (chunk.startsWith(CTRL_D)) return finish(undefined);
      if (now() - openedAt < settleMs) return;
      if (chunk.startsWith('\x1b')) return;
      const chars = [...(raw ? chunk : chunk.trim())];
      if (raw && chars.length !== 1) return;
      const key = chars[0]?.toLowerCase();
      if (key !== undefined && keys.includes(key)) finish(key);
    };
    const onEnd = () => finish(undefined);
    const onAbort = () => finish(undefined);
    if (raw) input.setRawMode!(true);
    input.on('data', onData);
    input.once('end', onEnd);
    signal.addEventListener('abort', onAbort, { once: true });
    input.resume();
  });
}
