// What the conversation's log keeps of a finished turn: the person's message, the tools it used,
// its result and its closing line — enough to draw it again after a reload.
import { selectView } from 'agent-turn';
import type { ConversationLogEntry } from '../conversation/page-conversation.js';
import { turnItems } from '../conversation/turn-items.js';
import type { TurnActor } from '../conversation/turn-runner.js';

const MAX_TOOL_LABEL = 120;

/** The log entry of a turn that ended as `ended` says (the snapshot is absent when the machine itself stopped). */
export function turnLogEntry(
  task: string,
  snapshot: ReturnType<TurnActor['getSnapshot']> | undefined,
  ended: { reason: string; tone: 'ok' | 'error'; text: string },
): Extract<ConversationLogEntry, { kind: 'turn' }> {
  const items = snapshot ? turnItems(selectView(snapshot)) : [];
  const tools = items.flatMap((item) => {
    if (item.kind !== 'tool') return [];
    const target = item.params.path ?? item.params.command;
    return [`${item.name}${target ? ` ${target}` : ''}`.slice(0, MAX_TOOL_LABEL)];
  });
  const result = snapshot?.output?.result;
  return {
    kind: 'turn',
    task,
    reason: ended.reason,
    outcome: ended.text,
    tone: ended.tone,
    tools,
    ...(result !== undefined ? { result } : {}),
  };
}
