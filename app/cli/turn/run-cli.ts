import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { toPromise } from 'xstate';
import { createAgentTurnActor } from 'agent-turn';
import { startTraceExport } from './trace-export.js';
import type { AgentTurnOutput } from 'agent-turn';
import type { ChatClient } from 'agent-turn';
import { createNodeTools, openWorkspace } from '../../tools/node/index.js';
import type { AskUser } from '../../tools/index.js';
import { createStyle, printable, printableLine } from '../display/ansi-style.js';
import { noTerminalRejection, toolsNeedingApproval } from '../approval/approval-policy.js';
import { createApprovalFlow } from '../approval/approval-flow.js';
import { showInPager } from '../display/pager.js';
import type { CliOptions } from '../options/cli-options.js';
import { commandsForOptions, type CommandSetup } from './command-sandbox.js';
import type { McpElicitationHandler } from 'agent-turn/mcp';
import { askElicitationAtTerminal } from '../mcp/mcp-elicitation-prompt.js';
import { projectMcpNote, startCliMcp, type CliMcp } from '../mcp/mcp-setup.js';
import { fullHelpText } from '../options/help-output.js';
import { createModelClient, scriptedDialectProtocol } from './model-client.js';
import { createNdjsonReporter } from '../ndjson/ndjson-reporter.js';
import { parseCliArgs } from '../options/parse-cli-args.js';
import { createTerminalPrompter } from '../approval/terminal-prompter.js';
import { createTerminalRenderer } from '../display/terminal-renderer.js';
import { LAST_RESULTS_HINT } from '../display/last-results.js';
import { exitCodeFor, turnSummary } from '../display/turn-summary.js';
import { priceFor } from '../display/usage-figures.js';
import { taskMessage, type CommandIsolation } from './task-message.js';
import { selectView } from 'agent-turn';
import type { PersistedAgentTurn, PersistedTurnOutput } from 'agent-turn';
import {
  CLI_SESSION_FORMAT,
  CLI_SESSION_VERSION,
  readSessionFile,
  sessionOptions,
  writeSessionFile,
} from '../session/cli-session.js';
import { checkpointKey } from '../../ui/turn-checkpoint.js';
import { withSessionWrittenFirst } from '../session/session-checkpoint.js';
import { resumeOptions } from '../session/session-authority.js';
import { refuseUnaskedRunsLaterWrites } from '../approval/runs-later-guard.js';
import type { AgentTurnView } from 'agent-turn';
import type { TurnEnd, TurnPlan } from '../conversation/conversation-types.js';
import { isConversation } from '../conversation/conversation-mode.js';
import { pickSession, resumedConversationOf, type ResumedConversation } from '../conversation/pick-session.js';
import { runConversation } from '../conversation/run-conversation.js';
import { approvalInMode } from '../conversation/permission-mode.js';
import { instructionsLine, leftOutLine, readProjectInstructions } from '../settings/project-instructions.js';
import { applySettings, loadSettings } from '../settings/apply-settings.js';
import { rememberProjectRule } from '../settings/settings-file.js';
import { createTurnPermissions, withDenyRules } from '../permissions/turn-permissions.js';
import { withDeniedReads } from '../permissions/denied-reads.js';
import { turnHooksOf, type HookContext } from '../hooks/command-hooks.js';
import { sessionHooksOf } from '../hooks/session-hooks.js';
import type { TurnHooks } from 'agent-turn';
import { randomUUID } from 'node:crypto';

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

const SPINNER_INTERVAL_MS = 80;
/** The live display redraws at most this often (about 30 times a second) however fast a reply streams. */
const LIVE_REDRAW_MS = 33;

/** Runs the CLI; resolves with the exit code. */
export async function runCli(io: CliIo): Promise<number> {
  // A start-up line can hold text of the workspace, a settings file or an MCP server (a file
  // name, a tool name, a server's stderr): its control characters are shown, never obeyed, and
  // the lines made of such text stay one line each (`sayLine`).
  const say = (text: string) => io.stderr.write(`agent-turn: ${printable(text)}\n`);
  const sayLine = (text: string) => io.stderr.write(`agent-turn: ${printableLine(text)}\n`);
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
  let options = parsed.options;
  if (options.help) {
    io.stdout.write(fullHelpText());
    return 0;
  }
  let snapshot: PersistedAgentTurn | undefined;
  let resumedConversation: ResumedConversation | undefined;
  const picked = await pickSession(options, io);
  if (!picked.ok) return picked.code;
  options = picked.options;
  if (options.resume !== undefined) {
    const read = readSessionFile(path.resolve(io.cwd, options.resume));
    if (!read.ok) {
      say(read.message);
      return 2;
    }
    const { session } = read;
    if (session.turn.status === 'done' && !isConversation(options, io))
      return reportFinishedSession(io, options, session.turn.output);
    // The file gives the task and model; the endpoint, key, approvals, sandbox, network and
    // workspace are this user's (session-authority.ts): a session never widens what they typed.
    const resumed = resumeOptions(options, session.cli, io.cwd, options.resume);
    if (!resumed.ok) {
      say(resumed.error.message);
      return 2;
    }
    for (const note of resumed.notes) say(`--resume: ${note}`);
    options = resumed.options;
    resumedConversation = resumedConversationOf(session, picked.nextTask);
    if (session.turn.status !== 'done') snapshot = session.turn;
  }
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
  for (const note of settings.notes) sayLine(note);
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
  const project = options.noProjectInstructions ? undefined : await readProjectInstructions(root);
  if (project && project.files.length > 0) sayLine(instructionsLine(project));
  const leftOut = project && leftOutLine(project);
  if (leftOut) sayLine(leftOut);
  const instructions = project?.text || undefined;
  // MCP servers (app/cli/mcp/mcp-setup.ts): started once, a line each, stopped when the CLI ends.
  const mcpNote = projectMcpNote(root, options.mcpConfig && path.resolve(io.cwd, options.mcpConfig));
  if (mcpNote) sayLine(mcpNote);
  const fromSettings = Object.keys(settings.mcpServers).length > 0;
  const started =
    options.mcpConfig || fromSettings
      ? await startCliMcp({
          ...options,
          ...(options.mcpConfig ? { file: options.mcpConfig } : {}),
          ...(fromSettings ? { settingsServers: settings.mcpServers } : {}),
          cwd: io.cwd,
          root,
          env: io.env,
          say: sayLine,
          interactive: io.stdin.isTTY === true,
        })
      : undefined;
  if (started && !started.ok) {
    say(started.message);
    return 2;
  }
  const mcp = started?.mcp;
  const chat = model.client;
  const chatModel = model.model;
  const runTurnsOf = async (): Promise<number> => {
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
    const hookContext: HookContext = {
      sessionId: randomUUID(),
      root,
      env: io.env,
      notify: (line) => sayLine(line),
    };
    const turnHooks = turnHooksOf(settings.hooks, hookContext);
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
      return (await runTurn(io, options, root, chat, chatModel, commands, snapshot, plan, mcp, turnHooks)).code;
    }
    // A terminal: a conversation (app/cli/conversation/), each message a turn.
    return runConversation({
      io,
      options,
      root,
      client: chat,
      model: chatModel,
      ...(snapshot ? { snapshot } : {}),
      ...(resumedConversation ? { resumed: resumedConversation } : {}),
      ...(instructions ? { instructions } : {}),
      permissions,
      hooks: sessionHooks,
      ...(settings.settings.checkpoints ? { checkpointLimits: settings.settings.checkpoints } : {}),
      runTurn: (turn) =>
        runTurn(io, turn.options, root, turn.client, turn.model, commands, turn.snapshot, turn.plan, mcp, turnHooks),
    });
  };
  try {
    return await runTurnsOf();
  } finally {
    await mcp?.close();
  }
}

/** The tools `withMcp` has that `before` had not: the MCP servers'. */
function mcpToolsOf<T>(withMcp: Record<string, T> | undefined, before: Record<string, unknown>): Record<string, T> {
  return Object.fromEntries(Object.entries(withMcp ?? {}).filter(([name]) => !Object.hasOwn(before, name)));
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

function commandIsolation(options: CliOptions, commands: CommandSetup | undefined): CommandIsolation | undefined {
  if (!commands) return undefined;
  if (!commands.sandboxed) return 'unsandboxed';
  return options.allowNetwork ? 'sandboxed-with-network' : 'sandboxed';
}

async function runTurn(
  io: CliIo,
  options: CliOptions,
  root: string,
  client: ChatClient,
  modelName: string,
  commands: CommandSetup | undefined,
  snapshot: PersistedAgentTurn | undefined,
  plan?: TurnPlan,
  mcp?: CliMcp,
  hooks?: TurnHooks,
): Promise<TurnEnd> {
  // Auto-accept edits (the conversation's Shift+Tab) asks no file edit; plan mode runs no write at all.
  const approvalNeeded = approvalInMode(
    plan?.mode ?? 'default',
    toolsNeedingApproval({ ...options, commandsNeedPerson: commands?.commandsNeedPerson }),
  );
  const approval = plan?.permissions ? [...new Set([...approvalNeeded, ...plan.permissions.alsoAsk])] : approvalNeeded;
  const interactive = io.stdin.isTTY === true;
  const live = !options.json && io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
  const style = createStyle(live);
  const interrupt = new AbortController();
  let interrupts = 0;
  // Ctrl-C in the pager is the pager's (less uses it to stop a search), not a request to stop the turn.
  let pagerOpen = false;
  const onInterrupt = () => {
    if (pagerOpen) return;
    interrupts++;
    if (interrupts > 1) io.exit(130);
    interrupt.abort();
    actor.send({ type: 'ABORT' });
  };

  // The cost is figured at the given prices or the model's list price; unknown: tokens only.
  const price = priceFor(options);
  const renderer = options.json
    ? undefined
    : createTerminalRenderer({
        out: io.stdout,
        live,
        showReasoning: options.showReasoning,
        minRedrawMs: LIVE_REDRAW_MS,
        ...(price ? { price } : {}),
        // In the conversation, /last shows the turn's results whole.
        ...(isConversation(options, io) ? { wholeResultHint: LAST_RESULTS_HINT } : {}),
      });
  const reporter = options.json ? createNdjsonReporter(io.stdout) : undefined;
  // Questions go where a person sees them: stdout when it is the terminal, else stderr (stdout may be a file or NDJSON).
  const promptOutput = !options.json && io.stdout.isTTY === true ? io.stdout : io.stderr;
  const prompter = interactive
    ? createTerminalPrompter({ input: io.stdin, output: promptOutput, onInterrupt })
    : undefined;

  /** Runs a prompt with the live display frozen. */
  const withPrompt = async <T>(question: () => Promise<T>): Promise<T> => {
    renderer?.suspend();
    try {
      return await question();
    } finally {
      renderer?.resume();
    }
  };
  // The model's question and choices are shown, never interpreted by the terminal.
  const ask: AskUser | undefined = prompter
    ? (q, choices, signal) => withPrompt(() => prompter.ask(printable(q), choices.map(printable), signal))
    : undefined;

  const workspace = await openWorkspace(root);
  const pager =
    promptOutput === io.stdout
      ? async (text: string) => {
          pagerOpen = true;
          try {
            return await showInPager(text, { env: io.env });
          } finally {
            pagerOpen = false;
          }
        }
      : undefined;
  const approvals = prompter
    ? createApprovalFlow({ prompter, output: promptOutput, style, files: workspace, ...(pager ? { pager } : {}) })
    : undefined;
  const sessionFile = options.session !== undefined ? path.resolve(io.cwd, options.session) : undefined;
  let sessionBroken = false;
  /** Writes the session file (atomically) with the turn as it is now. */
  const saveSession = () => {
    if (sessionFile === undefined || sessionBroken) return;
    try {
      writeSessionFile(sessionFile, {
        format: CLI_SESSION_FORMAT,
        version: CLI_SESSION_VERSION,
        cli: sessionOptions(options, root),
        turn: actor.getPersistedSnapshot(),
        ...plan?.sessionExtra?.(),
      });
    } catch (error) {
      // The turn goes on; it just could not be resumed from this file. Said once.
      sessionBroken = true;
      io.stderr.write(
        `agent-turn: --session ${options.session}: cannot write it (${(error as Error).message}); the turn goes on without it.\n`,
      );
    }
  };
  // --scripted-dialect: the parser recovers the dialect the scripted model writes.
  const dialectProtocol = scriptedDialectProtocol(options, modelName);
  const setup = {
    nativeTools: options.nativeTools,
    client,
    model: modelName,
    ...(dialectProtocol ? { protocol: dialectProtocol } : {}),
    messages: [
      ...(plan?.history ?? []),
      {
        role: 'user' as const,
        content: taskMessage(plan?.task ?? options.task, {
          workspace: workspace.root,
          readOnly: options.readOnly,
          needsApproval: approvalNeeded,
          commands: commandIsolation(options, commands),
          ...(plan ? { notes: plan.notes } : {}),
        }),
      },
    ],
    // Write-ahead: with --session, the file says a tool is running before the tool starts, so a
    // crash while it runs is known after a resume (it is not run again unless it only reads).
    tools: withSessionWrittenFirst(
      refuseUnaskedRunsLaterWrites(
        (plan?.wrapTools ?? ((tools) => tools))(
          createNodeTools({
            // Files a read_file deny rule names are never read by a tool (search_files skips them).
            workspace: plan?.permissions ? withDeniedReads(workspace, plan.permissions) : workspace,
            readOnly: options.readOnly,
            allowGitWrites: options.allowGitWrites === true,
            ask,
            ...(commands ? { commands: commands.runner } : {}),
            // A running command's output, live on the terminal (the model reads it whole when it ends).
            ...(renderer
              ? {
                  executeCommand: {
                    onOutput: (text: string, toolUse: { call_id: string }) =>
                      renderer.commandOutput(toolUse.call_id, text),
                  },
                }
              : {}),
          }),
          approval,
        ),
        workspace,
        new Set(
          options.readOnly ? [] : ['write_to_file', 'replace_in_file'].filter((t) => !approvalNeeded.includes(t)),
        ),
      ),
      saveSession,
    ),
    approval,
    // Plan mode: only reading tools run (the machine refuses the others and tells the model).
    ...(plan?.mode === 'plan' ? { mode: 'plan' as const } : {}),
    // The settings' command hooks (app/cli/hooks/): PreToolUse, PostToolUse, Stop.
    ...(hooks !== undefined && Object.keys(hooks).length > 0 ? { hooks } : {}),
    ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
    // Project instructions (AGENTS.md …) join the system prompt once, with the first message.
    ...(plan?.instructions && plan.history.length === 0 ? { instructions: plan.instructions } : {}),
  };
  // MCP tools join the turn's (their calls written ahead to the session like the others).
  // A server's question (MCP elicitation) is put to the person like an approval: the live display frozen.
  const elicit: McpElicitationHandler | undefined = prompter
    ? (request, { signal }) =>
        withPrompt(() =>
          askElicitationAtTerminal(prompter, promptOutput, style, request, AbortSignal.any([signal, interrupt.signal])),
        )
    : undefined;
  const withMcp = mcp ? mcp.addTo(setup, saveSession, elicit) : setup;
  // Deny rules hold on MCP calls too, asked or not (--yes).
  const turnSetup =
    mcp && plan?.permissions
      ? {
          ...withMcp,
          tools: {
            ...withMcp.tools,
            ...withDenyRules(mcpToolsOf(withMcp.tools, setup.tools), plan.permissions, withMcp.approval ?? []),
          },
        }
      : withMcp;
  const actor = createAgentTurnActor(snapshot !== undefined ? { ...turnSetup, snapshot } : turnSetup);
  const traces = await startTraceExport(io.env, (line) => io.stderr.write(`${line}\n`));
  traces?.trace(actor, actor.getSnapshot().context.model);

  const decided = new Set<string>();
  const decide = (view: AgentTurnView) => {
    const waiting = view.blocks.find(
      (b) => b.type === 'tool_use' && b.status === 'awaiting-approval' && !decided.has(b.key),
    );
    if (waiting?.type !== 'tool_use') return;
    decided.add(waiting.key);
    const send = (approved: boolean, feedback?: string) => {
      // A Ctrl-C while the question was open already ended the turn.
      if (actor.getSnapshot().status !== 'active') return;
      reporter?.line({
        type: 'approval',
        key: waiting.key,
        tool: waiting.name,
        decision: approved ? 'approved' : 'rejected',
        ...(feedback ? { feedback } : {}),
      });
      actor.send(approved ? { type: 'APPROVE' } : { type: 'REJECT', ...(feedback ? { feedback } : {}) });
    };
    // Permission rules (app/cli/permissions/): deny refuses, allow approves, ask asks.
    const ruled = plan?.permissions?.decide(waiting.name, waiting.params);
    if (ruled?.byRule && ruled.decision !== 'ask') {
      const line = `  ${ruled.decision === 'allow' ? style.green(`✓ ${ruled.reason}`) : style.red(`✗ ${ruled.reason}`)}\n`;
      void withPrompt(async () => void (renderer ? promptOutput.write(line) : undefined)).then(() =>
        send(
          ruled.decision === 'allow',
          ruled.decision === 'deny' ? `Not run: ${ruled.reason} (a permission rule of the user).` : undefined,
        ),
      );
      return;
    }
    if (!approvals) {
      queueMicrotask(() => send(false, noTerminalRejection(waiting.name, options)));
      return;
    }
    void withPrompt(async () => {
      const answer = await approvals.decide(waiting, interrupt.signal);
      if (answer.approved && answer.always && plan?.permissions)
        await plan.permissions.always(waiting.name, waiting.params);
      return answer;
    }).then(
      (answer) => send(answer.approved, answer.approved ? undefined : answer.feedback),
      (error: unknown) => {
        // Showing the change failed (a bug, or the disk): ask nothing, refuse, and say why.
        io.stderr.write(`agent-turn: could not show the approval: ${(error as Error)?.message ?? String(error)}\n`);
        send(false, 'Not approved: the change could not be shown to the user.');
      },
    );
  };

  let lastView: AgentTurnView | undefined;
  let displayBroken = false;
  let lastCheckpoint = '';
  actor.subscribe({
    next(snapshot) {
      let view: AgentTurnView | undefined;
      if (!displayBroken) {
        try {
          view = lastView = selectView(snapshot);
          renderer?.update(view);
          reporter?.update(view);
          if (view.phase === 'awaiting-approval') decide(view);
        } catch (error) {
          // A display bug must not crash the process or leave an approval unanswered: say so once, stop the turn cleanly.
          displayBroken = true;
          io.stderr.write(
            `agent-turn: the display failed and stopped updating: ${(error as Error)?.stack ?? String(error)}\n`,
          );
          if (actor.getSnapshot().status === 'active') queueMicrotask(() => actor.send({ type: 'ABORT' }));
        }
      }
      // The session is written at every step that matters: a request sent or ended, a tool's
      // result recorded, an approval asked or answered (not on every streamed chunk).
      if (sessionFile !== undefined) {
        const key = checkpointKey(view ?? selectView(snapshot));
        if (key !== lastCheckpoint) {
          lastCheckpoint = key;
          saveSession();
        }
      }
    },
    error() {
      // Reported below, from toPromise.
    },
  });

  const stopListening = io.onInterrupt(onInterrupt);
  // The terminal's new width: wrapped text and the live region fit it at the next draw.
  const onResize = () => renderer?.resize();
  io.stdout.on('resize', onResize);
  const spinner = live ? setInterval(() => renderer?.tick(), SPINNER_INTERVAL_MS) : undefined;
  let output: AgentTurnOutput;
  try {
    actor.start();
    output = await toPromise(actor);
  } catch (error) {
    renderer?.finish(lastView, style.red(`✗ the turn crashed: ${(error as Error)?.message ?? String(error)}`));
    reporter?.line({ type: 'note', message: `the turn crashed: ${(error as Error)?.message ?? String(error)}` });
    return { code: 1 };
  } finally {
    if (spinner) clearInterval(spinner);
    stopListening();
    io.stdout.off('resize', onResize);
    await traces?.shutdown();
  }
  saveSession();
  const finalView = selectView(actor.getSnapshot());
  renderer?.finish(finalView, turnSummary(output, style, price));
  await reporter?.finish(output);
  return { code: exitCodeFor(output.reason), output, persisted: actor.getPersistedSnapshot() };
}
