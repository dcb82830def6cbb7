// Where a turn asks the person: the one-key prompter, the approval flow, the pager, and Ctrl-C.
import type { AskUser } from '../../tools/index.js';
import type { Writable } from 'node:stream';
import type { NodeWorkspace } from '../../tools/node/index.js';
import { printable } from '../display/ansi-style.js';
import { showInPager } from '../display/pager.js';
import { createApprovalFlow } from '../approval/approval-flow.js';
import { createTerminalPrompter } from '../approval/terminal-prompter.js';
import type { CliOptions } from '../options/cli-options.js';
import type { TurnDisplay } from './turn-display.js';
import type { CliIo } from './cli-io.js';

/** A turn's questions to the person; without a terminal there is no prompter and nothing is asked. */
export interface TurnPrompts {
  prompter?: ReturnType<typeof createTerminalPrompter>;
  /** stdout when it is the terminal, else stderr (stdout may be a file or NDJSON). */
  output: Writable & { columns?: number; rows?: number };
  /** The model's questions (ask_followup_question), shown, never interpreted by the terminal. */
  ask?: AskUser;
  approvals?: ReturnType<typeof createApprovalFlow>;
  /** Runs a prompt with the live display frozen. */
  withPrompt<T>(question: () => Promise<T>): Promise<T>;
  /** The Ctrl-C handler: stops the turn, leaves on the second; the pager's own Ctrl-C is left to it. */
  onInterrupt(): void;
}

/**
 * The prompts of one turn.
 *
 * @param stop called on the first Ctrl-C (outside the pager): aborts the turn
 */
export function createTurnPrompts(
  io: CliIo,
  options: CliOptions,
  display: TurnDisplay,
  workspace: NodeWorkspace,
  stop: () => void,
): TurnPrompts {
  let interrupts = 0;
  // Ctrl-C in the pager is the pager's (less uses it to stop a search), not a request to stop the turn.
  let pagerOpen = false;
  const onInterrupt = () => {
    if (pagerOpen) return;
    interrupts++;
    if (interrupts > 1) io.exit(130);
    stop();
  };
  const output = !options.json && io.stdout.isTTY === true ? io.stdout : io.stderr;
  const prompter =
    io.stdin.isTTY === true ? createTerminalPrompter({ input: io.stdin, output, onInterrupt }) : undefined;
  const withPrompt = async <T>(question: () => Promise<T>): Promise<T> => {
    display.renderer?.suspend();
    try {
      return await question();
    } finally {
      display.renderer?.resume();
    }
  };
  const ask: AskUser | undefined = prompter
    ? (q, choices, signal) => withPrompt(() => prompter.ask(printable(q), choices.map(printable), signal))
    : undefined;
  const pager =
    output === io.stdout
      ? async (text: string) => {
          pagerOpen = true;
          try {
            return await showInPager(text, { env: io.env });
          } finally {
            pagerOpen = false;
          }
        }
      : undefined;
  const approvals = prompter
    ? createApprovalFlow({ prompter, output, style: display.style, files: workspace, ...(pager ? { pager } : {}) })
    : undefined;
  return { prompter, output, ask, approvals, withPrompt, onInterrupt };
}
