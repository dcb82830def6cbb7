// `agent-turn serve [--port N] [--host ADDR] [--allow-origin O]... [--allow-host H]... [--max-body SIZE]
// [CLI options]`: the server's own flags, then the CLI's (model, endpoint, workspace, approvals,
// sandbox) for every turn it runs. What only a terminal run means (a task, --json, sessions,
// --acp) is refused with a clear error.
import type { CliOptions, CliUsageError } from '../cli/options/cli-options.js';
import { parseCliArgs } from '../cli/options/parse-cli-args.js';
import { parseByteSize } from '../tools/node/sandbox/sandbox-limits.js';

/** The turn server's own options. */
export interface ServeOptions {
  port: number;
  host: string;
  allowedOrigins?: string[];
  allowedHosts: string[];
  maxBodyBytes: number;
  /** The CLI's options for the turns (model, workspace, --yes / --read-only, sandbox …). */
  cli: CliOptions;
  help: boolean;
}

const SERVE_VALUED = new Set(['--port', '--host', '--allow-origin', '--allow-host', '--max-body']);
const NOT_FOR_SERVE = ['--acp', '--json', '--session', '--resume', '--continue', '--print', '-p', '--mcp-config'];

type Parsed = { ok: true; options: ServeOptions } | { ok: false; error: CliUsageError };

const fail = (code: CliUsageError['code'], message: string): Parsed => ({ ok: false, error: { code, message } });

function serveValue(options: ServeOptions, name: string, value: string): string | undefined {
  switch (name) {
    case '--port': {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port > 65535) return `--port must be a whole number 0-65535 (got "${value}").`;
      options.port = port;
      return;
    }
    case '--host':
      if (value.trim() === '') return '--host needs an address.';
      options.host = value.trim();
      return;
    case '--allow-origin':
      if (value !== '*' && !/^https?:\/\/[^/]+$/.test(value))
        return `--allow-origin must be scheme://host[:port] or *, got "${value}".`;
      options.allowedOrigins = [...(options.allowedOrigins ?? []), value];
      return;
    case '--allow-host':
      options.allowedHosts.push(value.toLowerCase());
      return;
    default: {
      const bytes = parseByteSize(value);
      if (bytes === undefined || bytes < 1024)
        return `--max-body must be a size of at least 1K, such as 8M (got "${value}").`;
      options.maxBodyBytes = bytes;
    }
  }
}

/** Reads `serve`'s arguments (without the word `serve`). */
export function parseServeArgs(argv: readonly string[], env: Record<string, string | undefined>, cwd: string): Parsed {
  const serve: Omit<ServeOptions, 'cli'> = {
    port: 8788,
    host: '127.0.0.1',
    allowedHosts: [],
    maxBodyBytes: 8 * 1024 * 1024,
    help: false,
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (NOT_FOR_SERVE.includes(name))
      return fail('invalid-value', `${name} is not for serve: the clients send the messages and see the stream.`);
    if (!SERVE_VALUED.has(name)) {
      rest.push(arg);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) return fail('missing-value', `${name} needs a value.`);
    const problem = serveValue(serve as ServeOptions, name, value);
    if (problem) return fail('invalid-value', problem);
  }
  const cli = parseCliArgs(rest, env, cwd);
  if (!cli.ok) return cli;
  if (cli.options.taskGiven)
    return fail(
      'invalid-value',
      `serve takes no task: each client sends its own messages (got "${cli.options.task}").`,
    );
  // The CLI's demo default (no arguments: read-only) is not serve's: only --read-only makes it so.
  const options = { ...cli.options, readOnly: rest.includes('--read-only') };
  return { ok: true, options: { ...serve, cli: options, help: cli.options.help } };
}
