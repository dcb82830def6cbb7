// The question after a turn in plan mode presented its plan: one key, as approvals are — carry it
// out (the next turn in the default mode), carry it out with edits accepted, or keep planning.
import type { Writable } from 'node:stream';
import type { Style } from '../display/ansi-style.js';
import { readKey, type KeyInput } from '../approval/key-reader.js';
import type { ConversationMode } from './permission-mode.js';

/** The person's answer: the mode the plan is carried out in, or `undefined` to keep planning. */
export type PlanAnswer = Exclude<ConversationMode, 'plan'> | undefined;

/**
 * Asks whether to carry out the plan just presented.
 *
 * @example
 * const mode = await askPlanApproval(io.stdin, io.stdout, style); // 'default', 'accept-edits' or undefined
 */
export async function askPlanApproval(input: KeyInput, output: Writable, style: Style): Promise<PlanAnswer> {
  output.write(
    `${style.bold('Carry out this plan?')} ${style.dim('[y yes · a yes, and auto-accept edits · n no, keep planning]')} `,
  );
  const key = await readKey(input, ['y', 'a', 'n'], new AbortController().signal, { onInterrupt: () => undefined });
  output.write(`${key ?? ''}\n`);
  if (key === 'y') return 'default';
  if (key === 'a') return 'accept-edits';
  return undefined;
}
