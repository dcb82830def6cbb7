// A compaction as the conversation shows it: one line when it happens (what it replaced, the
// summary's first words, and how to see it all), and `/summary [N]`: the summary and the messages
// it replaced, whole, in the pager. The replaced messages are kept in the session (each cut to a
// bound), so /summary works after --resume too; read back, they are a file's text: shown only
// through `printable`, never written to the terminal as they are.
import type { ChatMessage } from 'agent-turn';
import { printable, type Style } from '../display/ansi-style.js';
import { revealInvisible } from '../../ui/visible-text.js';
import { showInPager } from '../display/pager.js';
import type { ConversationCompaction, KeptMessage } from './conversation-types.js';

/** A replaced message keeps at most this many characters in the session. */
export const MAX_KEPT_MESSAGE_CHARS = 20_000;
/** A compaction keeps at most this many replaced messages (the newest ones). */
export const MAX_KEPT_MESSAGES = 400;

/** Said at the end of the one-line notice. */
export const SUMMARY_HINT = '/summary shows it';

/** The replaced messages as the session keeps them: role and text (tool calls named), each bounded. */
export function keptMessages(messages: readonly ChatMessage[]): KeptMessage[] {
  return messages.slice(-MAX_KEPT_MESSAGES).map((m) => {
    const calls = (m.tool_calls ?? []).map((c) => `[tool call ${c.function.name} ${c.function.arguments}]`);
    const text = [m.content ?? '', ...calls].filter((t) => t !== '').join('\n');
    const cut =
      text.length > MAX_KEPT_MESSAGE_CHARS
        ? `${text.slice(0, MAX_KEPT_MESSAGE_CHARS)}\n… ${text.length - MAX_KEPT_MESSAGE_CHARS} more characters not kept`
        : text;
    return { role: m.role, content: cut };
  });
}

/** The one line shown when a compaction happens. */
export function compactionLine(compaction: ConversationCompaction, index: number): string {
  const first = printable(compaction.summary.split('\n')[0] ?? '');
  const head = first.length > 100 ? `${first.slice(0, 100)}…` : first;
  return `⋯ ${compaction.replaced} earlier messages replaced by a summary (~${compaction.tokensBefore} → ~${compaction.tokensAfter} tokens): ${head} (${SUMMARY_HINT}${index > 1 ? ` — /summary ${index}` : ''})`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const shown = (value: unknown) => printable(revealInvisible(text(value), { keepTabs: true }));

/**
 * The whole of compaction `index` (1 = the first; default the latest) for the pager: the summary,
 * then each message it replaced under its role. Undefined when there is no such compaction.
 *
 * @example
 * const page = summaryText(record.compactions, undefined, createStyle(false));
 */
export function summaryText(
  compactions: readonly ConversationCompaction[],
  index: number | undefined,
  style: Style,
): string | undefined {
  const at = (index ?? compactions.length) - 1;
  const compaction = compactions[at] as Partial<ConversationCompaction> | undefined;
  if (!compaction || typeof compaction !== 'object') return undefined;
  const why = compaction.why === 'near-window' ? 'the history neared the window' : 'asked with /compact';
  const parts = [
    style.bold(
      `Summary ${at + 1} of ${compactions.length} (${why}; ${Number(compaction.replaced) || 0} messages replaced)`,
    ),
    '',
    shown(compaction.summary),
    '',
  ];
  const messages = Array.isArray(compaction.messages) ? compaction.messages : undefined;
  if (!messages) parts.push(style.dim('(The replaced messages were not kept in this session.)'));
  else {
    parts.push(style.bold(`The ${messages.length} messages it replaced:`), '');
    for (const m of messages) parts.push(style.cyan(`── ${shown(m?.role)} ──`), shown(m?.content), '');
  }
  return `${parts.join('\n')}\n`;
}

/** `/summary [N]`: opens the pager (prints when none starts); says so when there is nothing to show. */
export async function showSummary(
  compactions: readonly ConversationCompaction[],
  index: number | undefined,
  io: { env: Record<string, string | undefined>; stdout: { write(chunk: string): unknown } },
  style: Style,
): Promise<void> {
  const page = summaryText(compactions, index, style);
  if (page === undefined) {
    io.stdout.write(
      `${style.dim(
        compactions.length === 0
          ? 'Nothing compacted yet: /compact replaces the older messages by a summary.'
          : `There is no summary ${index}: this conversation has ${compactions.length}.`,
      )}\n`,
    );
    return;
  }
  if (!(await showInPager(page, { env: io.env }))) io.stdout.write(page);
}
