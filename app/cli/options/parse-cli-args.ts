import type { CliOptions, CliUsageError } from './cli-options.js';
import { DEFAULT_TASK } from './cli-options.js';
import { CHAT_WIRES } from 'agent-turn';
import { anthropicBaseURL, cliWire, isCliWire } from './cli-wire.js';
import { cliFlagNamed, RESUME_MAY_GIVE } from './cli-flags.js';
import { checkSandboxLimits, parseByteSize, type SandboxLimits } from '../../tools/node/sandbox/sandbox-limits.js';

/** The flags that set a command limit, and the field each sets. */
const LIMIT_FLAGS: Record<string, keyof SandboxLimits> = {
  '--max-processes': 'processes',
  '--max-memory': 'memoryBytes',
  '--max-tmp': 'tmpfsBytes',
  '--max-file-size': 'fileSizeBytes',
  '--disk-warning': 'diskWarningBytes',
};

type Parsed = { ok: true; options: CliOptions } | { ok: false; error: CliUsageError };
type Fail = (code: CliUsageError['code'], message: string) => { ok: false; error: CliUsageError };
const fail: Fail = (code, message) => ({ ok: false, error: { code, message } });

/** The options before any flag: the demo's when there are no arguments at all. */
function defaultOptions(argv: readonly string[], env: Record<string, string | undefined>, cwd: string): CliOptions {
  return {
    model: 'scripted',
    baseURL: env.OPENAI_BASE_URL || undefined,
    apiKey: env.OPENAI_API_KEY || undefined,
    anthropicApiKey: env.ANTHROPIC_API_KEY || undefined,
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
}

/**
 * Reads the flags of argv (the table in cli-flags.ts) into `options`; the other words are the
 * task's. `given` gets each flag the person wrote, by its long name (contradictions are judged on
 * these, not on defaults or the environment).
 */
function readFlags(
  argv: readonly string[],
  options: CliOptions,
  given: Set<string>,
): { ok: true; words: string[] } | { ok: false; error: CliUsageError } {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const flag = cliFlagNamed(name);
    if (flag?.type === 'switch') {
      if (eq > 0) return fail('invalid-value', `${name} takes no value (got "${arg}").`);
      given.add(flag.name);
      if (flag.sets) options[flag.sets] = true;
      continue;
    }
    if (name === '--resume' && eq < 0 && (argv[i + 1] === undefined || argv[i + 1].startsWith('-'))) {
      // `--resume` alone: list the recent sessions.
      options.listSessions = true;
      given.add(name);
      continue;
    }
    if (flag?.type === 'value') {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--')))
        return fail('missing-value', `${name} needs a value.`);
      const problem = applyValue(options, name, value);
      if (problem) return fail('invalid-value', problem);
      given.add(name);
      continue;
    }
    if (arg.startsWith('-') && arg !== '-')
      return fail('unknown-option', `Unknown option "${arg}". Run with --help to see the options.`);
    words.push(arg);
  }
  return { ok: true, words };
}

/**
 * Reads argv (without node and the script) and the environment. With no arguments at all it is
 * the demo: scripted model, realistic pace, current folder, read-only.
 */
export function parseCliArgs(argv: readonly string[], env: Record<string, string | undefined>, cwd: string): Parsed {
  const options = defaultOptions(argv, env, cwd);
  const given = new Set<string>();
  const read = readFlags(argv, options, given);
  if (!read.ok) return read;
  const task = read.words.join(' ').trim();
  // On the Messages wire the endpoint's default is $ANTHROPIC_BASE_URL, not $OPENAI_BASE_URL.
  if (!given.has('--base-url') && cliWire(options) === 'anthropic-messages')
    options.baseURL = anthropicBaseURL(env.ANTHROPIC_BASE_URL);
  if (options.acp && task)
    return fail('invalid-value', `--acp takes no task: the editor sends the prompts (got "${task}").`);
  if (options.listSessions) return { ok: true, options };
  if (options.continueLatest) {
    // The task, if any, is the next message of the continued conversation.
    if (task) {
      options.task = task;
      options.taskGiven = true;
    }
    return { ok: true, options };
  }
  if (options.resume !== undefined) return resumeChecked(argv, options, task);
  return newTurnChecked(options, given, task);
}

/** `--resume FILE`: only the flags the session does not decide may be given, and no task. */
function resumeChecked(argv: readonly string[], options: CliOptions, task: string): Parsed {
  const other = argv.find((a) => a.startsWith('-') && !RESUME_MAY_GIVE.has(a.split('=')[0]) && a !== options.resume);
  if (other !== undefined || task) {
    const allowed = [...RESUME_MAY_GIVE].filter((f) => f !== '--resume' && f !== '-y');
    return fail(
      'invalid-value',
      `--resume goes on with the session's own task and model; only ${allowed.join(', ')} may be given (got "${other ?? task}").`,
    );
  }
  return { ok: true, options };
}

/** A new turn: its task, and the checks of the model and of contradicting flags. */
function newTurnChecked(options: CliOptions, given: ReadonlySet<string>, task: string): Parsed {
  if (task) {
    options.task = task;
    options.taskGiven = true;
  } else if (options.session !== undefined && !/[./\\]/.test(options.session)) {
    // `--session hi` with no task: "hi" was most likely the task, taken as the file's name.
    return fail(
      'missing-value',
      `--session takes a file name, and "${options.session}" was read as one; no task was given. Write --session FILE "your task" (e.g. --session turn.json "${options.session}").`,
    );
  }
  if (options.model === 'scripted:scripted') {
    return fail(
      'invalid-value',
      '"scripted:scripted" is not a profile; the scripted model\'s own behaviour is --model scripted.',
    );
  }
  if (!options.baseURL && !isScriptedModel(options.model)) {
    return fail(
      'invalid-value',
      `--model "${options.model}" is not a scripted model; give --base-url (or ${cliWire(options) === 'anthropic-messages' ? 'ANTHROPIC_BASE_URL' : 'OPENAI_BASE_URL'}) to use a real endpoint, or --model scripted:<profile>.`,
    );
  }
  const conflict = contradiction(given, options);
  if (conflict) return fail('conflicting-options', conflict);
  return { ok: true, options };
}

/** Why two of the given flags cannot both hold, or undefined. */
function contradiction(given: ReadonlySet<string>, options: CliOptions): string | undefined {
  if (given.has('--read-only') && given.has('--yes'))
    return '--read-only refuses every write and command, --yes approves them: give one or the other.';
  const scripted = isScriptedModel(options.model);
  for (const flag of ['--pace', '--fault', '--scripted-dialect']) {
    if (given.has(flag) && !scripted)
      return `${flag} is for the scripted model; "${options.model}" is a real model at ${options.baseURL}. Leave ${flag} out, or use --model scripted.`;
  }
  if (given.has('--base-url') && scripted)
    return `--base-url needs --model NAME (the model to ask there); "${options.model}" is the in-process scripted model, which uses no URL.`;
  return undefined;
}

/** A price per million tokens in dollars: a finite number of at least 0. */
function readPrice(name: string, value: string): number | string {
  const dollars = Number(value);
  if (value.trim() === '' || !Number.isFinite(dollars) || dollars < 0)
    return `${name} must be US dollars per million tokens, a number of at least 0 (got "${value}").`;
  return dollars;
}

/** A limit flag's value: a count for --max-processes, a size (512M, 4G, bytes) for the others. */
function applyLimit(options: CliOptions, name: string, value: string): string | undefined {
  const field = LIMIT_FLAGS[name];
  const amount =
    field === 'processes' ? (/^\d+$/.test(value.trim()) ? Number(value) : undefined) : parseByteSize(value);
  if (amount === undefined)
    return field === 'processes'
      ? `${name} must be a whole number of processes (got "${value}").`
      : `${name} must be a size such as 512M or 4G (got "${value}").`;
  const problem = checkSandboxLimits({ [field]: amount });
  if (problem) return `${name}: ${problem}.`;
  options.limits = { ...options.limits, [field]: amount };
  return undefined;
}

function applyValue(options: CliOptions, name: string, value: string): string | undefined {
  if (name in LIMIT_FLAGS) return applyLimit(options, name, value);
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
    case '--wire':
      if (!isCliWire(value)) return `--wire must be one of ${CHAT_WIRES.join(', ')} (got "${value}").`;
      options.wire = value;
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
    case '--scripted-dialect':
      options.scriptedDialect = value;
      return;
    case '--mcp-config':
      if (value.trim() === '') return '--mcp-config needs a file name.';
      options.mcpConfig = value;
      return;
    case '--session':
    case '--resume':
      if (value.trim() === '') return `${name} needs a file name.`;
      if (name === '--session') options.session = value;
      else options.resume = value;
      return;
    case '--price-input':
    case '--price-output': {
      const price = readPrice(name, value);
      if (typeof price === 'string') return price;
      if (name === '--price-input') options.priceInput = price;
      else options.priceOutput = price;
      return;
    }
  }
  return `unhandled option ${name}`;
}

/** `scripted` or `scripted:<profile>`: the in-process model. */
export function isScriptedModel(model: string): boolean {
  return model === 'scripted' || model.startsWith('scripted:');
}
