// Writing to a pipe that can fall behind: when a write says the pipe is full, the next waits for
// it to drain; once the pipe closes or fails, writes are dropped.

/** Where the lines go: a Writable (stdout). `write` returning false means: wait for 'drain'. */
export interface NdjsonOutput {
  write(chunk: string): boolean;
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

/** Writes that wait for the pipe. */
export interface PipeWriter {
  /** Writes the text, then waits until the pipe can take more (or is gone). */
  write(text: string): Promise<void>;
  /** Whether the reader is gone (the pipe closed or failed), or `stop` was called. */
  gone(): boolean;
  /** Drops every later write. */
  stop(): void;
}

/** A writer over `out` (a Writable such as stdout). */
export function createPipeWriter(out: NdjsonOutput): PipeWriter {
  let gone = false;
  /** Resolves when the pipe can take more (or is gone). */
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.removeListener('drain', done);
        out.removeListener('close', closed);
        out.removeListener('error', closed);
        resolve();
      };
      const closed = () => {
        gone = true;
        done();
      };
      out.once('drain', done);
      out.once('close', closed);
      out.once('error', closed);
    });
  return {
    async write(text) {
      if (gone) return;
      if (!out.write(text)) await writable();
    },
    gone: () => gone,
    stop() {
      gone = true;
    },
  };
}
