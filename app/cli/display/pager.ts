// A long change is shown through the person's pager, as git does: $PAGER (through the shell) or
// `less`, with LESS=FRX unless they set LESS (colours kept, the text left on screen after quitting).
import { spawn } from 'node:child_process';

export interface PagerOptions {
  env: Record<string, string | undefined>;
}

/**
 * Pipes `text` into the pager and waits until the person leaves it. Resolves false when no pager
 * could be started (then the caller prints the text itself), true once it has been shown.
 */
export function showInPager(text: string, options: PagerOptions): Promise<boolean> {
  const chosen = options.env.PAGER?.trim();
  const env = { ...options.env, LESS: options.env.LESS ?? 'FRX' } as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    const child = chosen
      ? spawn(chosen, { shell: true, env, stdio: ['pipe', 'inherit', 'inherit'] })
      : spawn('less', [], { env, stdio: ['pipe', 'inherit', 'inherit'] });
    let done = false;
    const finish = (shown: boolean) => {
      if (done) return;
      done = true;
      resolve(shown);
    };
    child.on('error', () => finish(false));
    // The person may quit before reading it all: a closed pipe is no error.
    child.stdin.on('error', () => {});
    child.stdin.end(text);
    // 127: the shell found no such program.
    child.on('close', (code) => finish(code !== 127));
  });
}
