// The setup the turn's actor starts from: model, messages, tools (with the MCP servers'), limits.
import type { AgentTurnSetup, ChatClient, PersistedAgentTurn, ResumeAgentTurnSetup, TurnHooks } from 'agent-turn';
import type { McpElicitationHandler } from 'agent-turn/mcp';
import type { NodeWorkspace } from '../../tools/node/index.js';
import type { CliOptions } from '../options/cli-options.js';
import type { TurnPlan } from '../conversation/conversation-types.js';
import { withDenyRules } from '../permissions/turn-permissions.js';
import { askElicitationAtTerminal } from '../mcp/mcp-elicitation-prompt.js';
import type { CliMcp } from '../mcp/mcp-setup.js';
import { scriptedDialectProtocol } from './model-client.js';
import type { CommandSetup } from './command-sandbox.js';
import { taskMessage, type CommandIsolation } from './task-message.js';
import { turnToolsChain, type TurnToolsParts } from './turn-tools.js';
import type { TurnPrompts } from './turn-prompts.js';

/** What the setup is made of, beyond the tools chain's parts. */
export interface TurnSetupParts extends TurnToolsParts {
  client: ChatClient;
  model: string;
  mcp?: CliMcp;
  hooks?: TurnHooks;
  snapshot?: PersistedAgentTurn;
  prompts: TurnPrompts;
  /** Aborted by Ctrl-C: ends an MCP server's open question too. */
  interrupt: AbortSignal;
}

function commandIsolation(options: CliOptions, commands: CommandSetup | undefined): CommandIsolation | undefined {
  if (!commands) return undefined;
  if (!commands.sandboxed) return 'unsandboxed';
  return options.allowNetwork ? 'sandboxed-with-network' : 'sandboxed';
}

/** The first message of the turn: the task, with what the tools may do. */
function taskOf(options: CliOptions, workspace: NodeWorkspace, parts: TurnSetupParts) {
  const plan: TurnPlan | undefined = parts.plan;
  return taskMessage(plan?.task ?? options.task, {
    workspace: workspace.root,
    readOnly: options.readOnly,
    needsApproval: [...parts.approvalNeeded],
    commands: commandIsolation(options, parts.commands),
    ...(plan ? { notes: plan.notes } : {}),
  });
}

/** The actor's input for one turn. */
export function turnSetupOf(parts: TurnSetupParts): AgentTurnSetup | ResumeAgentTurnSetup {
  const { options, plan, mcp, hooks, prompts } = parts;
  // --scripted-dialect: the parser recovers the dialect the scripted model writes.
  const dialectProtocol = scriptedDialectProtocol(options, parts.model);
  const setup = {
    nativeTools: options.nativeTools,
    client: parts.client,
    model: parts.model,
    ...(dialectProtocol ? { protocol: dialectProtocol } : {}),
    messages: [...(plan?.history ?? []), { role: 'user' as const, content: taskOf(options, parts.workspace, parts) }],
    tools: turnToolsChain(parts),
    approval: parts.approval,
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
  const prompter = prompts.prompter;
  const elicit: McpElicitationHandler | undefined = prompter
    ? (request, { signal }) =>
        prompts.withPrompt(() =>
          askElicitationAtTerminal(
            prompter,
            prompts.output,
            parts.display.style,
            request,
            AbortSignal.any([signal, parts.interrupt]),
          ),
        )
    : undefined;
  const withMcp = mcp ? mcp.addTo(setup, parts.save, elicit) : setup;
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
  return parts.snapshot !== undefined ? { ...turnSetup, snapshot: parts.snapshot } : turnSetup;
}

/** The tools `withMcp` has that `before` had not: the MCP servers'. */
function mcpToolsOf<T>(withMcp: Record<string, T> | undefined, before: Record<string, unknown>): Record<string, T> {
  return Object.fromEntries(Object.entries(withMcp ?? {}).filter(([name]) => !Object.hasOwn(before, name)));
}
