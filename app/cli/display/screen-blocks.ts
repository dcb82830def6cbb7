// The blocks the terminal shows, in order: every request's blocks from the view, with a notice
// after each failed attempt that was retried and before a request sent with a history cut to fit
// the context window. No decisions here: the view made them.
import type { AgentTurnView, BlockView } from 'agent-turn';

/** A line a person should see between blocks: a failed attempt is being retried, or earlier messages were dropped. */
export interface NoticeBlock {
  type: 'notice';
  key: string;
  request: number;
  text: string;
}

export type ScreenBlock = BlockView | NoticeBlock;

export function screenBlocks(view: AgentTurnView): ScreenBlock[] {
  const out: ScreenBlock[] = [];
  for (const r of view.requests) {
    for (const t of view.context.truncations) {
      if (t.requestIndex === r.index)
        out.push({ type: 'notice', key: `${r.key}:cut`, request: r.number, text: t.summary });
    }
    out.push(...r.blocks);
    if (r.retried && r.error) {
      out.push({
        type: 'notice',
        key: `${r.key}:retry`,
        request: r.number,
        text: `attempt ${r.attempt + 1} failed [${r.error.code}] ${r.error.message.replace(/\.$/, '')} — retrying`,
      });
    }
  }
  return out;
}
