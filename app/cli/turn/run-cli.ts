import path from 'node:path';
import { stat } from 'node:fs/promises';
import type { CliIo } from './cli-io.js';
import { randomUUID } from 'node:crypto';
import type { PersistedAgentTurn, PersistedTurnOutput } from 'agent-turn';
import { printable, printableLine } from '../display/ansi-style.js';
import type { CliOptions } from '../options/cli-options.js';
import { commandsForOptions, type CommandSetup } from './command-sandbox.js';
import { projectMcpNote, startCliMcp, type CliMcp } from '../mcp/mcp-setup.js';
import { fullHelpText } from '../options/help-output.js';
import { createModelClient } from './model-client.js';
import { createNdjsonReporter } from '../ndjson/ndjson-reporter.js';
import { parseCliArgs } from '../options/parse-cli-args.js';
import { createStyle } from '../display/ansi-style.js';
import { exitCodeFor } from '../display/turn-summary.js';
import { readSessionFile } from '../session/cli-session.js';
import { resumeOptions } from '../session/session-authority.js';
import type { TurnPlan } from '../conversation/conversation-types.js';
import { isConversation } from '../conversation/conversation-mode.js';
import { pickSession, resumedConversationOf, type ResumedConversation } from '../conversation/pick-session.js';
import { runConversation } from '../conversation/run-conversation.js';
import { instructionsLine, leftOutLine, readProjectInstructions } from '../settings/project-instructions.js';
import { applySettings, loadSettings } from '../settings/apply-settings.js';
import { rememberProjectRule } from '../settings/settings-file.js';
import { createTurnPermissions, withDenyRules } from '../permissions/turn-permissions.js';
import { turnHooksOf, type HookContext } from '../hooks/command-hooks.js';
import { sessionHooksOf } from '../hooks/session-hooks.js';
import { runTurn } from './run-turn.js';

export type { CliIo } from './cli-io.js';

/** What the CLI says on stderr: control characters shown, never obeyed (`line`: kept one line). */
interface Say {
  (text: string): void;
  line(text: string): void;
}

function sayTo(io: CliIo): Say {
  // A start-up line can hold text of the workspace, a settings file or an MCP server (a file
  // name, a tool name, a server's stderr): its control characters are shown, never obeyed, and
  // the lines made of such text stay one line each (`line`).
  const say = (text: string) => void io.stderr.write(`agent-turn: ${printable(text)}\n`);
  return Object.assign(say, { line: (text: string) => void io.stderr.write(`agent-turn: ${printableLine(text)}\n`) });
}

/** The options, the turn and the conversation a `--resume` goes on with; or the exit code. */
type Resumed =
  | { ok: true; options: CliOptions; snapshot?: PersistedAgentTurn; conversation?: ResumedConversation }
  | { ok: false; code: number };

/** `--resume FILE` (or a picked session): the file's task and model, with this user's authority. */
async function resumeIfAsked(io: CliIo, say: Say, options: CliOptions, nextTask?: string): Promise<Resumed> {
  if (options.resume === undefined) return { ok: true, options };
  const read = readSessionFile(path.resolve(io.cwd, options.resume));
  if (!read.ok) {
    say(read.message);
    return { ok: false, code: 2 };
  }
  const { session } = read;
  if (session.turn.status === 'done' && !isConversation(options, io))
    return { ok: false, code: await reportFinishedSession(io, options, session.turn.output) };
  // The file gives the task and model; the endpoint, key, approvals, sandbox, network and
  // workspace are this user's (session-authority.ts): a session never widens what they typed.
  const resumed = resumeOptions(options, session.cli, io.cwd, options.resume);
  if (!resumed.ok) {
    say(resumed.error.message);
    return { ok: false, code: 2 };
  }
  for (const note of resumed.notes) say(`--resume: ${note}`);
  return {
    ok: true,
    options: resumed.options,
    conversation: resumedConversationOf(session, nextTask),
    ...(session.turn.status !== 'done' ? { snapshot: session.turn } : {}),
  };
}

/** Runs the CLI; resolves with the exit code. */
export async function runCli(io: CliIo): Promise<number> {
  const say = sayTo(io);
  // `agent-turn serve`: turns for web clients over HTTP (app/turn-server/), loaded only for it.
  if (io.argv[0] === 'serve') {
    const { runServe } = await import('../../turn-server/run-serve.js');
    return runServe(io, io.argv.slice(1));
  }
  const parsed = parseCliArgs(io.argv, io.env, io.cwd);
  if (!parsed.ok) {
    say(parsed.error.message);
    return 2;
  }
  if (parsed.options.help) {
    io.stdout.write(fullHelpText());
    return 0;
  }
  const picked = await pickSession(parsed.options, io);
  if (!picked.ok) return picked.code;
  const resumed = await resumeIfAsked(io, say, picked.options, picked.nextTask);
  if (!resumed.ok) return resumed.code;
  let options = resumed.options;
  const root = path.resolve(io.cwd, options.workspace);
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) {
    say(`--workspace ${options.workspace}: not a directory.`);
    return 2;
  }
  // Settings files (app/cli/settings/): the user's, narrowed by the project's; flags win.
  const settings = loadSettings(io.env, root);
  if (!settings.ok) {
    say(`invalid settings: ${settings.message}`);
    return 2;
  }
  for (const note of settings.notes) say.line(note);
  const applied = applySettings(options, settings, io.argv);
  if (!applied.ok) {
    say(applied.message);
    return 2;
  }
  options = applied.options;
  const model = createModelClient(options);
  if (!model.ok) {
    say(model.error.message);
    return 2;
  }
  // --acp: an editor drives sessions over stdio (app/cli/acp/); each session sets up its own workspace.
  if (options.acp) {
    // Loaded only here: the ACP SDK (and zod) stay out of every other start.
    const { runAcp } = await import('../acp/run-acp.js');
    return runAcp({ ...io, options, chat: model.client, model: model.model });
  }
  // Read-only turns run no command: no sandbox to set up.
  const commands = await commandsForOptions(options, { root, cwd: io.cwd, env: io.env });
  if (commands?.notice) say(commands.notice);
  const project = options.noProjectInstructions ? undefined : await readProjectInstructions(root, { cwd: io.cwd });
  if (project && project.files.length > 0) say.line(instructionsLine(project));
  const leftOut = project && leftOutLine(project);
  if (leftOut) say.line(leftOut);
  const started = await startMcp(io, say, options, root, settings.mcpServers);
  if (started && !started.ok) {
    say(started.message);
    return 2;
  }
  const mcp = started?.mcp;
  try {
    return await runTurns({
      io,
      say,
      options,
      root,
      settings,
      commands,
      mcp,
      chat: model.client,
      model: model.model,
      instructions: project?.text || undefined,
      snapshot: resumed.snapshot,
      resumed: resumed.conversation,
    });
  } finally {
    await mcp?.close();
  }
}

/** MCP servers (app/cli/mcp/mcp-setup.ts): started once, a line each, stopped when the CLI ends. */
async function startMcp(
  io: CliIo,
  say: Say,
  options: CliOptions,
  root: string,
  settingsServers: CliSetup['settings']['mcpServers'],
): Promise<Awaited<ReturnType<typeof startCliMcp>> | undefined> {
  const mcpNote = projectMcpNote(root, options.mcpConfig && path.resolve(io.cwd, options.mcpConfig));
  if (mcpNote) say.line(mcpNote);
  const fromSettings = Object.keys(settingsServers).length > 0;
  if (!options.mcpConfig && !fromSettings) return undefined;
  return startCliMcp({
    ...options,
    ...(options.mcpConfig ? { file: options.mcpConfig } : {}),
    ...(fromSettings ? { settingsServers } : {}),
    cwd: io.cwd,
    root,
    env: io.env,
    say: say.line,
    interactive: io.stdin.isTTY === true,
  });
}

/** What the CLI set up before its turns. */
interface CliSetup {
  io: CliIo;
  say: Say;
  options: CliOptions;
  root: string;
  settings: Extract<ReturnType<typeof loadSettings>, { ok: true }>;
  commands?: CommandSetup;
  mcp?: CliMcp;
  chat: Parameters<typeof runTurn>[0]['client'];
  model: string;
  instructions?: string;
  snapshot?: PersistedAgentTurn;
  resumed?: ResumedConversation;
}

/** One turn (a pipe, --json, --print) or, in a terminal, a conversation of turns. */
async function runTurns(cli: CliSetup): Promise<number> {
  const { io, say, options, root, settings, commands, mcp, snapshot, instructions } = cli;
  // "Always" offers this session / this project in a conversation (one-shot: the turn, as before).
  const ask = isConversation(options, io);
  const permissions = createTurnPermissions({
    rules: settings.settings.permissions ?? {},
    sessionRules: [],
    ...(ask ? { rememberForProject: (rule: string) => rememberProjectRule(settings.userFile, root, rule) } : {}),
    ...(ask ? { input: io.stdin, output: !options.json && io.stdout.isTTY ? io.stdout : io.stderr } : {}),
    style: createStyle(!options.json && io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb'),
    root,
    unsandboxedCommands: commands !== undefined && !commands.sandboxed,
  });
  const hookContext: HookContext = { sessionId: randomUUID(), root, env: io.env, notify: (line) => say.line(line) };
  const hooks = turnHooksOf(settings.hooks, hookContext);
  const sessionHooks = sessionHooksOf(settings.hooks, hookContext);
  if (!isConversation(options, io)) {
    const start = await sessionHooks.sessionStart(snapshot ? 'resume' : 'startup');
    const submit = snapshot ? { send: true as const } : await sessionHooks.promptSubmit(options.task);
    if (!submit.send) {
      say(`a UserPromptSubmit hook refused the prompt: ${submit.reason}`);
      return 1;
    }
    const plan: TurnPlan = {
      history: [],
      task: options.task,
      notes: [start, submit.context].filter((n): n is string => n !== undefined),
      ...(instructions && !snapshot ? { instructions } : {}),
      permissions,
      wrapTools: (tools, asked) => withDenyRules(tools, permissions, asked),
    };
    return (
      await runTurn({ io, options, root, client: cli.chat, model: cli.model, commands, snapshot, plan, mcp, hooks })
    ).code;
  }
  // A terminal: a conversation (app/cli/conversation/), each message a turn.
  return runConversation({
    io,
    options,
    root,
    client: cli.chat,
    model: cli.model,
    ...(snapshot ? { snapshot } : {}),
    ...(cli.resumed ? { resumed: cli.resumed } : {}),
    ...(instructions ? { instructions } : {}),
    permissions,
    hooks: sessionHooks,
    ...(settings.settings.checkpoints ? { checkpointLimits: settings.settings.checkpoints } : {}),
    runTurn: (turn) => runTurn({ io, root, commands, mcp, hooks, ...turn }),
  });
}

/** `--resume` of a session whose turn is over: say so, with its outcome; nothing runs again. */
async function reportFinishedSession(io: CliIo, options: CliOptions, output: PersistedTurnOutput): Promise<number> {
  const message = `this session already finished (${output.reason})${output.result !== undefined ? `: ${output.result}` : ''}; nothing was run again.`;
  if (options.json) {
    const reporter = createNdjsonReporter(io.stdout);
    reporter.line({ type: 'note', message });
    await reporter.finish(output as never);
  } else {
    io.stdout.write(`agent-turn: ${message}\n`);
  }
  return exitCodeFor(output.reason);
}
