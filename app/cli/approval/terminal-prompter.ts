import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { readKey, type KeyInput } from './key-reader.js';
import { wrapText } from '../display/screen-fit.js';

export type ApprovalAnswer = { approved: true; always?: boolean } | { approved: false; feedback?: string };

/** What an approval asks: the question, the tool an `a` answer would cover, and an optional way to look again. */
export interface ApprovalRequest {
  /** e.g. "Run this command?" — the card above it shows what. */
  question: string;
  /** The tool `a` (always) approves for the rest of the turn. */
  tool: string;
  /** `v`: shows the change again (in the pager); offered only when given. */
  view?: { label: string; show: () => Promise<void> };
}

/** Questions put to the person at the terminal. */
export interface TerminalPrompter {
  /** One key: y yes, n no (then optional feedback), a always for this tool, v view again. An abort while waiting counts as n. */
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
  /** A free-text answer (ask_followup_question); numbered options may be picked by number. */
  ask(question: string, options: string[], signal: AbortSignal): Promise<string>;
}

export interface TerminalPrompterIo {
  input: Readable;
  output: Writable;
  onInterrupt: () => void;
  /** Keys this soon after a question are typed-ahead and dropped (see key-reader.ts). */
  settleMs?: number;
}

/** The keys line under an approval question. */
export function approvalKeysHint(request: ApprovalRequest): string {
  const keys = [
    'y yes',
    'n no',
    `a always for ${request.tool} this turn`,
    ...(request.view ? [`v ${request.view.label}`] : []),
  ];
  return `[${keys.join(' · ')}]`;
}

/**
 * Reads answers from a terminal. Approvals take one key in raw mode (no Enter); free text takes
 * a line through readline, one interface per question so that, between questions, keys are not
 * echoed into the live display. Ctrl-C while a question is open reaches `onInterrupt`.
 */
export function createTerminalPrompter(io: TerminalPrompterIo): TerminalPrompter {
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

  const key = (keys: string[], signal: AbortSignal) =>
    readKey(io.input as KeyInput, keys, signal, {
      onInterrupt: io.onInterrupt,
      ...(io.settleMs !== undefined ? { settleMs: io.settleMs } : {}),
    });

  return {
    async approve(request, signal) {
      const keys = ['y', 'n', 'a', ...(request.view ? ['v'] : [])];
      for (;;) {
        // Wrapped at word boundaries to the terminal's width (a narrow one would break words); the key is echoed after it.
        const columns = (io.output as { columns?: number }).columns;
        const asked = `${request.question} ${approvalKeysHint(request)}`;
        io.output.write(`${columns ? wrapText(asked, columns - 1) : asked} `);
        const answer = await key(keys, signal);
        if (answer === undefined) {
          io.output.write('\n');
          return { approved: false };
        }
        if (answer === 'v') {
          io.output.write('view\n');
          await request.view!.show();
          continue;
        }
        if (answer === 'y') {
          io.output.write('yes\n');
          return { approved: true };
        }
        if (answer === 'a') {
          io.output.write(`always (${request.tool} is approved for the rest of this turn)\n`);
          return { approved: true, always: true };
        }
        io.output.write('no\n');
        const feedback = await line('Tell the model why or what to do instead (Enter to skip): ', signal);
        return { approved: false, ...(feedback?.trim() ? { feedback: feedback.trim() } : {}) };
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
