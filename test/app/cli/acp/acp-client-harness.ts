// An editor for the tests: the real ACP client library (`client()` of @agentclientprotocol/sdk)
// spawning `agent-turn --acp` from sources, with a file system of buffers, terminals that run
// commands for real, and permission answers the test decides. Every message it got is kept.
import { spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  client,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ClientContext,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from '@agentclientprotocol/sdk';
import { REPO_ROOT } from '../../../support/cli-process.js';
import { CLI_NODE_ARGS } from '../../../support/cli-command.js';

export interface EditorOptions {
  /** Offer fs/read_text_file and fs/write_text_file (default true). */
  fs?: boolean;
  /** Offer terminals (default false). */
  terminal?: boolean;
  /** Buffers the editor holds (absolute path → text): reads see them before the disk. */
  buffers?: Map<string, string>;
  /** Answers each permission request (default: allow once). */
  onPermission?: (
    request: RequestPermissionRequest,
    agent: ClientContext,
  ) => Promise<RequestPermissionResponse> | RequestPermissionResponse;
  /** Called with each update as it arrives. */
  onUpdate?: (notification: SessionNotification, agent: ClientContext) => void;
  env?: Record<string, string>;
  /** The sessions folder (a new temporary one by default): give the same one to load a session again. */
  sessions?: string;
}

export interface EditorRecord {
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  reads: string[];
  writes: { path: string; content: string }[];
  terminals: { command: string; args: string[]; cwd: string | null | undefined }[];
  stderr: () => string;
}

interface TerminalRun {
  output: string;
  exit: Promise<{ exitCode: number | null; signal: string | null }>;
  kill(): void;
}

/** Runs `op` against a fresh `agent-turn --acp` with the given CLI arguments; the agent ends after. */
export async function withEditor<T>(
  args: string[],
  options: EditorOptions,
  op: (ctx: ClientContext, record: EditorRecord) => Promise<T>,
): Promise<T> {
  const sessions = options.sessions ?? (await mkdtemp(path.join(tmpdir(), 'acp-sessions-')));
  const child = spawn(process.execPath, [...CLI_NODE_ARGS, '--acp', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NO_COLOR: undefined,
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      AGENT_TURN_SESSIONS_DIR: sessions,
      ...options.env,
    } as NodeJS.ProcessEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const buffers = options.buffers ?? new Map<string, string>();
  const record: EditorRecord = {
    updates: [],
    permissions: [],
    reads: [],
    writes: [],
    terminals: [],
    stderr: () => stderr,
  };
  const terminals = new Map<string, TerminalRun>();
  const offerFs = options.fs !== false;
  const app = client({ name: 'test-editor' })
    .onNotification('session/update', ({ params, agent }) => {
      record.updates.push(params);
      options.onUpdate?.(params, agent);
    })
    .onRequest('session/request_permission', async ({ params, agent }) => {
      record.permissions.push(params);
      if (options.onPermission) return options.onPermission(params, agent);
      const once = params.options.find((o) => o.kind === 'allow_once');
      return { outcome: { outcome: 'selected', optionId: once!.optionId } };
    })
    .onRequest('fs/read_text_file', async ({ params }) => {
      record.reads.push(params.path);
      return { content: buffers.get(params.path) ?? (await readFile(params.path, 'utf8')) };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      // The editor keeps the text in its buffer; saving it is the person's business.
      record.writes.push({ path: params.path, content: params.content });
      buffers.set(params.path, params.content);
      return {};
    })
    .onRequest('terminal/create', ({ params }) => {
      record.terminals.push({ command: params.command, args: params.args ?? [], cwd: params.cwd });
      const id = `term-${terminals.size + 1}`;
      let output = '';
      const proc = execFile(params.command, params.args ?? [], { cwd: params.cwd ?? undefined });
      proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      const exit = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) =>
        proc.on('close', (exitCode, signal) => resolve({ exitCode, signal })),
      );
      terminals.set(id, {
        get output() {
          return output;
        },
        exit,
        kill: () => proc.kill('SIGKILL'),
      });
      return { terminalId: id };
    })
    .onRequest('terminal/output', ({ params }) => ({
      output: terminals.get(params.terminalId)!.output,
      truncated: false,
    }))
    .onRequest('terminal/wait_for_exit', async ({ params }) => terminals.get(params.terminalId)!.exit)
    .onRequest('terminal/kill', ({ params }) => {
      terminals.get(params.terminalId)?.kill();
      return {};
    })
    .onRequest('terminal/release', ({ params }) => {
      terminals.get(params.terminalId)?.kill();
      terminals.delete(params.terminalId);
      return {};
    });
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    return await app.connectWith(stream, async (ctx) => {
      await ctx.request('initialize', {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: {
          fs: { readTextFile: offerFs, writeTextFile: offerFs },
          terminal: options.terminal === true,
        },
      });
      return op(ctx, record);
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- agent stderr ---\n${stderr}`);
  } finally {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/** The text of the updates of one kind, joined (chunks in order). */
export function chunkText(updates: readonly SessionNotification[], kind: string): string {
  return updates
    .map((n) => n.update)
    .filter((u) => u.sessionUpdate === kind)
    .map((u) => ('content' in u && !Array.isArray(u.content) && u.content?.type === 'text' ? u.content.text : ''))
    .join('');
}
