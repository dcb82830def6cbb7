// `/last` in the conversation: the tool results of the last turn, whole, in the pager — what a
// card cut to its head and tail (`… N more lines, /last shows all …`) left out.
import type { AgentTurnOutput } from 'agent-turn';
import type { Style } from './ansi-style.js';
import { printable } from './ansi-style.js';
import { revealInvisible } from '../../ui/visible-text.js';
import { showInPager } from './pager.js';

/** Said in a card's `… N more lines …` mark when `/last` can show the result whole. */
export const LAST_RESULTS_HINT = '/last shows all';

/** The parameter named beside the tool in the results' headings, most telling first. */
const HEADLINE_PARAMS = ['path', 'command', 'regex', 'question', 'url'];

/**
 * Every tool result of a turn, whole, each under a heading with the tool's name and its main
 * parameter; control characters and hidden ones made visible (the text is the tools' and the
 * model's, never the terminal's). Undefined when the turn had no tool result.
 *
 * @example
 * const text = lastResultsText(output, createStyle(false));
 * if (text) await showInPager(text, { env: process.env });
 */
export function lastResultsText(output: Pick<AgentTurnOutput, 'requests'>, style: Style): string | undefined {
  const parts: string[] = [];
  for (const request of output.requests) {
    for (const result of request.toolResults) {
      const block = request.blocks.find((b) => b.type === 'tool_use' && b.call_id === result.call_id);
      const params = block?.type === 'tool_use' ? (block.params as Record<string, string | undefined>) : {};
      const headline = HEADLINE_PARAMS.map((p) => params[p]).find((v) => v !== undefined);
      const shown = (text: string) => printable(revealInvisible(text, { keepTabs: true }));
      const title = `${style.cyan('⏺')} ${style.bold(result.name)}${headline ? ` ${shown(headline.split('\n')[0])}` : ''}`;
      const mark = result.isError ? style.red(`  ⎿ ${result.status}`) : style.dim(`  ⎿ ${result.status}`);
      parts.push(`${title}\n${mark}\n${shown(result.content)}\n`);
    }
  }
  return parts.length === 0 ? undefined : parts.join('\n');
}

/** Opens the last turn's results in the pager (printed when no pager starts); says so when there are none. */
export async function showLastResults(
  output: Pick<AgentTurnOutput, 'requests'> | undefined,
  io: { env: Record<string, string | undefined>; stdout: { write(chunk: string): unknown } },
  style: Style,
): Promise<void> {
  const text = output ? lastResultsText(output, style) : undefined;
  if (text === undefined) {
    io.stdout.write(`${style.dim('The last message ran no tool: there is no result to show.')}\n`);
    return;
  }
  if (!(await showInPager(text, { env: io.env }))) io.stdout.write(text);
}
