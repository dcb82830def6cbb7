import type { CliOptions, CliUsageError } from './cli-options.js';
import { DEFAULT_TASK } from './cli-options.js';

const FLAGS = new Set([
  '--yes',
  '-y',
  '--json',
  '--show-reasoning',
  '--native-tools',
  '--read-only',
  '--allow-network',
  '--no-sandbox',
  '--help',
  '-h',
]);
const VALUED = new Set([
  '--model',
  '--base-url',
  '--workspace',
  '--max-requests',
  '--max-reply-chars',
  '--pace',
  '--fault',
]);

/**
 * Reads argv (without node and the script) and the environment. With no arguments at all it is
 * the demo: scripted model, realistic pace, current folder, read-only.
 */
export function parseCliArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string,
): { ok: true; options: CliOptions } | { ok: false; error: CliUsageError } {
  const options: CliOptions = {
    model: 'scripted',
    baseURL: env.OPENAI_BASE_URL || undefined,
    apiKey: env.OPENAI_API_KEY || undefined,
    workspace: cwd,
    task: DEFAULT_TASK,
    yes: false,
    json: false,
    readOnly: argv.length === 0,
    allowNetwork: false,
    noSandbox: false,
    showReasoning: false,
    nativeTools: false,
    pace: 'realistic',
    help: false,
  };
  const words: string[] = [];
  const fail = (code: CliUsageError['code'], message: string) => ({ ok: false as const, error: { code, message } });
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(name)) {
      if (eq > 0) return fail('invalid-value', `${name} takes no value (got "${arg}").`);
      if (name === '--yes' || name === '-y') options.yes = true;
      else if (name === '--json') options.json = true;
      else if (name === '--show-reasoning') options.showReasoning = true;
      else if (name === '--native-tools') options.nativeTools = true;
      else if (name === '--read-only') options.readOnly = true;
      else if (name === '--allow-network') options.allowNetwork = true;
      else if (name === '--no-sandbox') options.noSandbox = true;
      else options.help = true;
      continue;
    }
    if (VALUED.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--')))
        return fail('missing-value', `${name} needs a value.`);
      const problem = applyValue(options, name, value);
      if (problem) return fail('invalid-value', problem);
      continue;
    }
    if (arg.startsWith('-') && arg !== '-')
      return fail('unknown-option', `Unknown option "${arg}". Run with --help to see the options.`);
    words.push(arg);
  }
  const task = words.join(' ').trim();
  if (task) options.task = task;
  if (!options.baseURL && !isScriptedModel(options.model)) {
    return fail(
      'invalid-value',
      `--model "${options.model}" is not a scripted model; give --base-url (or OPENAI_BASE_URL) to use a real endpoint, or --model scripted:<profile>.`,
    );
  }
  return { ok: true, options };
}

function applyValue(options: CliOptions, name: string, value: string): string | undefined {
  switch (name) {
    case '--model':
      if (value.trim() === '') return '--model needs a name.';
      options.model = value.trim();
      return;
    case '--base-url':
      try {
        new URL(value);
      } catch {
        return `--base-url "${value}" is not a URL (expected e.g. http://localhost:8787/v1).`;
      }
      options.baseURL = value;
      return;
    case '--workspace':
      options.workspace = value;
      return;
    case '--max-requests': {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) return `--max-requests must be a whole number of at least 1 (got "${value}").`;
      options.maxRequests = n;
      return;
    }
    case '--max-reply-chars': {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1)
        return `--max-reply-chars must be a whole number of at least 1 (got "${value}").`;
      options.maxReplyChars = n;
      return;
    }
    case '--pace': {
      if (value === 'realistic') options.pace = 'realistic';
      else {
        const ms = Number(value);
        if (!Number.isFinite(ms) || ms < 0)
          return `--pace must be "realistic" or milliseconds per token (got "${value}").`;
        options.pace = ms;
      }
      return;
    }
    case '--fault':
      options.fault = value;
      return;
  }
  return `unhandled option ${name}`;
}

/** `scripted` or `scripted:<profile>`: the in-process model. */
export function isScriptedModel(model: string): boolean {
  return model === 'scripted' || model.startsWith('scripted:');
}
