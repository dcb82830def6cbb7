// `--resume` with no file at a terminal: the recent sessions numbered, newest first, and one line
// read — a number picks that session, Enter the newest, q (or an empty list, or the end of input)
// leaves. Without a terminal the list is printed as before, for a script to read.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { SessionListing } from './sessions-folder.js';

/** The numbered menu the person picks from. */
export function sessionMenuText(sessions: readonly SessionListing[], folder: string): string {
  const lines = sessions.map((s, i) => {
    const when = new Date(s.modifiedMs).toISOString().replace('T', ' ').slice(0, 16);
    const number = String(i + 1).padStart(2);
    return `${number}. ${when}  ${s.turns} message${s.turns === 1 ? '' : 's'}  ${s.workspace}  "${s.firstTask}"`;
  });
  return `Recent sessions (${folder}), newest first:\n${lines.join('\n')}\n`;
}

/** What the person's line means: a session's index, or leave (with why, when the line was not understood). */
export function readSessionChoice(line: string | undefined, count: number): { pick: number } | { leave: string } {
  if (line === undefined) return { leave: '' };
  const text = line.trim().toLowerCase();
  if (text === '') return { pick: 0 };
  if (text === 'q' || text === 'quit') return { leave: '' };
  if (!/^\d+$/.test(text)) return { leave: `"${line.trim()}" is not a number from 1 to ${count}.` };
  const n = Number(text);
  if (n < 1 || n > count) return { leave: `there is no session ${n}: pick 1 to ${count}.` };
  return { pick: n - 1 };
}

/** Asks the person which session to resume; undefined when they leave. */
export async function pickSessionAtTerminal(
  sessions: readonly SessionListing[],
  folder: string,
  io: { stdin: Readable; stdout: Writable; stderr: Writable },
): Promise<SessionListing | undefined> {
  io.stdout.write(sessionMenuText(sessions, folder));
  const rl = createInterface({ input: io.stdin, output: io.stdout, terminal: false });
  io.stdout.write(`Resume which? (1-${sessions.length}, Enter for the newest, q to leave) `);
  const line = await new Promise<string | undefined>((resolve) => {
    rl.once('line', resolve);
    rl.once('close', () => resolve(undefined));
  });
  rl.close();
  const choice = readSessionChoice(line, sessions.length);
  if ('leave' in choice) {
    if (choice.leave !== '') io.stderr.write(`agent-turn: --resume: ${choice.leave}\n`);
    return undefined;
  }
  return sessions[choice.pick];
}
