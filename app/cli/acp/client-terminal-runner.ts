// execute_command's commands in the editor's terminal (`terminal/create`, `terminal/output`,
// `terminal/wait_for_exit`, `terminal/release`) when the client offers one: the person sees the
// command run where they work. Such a command runs outside agent-turn's sandbox, so the session
// treats it as unsandboxed (each one asked, whatever the rules allow).
import type { AgentContext } from '@agentclientprotocol/sdk';
import type { CommandOutcome, CommandRequest, CommandRunner } from '../../tools/index.js';

export interface ClientTerminalRunnerOptions {
  client: Pick<AgentContext, 'createTerminal'>;
  sessionId: string;
  /** The folder commands start in (absolute). */
  cwd: string;
  /** Told the terminal's id as soon as it exists (the tool call shows it). */
  onTerminal?: (terminalId: string) => void;
}

type Ending = { kind: 'exit'; exitCode: number | null; signal: string | null } | { kind: 'timeout' | 'aborted' };

/** A command runner over the client's terminals. */
export function createClientTerminalRunner(options: ClientTerminalRunnerOptions): CommandRunner {
  return {
    async run(request: CommandRequest): Promise<CommandOutcome> {
      if (request.signal.aborted) return { kind: 'aborted', output: '' };
      let terminal: Awaited<ReturnType<AgentContext['createTerminal']>>;
      try {
        terminal = await options.client.createTerminal({
          sessionId: options.sessionId,
          command: '/bin/sh',
          args: ['-c', request.command],
          cwd: options.cwd,
          outputByteLimit: request.maxOutputBytes,
        });
      } catch (error) {
        return { kind: 'spawn-error', message: `the editor's terminal refused it: ${(error as Error).message}` };
      }
      options.onTerminal?.(terminal.id);
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      try {
        const ending = await Promise.race<Ending>([
          terminal.waitForExit().then((exit) => ({
            kind: 'exit' as const,
            exitCode: exit.exitCode ?? null,
            signal: exit.signal ?? null,
          })),
          new Promise<Ending>((resolve) => {
            timer = setTimeout(() => resolve({ kind: 'timeout' }), request.timeoutMs);
          }),
          new Promise<Ending>((resolve) => {
            onAbort = () => resolve({ kind: 'aborted' });
            request.signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]);
        if (ending.kind !== 'exit') await terminal.kill().catch(() => undefined);
        const { output, truncated } = await terminal.currentOutput();
        const notes = truncated ? ['The terminal kept only the end of the output.'] : undefined;
        request.onOutput?.(output);
        if (ending.kind === 'exit')
          return { kind: 'exited', code: ending.exitCode, signal: ending.signal, output, ...(notes ? { notes } : {}) };
        return { kind: ending.kind, output, ...(notes ? { notes } : {}) };
      } catch (error) {
        return { kind: 'spawn-error', message: `the editor's terminal failed: ${(error as Error).message}` };
      } finally {
        if (timer) clearTimeout(timer);
        if (onAbort) request.signal.removeEventListener('abort', onAbort);
        await terminal.release().catch(() => undefined);
      }
    },
  };
}
