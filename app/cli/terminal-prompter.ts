import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';

export type ApprovalAnswer = { approved: true } | { approved: false; feedback?: string };

/** Questions put to the person at the terminal. */
export interface TerminalPrompter {
  /** y/n; after n, optional feedback for the model. An abort while waiting counts as n. */
  approve(question: string, signal: AbortSignal): Promise<ApprovalAnswer>;
  /** A free-text answer (ask_followup_question); numbered options may be picked by number. */
  ask(question: string, options: string[], signal: AbortSignal): Promise<string>;
}

/**
 * Reads answers from a terminal, one readline interface per question so that, between
 * questions, keys are not echoed into the live display. Ctrl-C while a question is open
 * reaches `onInterrupt` (readline takes it from the process).
 */
export function createTerminalPrompter(io: { input: Readable; output: Writable; onInterrupt: () => void }): TerminalPrompter {
  async function line(query: string, signal: AbortSignal): Promise<string | undefined> {
    if (signal.aborted) return undefined;
    const rl = createInterface({ input: io.input, output: io.output, terminal: true });
    rl.on('SIGINT', io.onInterrupt);
    try {
      return await rl.question(query, { signal });
    } catch {
      return undefined; // aborted or input closed
    } finally {
      rl.close();
    }
  }

  return {
    async approve(question, signal) {
      for (;;) {
        const answer = await line(`${question} [y/n] `, signal);
        if (answer === undefined) return { approved: false };
        const word = answer.trim().toLowerCase();
        if (word === 'y' || word === 'yes') return { approved: true };
        if (word === 'n' || word === 'no') {
          const feedback = await line('Tell the model why or what to do instead (Enter to skip): ', signal);
          return { approved: false, ...(feedback?.trim() ? { feedback: feedback.trim() } : {}) };
        }
      }
    },
    async ask(question, options, signal) {
      const listed = options.map((o, i) => `  ${i + 1}. ${o}`).join('\n');
      const answer = (await line(`${question}\n${listed ? `${listed}\n` : ''}> `, signal)) ?? '';
      const pick = Number(answer.trim());
      return Number.isInteger(pick) && pick >= 1 && pick <= options.length ? options[pick - 1] : answer;
    },
  };
}
