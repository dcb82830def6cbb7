// How `agent-turn serve` makes each turn: the CLI's tools on the workspace (commands in the
// sandbox when one can be had), the user's permission rules' deny rules, the approvals the CLI's
// flags ask for (--yes, --read-only), and the task worded as the CLI words it.
import { createAgentTurnActor } from 'agent-turn';
import type { ChatClient } from 'agent-turn';
import { toolsNeedingApproval } from '../cli/approval/approval-policy.js';
import type { CliOptions } from '../cli/options/cli-options.js';
import type { CommandSetup } from '../cli/turn/command-sandbox.js';
import { scriptedDialectProtocol } from '../cli/turn/model-client.js';
import { withDeniedReads } from '../cli/permissions/denied-reads.js';
import type { TurnPermissions } from '../cli/conversation/conversation-types.js';
import { withDenyRules } from '../cli/permissions/turn-permissions.js';
import { refuseUnaskedRunsLaterWrites } from '../cli/approval/runs-later-guard.js';
import { taskMessage } from '../cli/turn/task-message.js';
import { createNodeTools, type NodeWorkspace } from '../tools/node/index.js';
import type { StartTurn } from './route-context.js';

/** What every turn of the server shares. */
export interface ServeTurnsSetup {
  options: CliOptions;
  workspace: NodeWorkspace;
  chat: ChatClient;
  model: string;
  /** The sandbox (or not) for commands; undefined when read-only. */
  commands?: CommandSetup;
  permissions: TurnPermissions;
  /** Project instructions (AGENTS.md …) for the system prompt. */
  instructions?: string;
}

/** The turn factory of the server. */
export function serveTurns(setup: ServeTurnsSetup): StartTurn {
  const { options, workspace, commands, permissions } = setup;
  const needsApproval = toolsNeedingApproval({ ...options, commandsNeedPerson: commands?.commandsNeedPerson });
  const approval = [...new Set([...needsApproval, ...permissions.alsoAsk])];
  const base = createNodeTools({
    workspace: withDeniedReads(workspace, permissions),
    readOnly: options.readOnly,
    allowGitWrites: options.allowGitWrites === true,
    ...(commands ? { commands: commands.runner } : {}),
  });
  const unasked = new Set(
    options.readOnly ? [] : ['write_to_file', 'replace_in_file'].filter((t) => !approval.includes(t)),
  );
  const tools = refuseUnaskedRunsLaterWrites(withDenyRules(base, permissions, approval), workspace, unasked);
  const isolation = !commands
    ? undefined
    : !commands.sandboxed
      ? ('unsandboxed' as const)
      : options.allowNetwork
        ? ('sandboxed-with-network' as const)
        : ('sandboxed' as const);
  const protocol = scriptedDialectProtocol(options, setup.model);
  return (history, task) =>
    createAgentTurnActor({
      nativeTools: options.nativeTools,
      client: setup.chat,
      model: setup.model,
      ...(protocol ? { protocol } : {}),
      messages: [
        ...history,
        {
          role: 'user',
          content: taskMessage(task, {
            workspace: workspace.root,
            readOnly: options.readOnly,
            needsApproval,
            ...(isolation ? { commands: isolation } : {}),
          }),
        },
      ],
      tools,
      approval,
      ...(options.maxRequests !== undefined ? { maxRequests: options.maxRequests } : {}),
      ...(setup.instructions && history.length === 0 ? { instructions: setup.instructions } : {}),
    });
}
