// The conversation's prompt: one line from the terminal. Ctrl-C on an empty line or Ctrl-D
// leaves; Ctrl-C on a line with text clears it (as shells do). Up and Down walk the earlier
// messages (the history given, newest first); Shift+Tab asks the caller for a new prompt (the
// conversation's modes) and redraws the line with it.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export type PromptAnswer = { kind: 'line'; text: string } | { kind: 'leave' };

/** The most earlier messages Up can bring back. */
export const PROMPT_HISTORY_SIZE = 500;

/** What the prompt may do beyond reading a line. */
export interface PromptLineOptions {
  /** Earlier lines, newest first: Up brings them back; the line read is added (kept in place). */
  history?: string[];
  /** Shift+Tab: returns the prompt to show from now on. */
  onShiftTab?: () => string;
}

/** Reads one line after `prompt`. A readline of its own per line: between prompts, keys are not echoed into the live display. */
export function readPromptLine(
  input: Readable,
  output: Writable,
  prompt: string,
  options: PromptLineOptions = {},
): Promise<PromptAnswer> {
  // The input already ended (Ctrl-D typed while the turn ran): leave.
  if (input.readableEnded) return Promise.resolve({ kind: 'leave' });
  return new Promise((resolve) => {
    const history = options.history;
    const rl = createInterface({
      input,
      output,
      terminal: true,
      historySize: history ? PROMPT_HISTORY_SIZE : 0,
      ...(history ? { history: [...history], removeHistoryDuplicates: true } : {}),
    });
    // readline leaves Shift+Tab alone (no text); the conversation changes its mode on it.
    const onKey = (_text: string | undefined, key: { name?: string; shift?: boolean } | undefined) => {
      if (key?.name !== 'tab' || !key.shift || !options.onShiftTab) return;
      rl.setPrompt(options.onShiftTab());
      rl.prompt(true);
    };
    input.on('keypress', onKey);
    let settled = false;
    const finish = (answer: PromptAnswer) => {
      if (settled) return;
      settled = true;
      input.off('keypress', onKey);
      if (history && answer.kind === 'line')
        history.splice(0, history.length, ...(rl as unknown as { history: string[] }).history);
      rl.close();
      // The turn's own key readers take the input from here.
      input.pause();
      resolve(answer);
    };
    rl.on('line', (text) => finish({ kind: 'line', text }));
    rl.on('SIGINT', () => {
      if (rl.line === '') {
        output.write('\n');
        finish({ kind: 'leave' });
        return;
      }
      // Clear the typed text and ask again.
      (rl as unknown as { line: string; cursor: number }).line = '';
      (rl as unknown as { cursor: number }).cursor = 0;
      output.write('^C\n');
      rl.prompt();
    });
    rl.on('close', () => {
      if (!settled) {
        output.write('\n');
        finish({ kind: 'leave' });
      }
    });
    rl.setPrompt(prompt);
    rl.prompt();
  });
}
