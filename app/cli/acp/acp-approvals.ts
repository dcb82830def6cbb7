// A tool use that waits for approval in an ACP turn: the permission rules decide first (deny
// refuses, allow approves, without asking); else the editor is asked with the write's diff shown,
// "allow always" adds the session rule, and a cancel while the question is open ends the wait.
import type { AgentContext } from '@agentclientprotocol/sdk';
import type { ToolBlockView } from 'agent-turn';
import type { TurnPermissions } from '../conversation/conversation-types.js';
import { ruleFor } from '../permissions/permission-rules.js';
import { FILE_WRITERS, type AcpTools } from './acp-turn-tools.js';
import { toolKindOf, toolLocationsOf, toolTitleOf } from './acp-tool-call.js';
import { askClientPermission } from './client-permission.js';
import type { UpdateSender } from './update-sender.js';

export interface ApprovalsInput {
  client: Pick<AgentContext, 'request'>;
  sessionId: string;
  root: string;
  permissions: TurnPermissions;
  /** The session's rules: "allow always" adds one. */
  sessionRules: string[];
  tools: Pick<AcpTools, 'showDiff'>;
  updates: UpdateSender;
  toolCallId(block: ToolBlockView): string;
  signal: AbortSignal;
  /** Answers the turn (APPROVE, or REJECT with the feedback the model reads). */
  answer(approved: boolean, feedback?: string): void;
}

/** Decides (or asks about) one waiting tool use; call once per block. */
export function createApprovals(input: ApprovalsInput): (block: ToolBlockView) => void {
  const { permissions, signal, answer } = input;
  const ask = async (block: ToolBlockView) => {
    if (FILE_WRITERS.has(block.name)) await input.tools.showDiff(block);
    await input.updates.flushed();
    // "Always" is offered only where the rule it adds would hold (not for a use asked every time).
    const rule = ruleFor(block.name, block.params);
    input.sessionRules.push(rule);
    const canAlways = permissions.decide(block.name, block.params).decision === 'allow';
    input.sessionRules.pop();
    const chosen = await askClientPermission({
      client: input.client,
      sessionId: input.sessionId,
      toolCall: {
        toolCallId: input.toolCallId(block),
        title: toolTitleOf(block.name, block.params),
        kind: toolKindOf(block.name),
        status: 'pending',
        locations: toolLocationsOf(input.root, block.params),
      },
      canAlways,
      signal,
    });
    if (chosen === 'allow-always') input.sessionRules.push(rule);
    if (chosen === 'cancelled') {
      if (!signal.aborted) answer(false, 'Not approved: the user cancelled the question.');
      return;
    }
    answer(chosen !== 'reject', chosen === 'reject' ? 'The user rejected this.' : undefined);
  };
  return (block) => {
    const ruled = permissions.decide(block.name, block.params);
    if (ruled.byRule && ruled.decision !== 'ask') {
      const feedback =
        ruled.decision === 'deny' ? `Not run: ${ruled.reason} (a permission rule of the user).` : undefined;
      queueMicrotask(() => answer(ruled.decision === 'allow', feedback));
      return;
    }
    void ask(block);
  };
}
