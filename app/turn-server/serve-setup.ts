// What `agent-turn serve` starts its server with: the CLI's options, settings, sandbox, model and
// project instructions for every turn, read from serve's arguments (errors as a line and code 2).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createStyle, printable } from '../cli/display/ansi-style.js';
import { commandsForOptions } from '../cli/turn/command-sandbox.js';
import { createModelClient } from '../cli/turn/model-client.js';
import { createTurnPermissions } from '../cli/permissions/turn-permissions.js';
import { applySettings, loadSettings } from '../cli/settings/apply-settings.js';
import { readProjectInstructions } from '../cli/settings/project-instructions.js';
import { openWorkspace } from '../tools/node/index.js';
import { parseServeArgs } from './serve-args.js';
import { SERVE_HELP } from './serve-help.js';
import { serveTurns } from './serve-turns.js';
import type { TurnServerOptions } from './turn-server.js';

/** The process around serve (the CLI's CliIo has all of it). */
export interface ServeIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Calls `handler` on each Ctrl-C until the returned function is called. */
  onInterrupt(handler: () => void): () => void;
}

/** The server's options and what to print about it; or the exit code (the reason was said). */
export type ServeSetup =
  | { ok: true; server: TurnServerOptions; root: string; model: string; host: string }
  | { ok: false; code: number };

/** Reads serve's arguments and sets up the turns (settings, sandbox, model, instructions). */
export async function serveSetup(io: ServeIo, argv: readonly string[]): Promise<ServeSetup> {
  const say = (text: string) => io.stderr.write(`agent-turn serve: ${printable(text)}\n`);
  const parsed = parseServeArgs(argv, io.env, io.cwd);
  if (!parsed.ok) {
    say(`${parsed.error.message}\n${SERVE_HELP}`);
    return { ok: false, code: 2 };
  }
  if (parsed.options.help) {
    io.stdout.write(SERVE_HELP);
    return { ok: false, code: 0 };
  }
  const serve = parsed.options;
  const root = path.resolve(io.cwd, serve.cli.workspace);
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) {
    say(`--workspace ${serve.cli.workspace}: not a directory.`);
    return { ok: false, code: 2 };
  }
  const settings = loadSettings(io.env, root);
  if (!settings.ok) {
    say(`invalid settings: ${settings.message}`);
    return { ok: false, code: 2 };
  }
  const applied = applySettings(serve.cli, settings, argv);
  if (!applied.ok) {
    say(applied.message);
    return { ok: false, code: 2 };
  }
  const options = applied.options;
  const model = createModelClient(options);
  if (!model.ok) {
    say(model.error.message);
    return { ok: false, code: 2 };
  }
  const commands = await commandsForOptions(options, { root, cwd: io.cwd, env: io.env });
  if (commands?.notice) say(commands.notice);
  const permissions = createTurnPermissions({
    rules: settings.settings.permissions ?? {},
    sessionRules: [],
    style: createStyle(false),
    root,
    unsandboxedCommands: commands !== undefined && !commands.sandboxed,
  });
  const project = options.noProjectInstructions ? undefined : await readProjectInstructions(root);
  const startTurn = serveTurns({
    options,
    workspace: await openWorkspace(root),
    chat: model.client,
    model: model.model,
    ...(commands ? { commands } : {}),
    permissions,
    ...(project?.text ? { instructions: project.text } : {}),
  });
  return {
    ok: true,
    root,
    model: model.model,
    host: serve.host,
    server: {
      startTurn,
      port: serve.port,
      host: serve.host,
      ...(serve.allowedOrigins ? { allowedOrigins: serve.allowedOrigins } : {}),
      allowedHosts: serve.allowedHosts,
      maxBodyBytes: serve.maxBodyBytes,
      onTurnEnd: (end) => say(`turn ${end.turnId} (${end.protocol}) ended: ${end.reason}`),
    },
  };
}
