// --session FILE: the turn written to its file (atomically) at every step that matters.
import path from 'node:path';
import type { PersistedAgentTurn } from 'agent-turn';
import type { CliOptions } from '../options/cli-options.js';
import { CLI_SESSION_FORMAT, CLI_SESSION_VERSION, sessionOptions, writeSessionFile } from '../session/cli-session.js';
import type { TurnPlan } from '../conversation/conversation-types.js';
import type { CliIo } from './cli-io.js';

/** Writes a turn's session file; without --session it writes nothing. */
export interface SessionWriter {
  /** The file, absolute; undefined without --session. */
  file?: string;
  /** Writes the file with the turn as it is now (after a failed write, never again: said once). */
  save(): void;
}

/**
 * The session writer of one turn.
 *
 * @param persisted the turn as it is now (the actor's persisted snapshot)
 */
export function createSessionWriter(
  io: CliIo,
  options: CliOptions,
  root: string,
  plan: TurnPlan | undefined,
  persisted: () => PersistedAgentTurn,
): SessionWriter {
  const file = options.session !== undefined ? path.resolve(io.cwd, options.session) : undefined;
  let broken = false;
  const save = () => {
    if (file === undefined || broken) return;
    try {
      writeSessionFile(file, {
        format: CLI_SESSION_FORMAT,
        version: CLI_SESSION_VERSION,
        cli: sessionOptions(options, root),
        turn: persisted(),
        ...plan?.sessionExtra?.(),
      });
    } catch (error) {
      // The turn goes on; it just could not be resumed from this file. Said once.
      broken = true;
      io.stderr.write(
        `agent-turn: --session ${options.session}: cannot write it (${(error as Error).message}); the turn goes on without it.\n`,
      );
    }
  };
  return { ...(file !== undefined ? { file } : {}), save };
}
