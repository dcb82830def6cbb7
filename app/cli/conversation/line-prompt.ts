// The conversation's prompt: one line from the terminal. Ctrl-C on an empty line or Ctrl-D
// leaves; Ctrl-C on a line with text clears it (as shells do).
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export type PromptAnswer = { kind: 'line'; text: string } | { kind: 'leave' };

/** Reads one line after `prompt`. A readline of its own per line: between prompts, keys are not echoed into the live display. */
export function readPromptLine(input: Readable, output: Writable, prompt: string): Promise<PromptAnswer> {
  // The input already ended (Ctrl-D typed while the turn ran): leave.
  if (input.readableEnded) return Promise.resolve({ kind: 'leave' });
  return new Promise((resolve) => {
    const rl = createInterface({ input, output, terminal: true, historySize: 0 });
    let settled = false;
    const finish = (answer: PromptAnswer) => {
      if (settled) return;
      settled = true;
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
