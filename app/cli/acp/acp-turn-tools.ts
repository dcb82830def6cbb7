// The CLI's tools for one ACP turn: on the workspace with the client's files, the permission
// rules' deny rules and denied reads, the guard on unasked writes of files that run code later,
// the session written before each tool runs — and, for the editor, a write's diff shown (read
// through the editor's buffer) before it is asked or run, a command's terminal shown as it opens.
import path from 'node:path';
import { previewFileChange } from '../../tools/files/change-preview.js';
import type { WorkspaceTool } from '../../tools/index.js';
import { createNodeTools, type NodeWorkspace } from '../../tools/node/index.js';
import type { CliOptions } from '../options/cli-options.js';
import type { TurnPermissions } from '../conversation/conversation-types.js';
import { withDeniedReads } from '../permissions/denied-reads.js';
import { withDenyRules } from '../permissions/turn-permissions.js';
import { refuseUnaskedRunsLaterWrites } from '../approval/runs-later-guard.js';
import { withSessionWrittenFirst } from '../session/session-checkpoint.js';
import type { CommandRunner } from '../../tools/index.js';
import type { UpdateSender } from './update-sender.js';

/** The tools that write one file (their diff is shown before they run). */
export const FILE_WRITERS: ReadonlySet<string> = new Set(['write_to_file', 'replace_in_file']);

export interface AcpToolsInput {
  workspace: NodeWorkspace;
  options: CliOptions;
  permissions: TurnPermissions;
  /** The tools a person approves this turn. */
  approval: readonly string[];
  /** The runner for commands, given where to report a client terminal it opens. */
  commands?: (onTerminal: (terminalId: string) => void) => CommandRunner;
  updates: UpdateSender;
  /** The ACP id of a tool use by its call id. */
  idOf(callId: string): string;
  /** Writes the session record. */
  save(): void;
}

export interface AcpTools {
  tools: Record<string, WorkspaceTool>;
  /** Shows a write's diff once (before it is asked, or run); resolves when it was sent (or could not be made). */
  showDiff(toolUse: { call_id: string; name: string; params: Record<string, string> }): Promise<unknown>;
  /** Tool calls whose content is their own (a diff, a terminal): their result does not replace it. */
  shown: ReadonlySet<string>;
}

/** The tools of one turn, and the diff display the approvals share. */
export function createAcpTools(input: AcpToolsInput): AcpTools {
  const { workspace, options, updates, idOf } = input;
  const shown = new Set<string>();
  const diffs = new Map<string, Promise<unknown>>();
  const showDiff: AcpTools['showDiff'] = (toolUse) => {
    const id = idOf(toolUse.call_id);
    let done = diffs.get(id);
    if (!done) {
      done = previewFileChange(workspace, toolUse).then((preview) => {
        if (!preview.ok) return;
        shown.add(id);
        const { change } = preview;
        const diff = {
          path: path.join(workspace.root, change.path),
          oldText: change.before ?? null,
          newText: change.after,
        };
        return updates.send({
          sessionUpdate: 'tool_call_update',
          toolCallId: id,
          content: [{ type: 'diff', ...diff }],
        });
      });
      diffs.set(id, done);
    }
    return done;
  };
  let runningCommand: string | undefined;
  const onTerminal = (terminalId: string) => {
    if (runningCommand === undefined) return;
    shown.add(runningCommand);
    void updates.send({
      sessionUpdate: 'tool_call_update',
      toolCallId: runningCommand,
      content: [{ type: 'terminal', terminalId }],
    });
  };
  const base = createNodeTools({
    workspace: withDeniedReads(workspace, input.permissions),
    readOnly: options.readOnly,
    allowGitWrites: options.allowGitWrites === true,
    ...(input.commands ? { commands: input.commands(onTerminal) } : {}),
  });
  const shownFirst: Record<string, WorkspaceTool> = { ...base };
  if (!options.readOnly) {
    for (const name of FILE_WRITERS)
      shownFirst[name] = async (toolUse, context) => {
        await showDiff(toolUse);
        await updates.flushed();
        return base[name](toolUse, context);
      };
    shownFirst.execute_command = async (toolUse, context) => {
      runningCommand = idOf(toolUse.call_id);
      try {
        return await base.execute_command(toolUse, context);
      } finally {
        runningCommand = undefined;
      }
    };
  }
  const unasked = new Set(options.readOnly ? [] : [...FILE_WRITERS].filter((t) => !input.approval.includes(t)));
  const tools = withSessionWrittenFirst(
    refuseUnaskedRunsLaterWrites(withDenyRules(shownFirst, input.permissions, input.approval), workspace, unasked),
    input.save,
  );
  return { tools, showDiff, shown };
}
