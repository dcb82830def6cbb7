// The CLI in a real pseudo-terminal (Python's pty module, through test/app/pty-driver.py): raw
// mode, SIGWINCH and isTTY all real. Tests type keys, resize the terminal and read its output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './cli-process.js';
import { CLI_NODE_ARGS } from './cli-command.js';

const DRIVER = fileURLToPath(new URL('./pty-driver.py', import.meta.url));
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

/** Escape sequences removed, carriage returns dropped: roughly the text a person saw. */
export function stripTerminal(text: string): string {
  return text.replace(ANSI, '').replace(/\r/g, '');
}

const RESIZE_MARK = /\x1b\]resize;(\d+);(\d+)\x07/;

/** Writes a session's raw output into a terminal emulator, resizing it wherever the real terminal was resized. */
export function replayInto(
  term: { write(chunk: string): unknown; resize(columns: number, rows: number): void },
  raw: string,
): void {
  let rest = raw;
  for (let m = RESIZE_MARK.exec(rest); m; m = RESIZE_MARK.exec(rest)) {
    term.write(rest.slice(0, m.index));
    term.resize(Number(m[1]), Number(m[2]));
    rest = rest.slice(m.index + m[0].length);
  }
  term.write(rest);
}

export interface PtySession {
  /** Everything the CLI wrote to the terminal so far, escape sequences included. */
  raw(): string;
  /** The output without escape sequences. */
  text(): string;
  /** Resolves once the text (escape sequences removed) matches; rejects after `timeoutMs`. */
  waitFor(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
  type(text: string): void;
  resize(columns: number, rows: number): void;
  /** The exit code, once the CLI has ended. */
  exited: Promise<number>;
  kill(): void;
}

/** Resolves once `test()` holds (checked every 50 ms); rejects after `ms` with `what` and the screen's end. */
export async function untilOnScreen(test: () => boolean, what: string, cli: PtySession, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`${what} did not happen:\n${cli.text().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts `node --import tsx app/cli.ts ...args` in a terminal of `columns` × `rows`. */
export function startCliInPty(
  args: string[],
  options: {
    columns?: number;
    rows?: number;
    env?: Record<string, string | undefined>;
    cwd?: string;
    /** Keep the conversation's prompt open after the turn; without it the CLI runs one turn (--print). */
    conversation?: boolean;
  } = {},
): PtySession {
  const env: Record<string, string | undefined> = {
    ...process.env,
    TERM: 'xterm-256color',
    NO_COLOR: undefined,
    OPENAI_BASE_URL: undefined,
    OPENAI_API_KEY: undefined,
    PAGER: 'cat',
    ...options.env,
  };
  const child = spawn(
    'python3',
    [
      DRIVER,
      String(options.columns ?? 100),
      String(options.rows ?? 40),
      process.execPath,
      ...CLI_NODE_ARGS,
      ...(options.conversation ? [] : ['--print']),
      ...args,
    ],
    {
      cwd: options.cwd ?? REPO_ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let raw = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    raw += chunk;
    for (const w of [...waiters]) w();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number>((resolve) => {
    child.on('close', () => {
      const code = /EXIT (-?\d+)/.exec(stderr)?.[1];
      for (const w of [...waiters]) w();
      resolve(code === undefined ? -1 : Number(code));
    });
  });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    raw: () => raw,
    text: () => stripTerminal(raw),
    waitFor(pattern, timeoutMs = 20_000) {
      const matches = () =>
        typeof pattern === 'string' ? stripTerminal(raw).includes(pattern) : pattern.test(stripTerminal(raw));
      if (matches()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${String(pattern)}; the terminal shows:\n${stripTerminal(raw).slice(-3000)}\n${stderr}`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          if (!matches() && child.exitCode === null) return;
          waiters.delete(check);
          clearTimeout(timer);
          if (matches()) resolve();
          else
            reject(
              new Error(
                `the CLI ended without showing ${String(pattern)}:\n${stripTerminal(raw).slice(-3000)}\n${stderr}`,
              ),
            );
        };
        waiters.add(check);
      });
    },
    type: (text) => send({ write: text }),
    resize: (columns, rows) => send({ resize: [columns, rows] }),
    exited,
    kill: () => child.kill('SIGKILL'),
  };
}
