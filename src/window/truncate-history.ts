// Cline's way of making a history fit: the system message and the task stay; the oldest whole
// exchanges go first (an assistant message with everything that answers it: its native tool
// results, the user message carrying its tag results and notes), never a call without its result.
import type { ChatMessage } from '../wire/types.js';
import { estimateMessageTokens } from './prompt-size.js';

/** The one sentence the model is told when earlier messages were removed (a user message right after the task). */
export const HISTORY_TRUNCATED_NOTE =
  '[Some earlier messages of this conversation were removed to fit the context window; the task above is kept, and the most recent messages follow.]';

export interface TruncationResult {
  messages: ChatMessage[];
  /** Messages removed (the note not counted). */
  dropped: number;
  /** The estimated tokens removed, the note's cost taken off. */
  removedTokens: number;
}

/** Index just past the kept head: leading system messages, the first user message (the task), and the note if present. */
function headLength(messages: readonly ChatMessage[]): number {
  const task = messages.findIndex((m) => m.role === 'user');
  if (task < 0) {
    let i = 0;
    while (i < messages.length && messages[i].role === 'system') i++;
    return i;
  }
  let end = task + 1;
  if (messages[end]?.role === 'user' && messages[end].content === HISTORY_TRUNCATED_NOTE) end++;
  return end;
}

/** The exchanges after the head: each starts at an assistant message (or a lone message before the first one). */
function exchanges(messages: readonly ChatMessage[], from: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = from;
  for (let i = from + 1; i <= messages.length; i++) {
    if (i === messages.length || messages[i].role === 'assistant') {
      if (start < i) out.push([start, i]);
      start = i;
    }
  }
  return out;
}

/**
 * Drops the oldest exchanges until the prompt's size (`size`, in tokens, as measured and estimated
 * by the caller) is at most `target`. The newest exchange is always kept (the model needs the latest
 * result), so the answer may still be over the target when one exchange alone is larger. The note
 * is added once, after the task. Pure: the input array is not changed.
 */
export function truncateHistory(messages: readonly ChatMessage[], size: number, target: number): TruncationResult {
  if (size <= target) return { messages: [...messages], dropped: 0, removedTokens: 0 };
  const head = headLength(messages);
  const units = exchanges(messages, head);
  const hasNote = messages[head - 1]?.content === HISTORY_TRUNCATED_NOTE && messages[head - 1]?.role === 'user';
  const noteCost = hasNote ? 0 : estimateMessageTokens({ role: 'user', content: HISTORY_TRUNCATED_NOTE });
  let removed = 0;
  let cut = 0; // exchanges dropped
  while (cut < units.length - 1 && size - removed + (cut > 0 ? noteCost : 0) > target) {
    const [start, end] = units[cut];
    for (let i = start; i < end; i++) removed += estimateMessageTokens(messages[i]);
    cut++;
  }
  if (cut === 0) return { messages: [...messages], dropped: 0, removedTokens: 0 };
  const keepFrom = units[cut][0];
  const kept = [
    ...messages.slice(0, head),
    ...(hasNote ? [] : [{ role: 'user' as const, content: HISTORY_TRUNCATED_NOTE }]),
    ...messages.slice(keepFrom),
  ];
  return { messages: kept, dropped: keepFrom - head, removedTokens: removed - noteCost };
}
