// A turn's tools, wrapped from the inside out: the Node tools, the plan's deny rules, the guard on
// files that run code later, and the session's write-ahead record.
import { createNodeTools, type NodeWorkspace } from '../../tools/node/index.js';
import type { AskUser } from '../../tools/index.js';
import type { CliOptions } from '../options/cli-options.js';
import type { CommandSetup } from './command-sandbox.js';
import type { TurnPlan } from '../conversation/conversation-types.js';
import { withDeniedReads } from '../permissions/denied-reads.js';
import { refuseUnaskedRunsLaterWrites } from '../approval/runs-later-guard.js';
import { withSessionWrittenFirst } from '../session/session-checkpoint.js';
import type { TurnDisplay } from './turn-display.js';

/** What the tools chain is made of. */
export interface TurnToolsParts {
  options: CliOptions;
  workspace: NodeWorkspace;
  plan?: TurnPlan;
  commands?: CommandSetup;
  ask?: AskUser;
  display: TurnDisplay;
  /** The tools that wait for approval, and those the options alone make so (before the plan's rules). */
  approval: string[];
  approvalNeeded: readonly string[];
  /** Writes the session file (before a tool runs). */
  save: () => void;
}

/** The turn's tools. */
export function turnToolsChain(parts: TurnToolsParts) {
  const { options, workspace, plan, commands, display, approvalNeeded } = parts;
  const renderer = display.renderer;
  const tools = createNodeTools({
    // Files a read_file deny rule names are never read by a tool (search_files skips them).
    workspace: plan?.permissions ? withDeniedReads(workspace, plan.permissions) : workspace,
    readOnly: options.readOnly,
    allowGitWrites: options.allowGitWrites === true,
    ask: parts.ask,
    ...(commands ? { commands: commands.runner } : {}),
    // A running command's output, live on the terminal (the model reads it whole when it ends).
    ...(renderer
      ? {
          executeCommand: {
            onOutput: (text: string, toolUse: { call_id: string }) => renderer.commandOutput(toolUse.call_id, text),
          },
        }
      : {}),
  });
  // Write-ahead: with --session, the file says a tool is running before the tool starts, so a
  // crash while it runs is known after a resume (it is not run again unless it only reads).
  return withSessionWrittenFirst(
    refuseUnaskedRunsLaterWrites(
      (plan?.wrapTools ?? ((t) => t))(tools, parts.approval),
      workspace,
      new Set(options.readOnly ? [] : ['write_to_file', 'replace_in_file'].filter((t) => !approvalNeeded.includes(t))),
    ),
    parts.save,
  );
}
