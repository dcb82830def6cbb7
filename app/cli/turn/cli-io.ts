import type { Readable, Writable } from 'node:stream';

/** The process around the CLI: real in app/cli.ts, fakes are possible. */
export interface CliIo {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable;
  /** Calls `handler` on each Ctrl-C until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
  /** Leaves at once (a second Ctrl-C). */
  exit(code: number): void;
}
