// The approval of one tool use at the terminal: work out what it would do, show it whole (in the
// pager when it is taller than the screen), ask for one key, and remember "always" answers for
// the rest of the turn.
import type { Writable } from 'node:stream';
import { previewFileChange, PREVIEWED_TOOLS } from '../../tools/files/change-preview.js';
import type { WorkspaceFiles, WorkspacePath } from '../../tools/workspace-port.js';
import type { Style } from '../display/ansi-style.js';
import { approvalCard } from './approval-card.js';
import { wrapLines } from '../display/screen-fit.js';
import type { ApprovalAnswer, TerminalPrompter } from './terminal-prompter.js';

export interface ApprovalFlowOptions<P extends WorkspacePath> {
  prompter: TerminalPrompter;
  /** Where the card and the question go (the terminal). */
  output: Writable & { columns?: number; rows?: number };
  style: Style;
  /** The workspace the change is read from. */
  files: WorkspaceFiles<P>;
  /** Shows text in a pager; resolves false when none could start. Absent when the output is no terminal. */
  pager?: (text: string) => Promise<boolean>;
}

export interface ToolUseAwaitingApproval {
  name: string;
  params: Record<string, string>;
  /** The dialect the call was recovered from (e.g. `'hermes'`); absent for Cline's XML. */
  dialect?: string;
}

export interface ApprovalFlow {
  /** Shows the tool use and gets the person's answer (or the standing "always" for its tool). */
  decide(tool: ToolUseAwaitingApproval, signal: AbortSignal): Promise<ApprovalAnswer>;
}

/** Lines left for the question and its keys below a card that still fits on the screen. */
const QUESTION_ROWS = 3;

export function createApprovalFlow<P extends WorkspacePath>(options: ApprovalFlowOptions<P>): ApprovalFlow {
  const { output, style, prompter } = options;
  const always = new Set<string>();
  const columns = () => Math.max(20, output.columns || 80);
  const screenRows = () => Math.max(6, output.rows || 24);
  const print = (rows: readonly string[]) => {
    if (rows.length > 0) output.write(`${rows.join('\n')}\n`);
  };

  return {
    async decide(tool, signal) {
      const preview = (PREVIEWED_TOOLS as readonly string[]).includes(tool.name)
        ? await previewFileChange(options.files, tool)
        : undefined;
      const card = approvalCard(tool, preview, style, columns());
      const rows = wrapLines(card.lines, columns());
      // A write to a file that runs code later is asked every time, whatever "always" said.
      if (always.has(tool.name) && !card.runsLater) {
        // Already approved: the card is for the record; a long one is cut to the screen.
        const room = screenRows() - QUESTION_ROWS;
        print(
          rows.length > room
            ? [...rows.slice(0, room - 1), `  ${style.dim(`… ${rows.length - room + 1} more lines`)}`]
            : rows,
        );
        print([`  ${style.green(`✓ approved: always for ${tool.name} this turn`)}`]);
        return { approved: true };
      }
      let view: { label: string; show: () => Promise<void> } | undefined;
      const text = `${card.lines.join('\n')}\n`;
      if (rows.length > screenRows() - QUESTION_ROWS && options.pager && (await options.pager(text))) {
        print([`  ${style.dim(`(${rows.length} lines shown in the pager)`)}`]);
        const pager = options.pager;
        view = { label: card.viewLabel, show: async () => void (await pager(text)) };
      } else {
        print(rows);
      }
      const answer = await prompter.approve(
        { question: card.question, tool: tool.name, ...(view ? { view } : {}) },
        signal,
      );
      if (answer.approved && answer.always) {
        if (card.runsLater) {
          print([`  ${style.yellow(`approved this write only: "always" does not cover files that run code later`)}`]);
          // Nor does it become a rule for the session or the project.
          return { approved: true };
        }
        always.add(tool.name);
      }
      return answer;
    },
  };
}
