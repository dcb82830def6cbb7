// A session file is data, never authority. `--resume FILE` goes on with the file's task, model and
// history, but what decides safety or where the API key goes — the endpoint, approvals (--yes),
// the sandbox (--no-sandbox), the network (--allow-network) and the workspace — is what the
// resuming user typed (or their environment), never what the file says. The file can only narrow
// (read-only, lower limits); a session whose endpoint or workspace differs from the user's is
// refused until the user names it again.
import path from 'node:path';
import { DEFAULT_MAX_REQUESTS } from 'agent-turn';
import { DEFAULT_CHAT_LIMITS } from 'agent-turn';
import type { CliOptions } from '../options/cli-options.js';
import type { SessionOptions } from './cli-session.js';
import { isScriptedModel } from '../options/parse-cli-args.js';
import { CLI_FLAGS } from '../options/cli-flags.js';

/** Why a session cannot be resumed with the options the user gave. */
export type SessionAuthorityError = {
  code: 'endpoint-differs' | 'workspace-differs' | 'invalid-session-options';
  message: string;
};

/** The options a resume runs with, and notes for the user about what the session had and this run does not. */
export type ResumeOptionsResult =
  | { ok: true; options: CliOptions; notes: string[] }
  | { ok: false; error: SessionAuthorityError };

/**
 * The switches that decide safety (cli-flags.ts marks them `sessionAuthority`; the endpoint and the
 * workspace are checked above): a session started with one and resumed without it gets a note.
 */
const AUTHORITY_SWITCHES = CLI_FLAGS.filter((f) => f.sessionAuthority && f.sets !== undefined);

/** A URL compared by its parsed form (trailing slash, case of the host); the text itself when it does not parse. */
function sameEndpoint(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const norm = (u: string) => {
    try {
      return new URL(u).href.replace(/\/+$/, '');
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

/** The first field of the file's options whose type is wrong, as "name (expected …)". */
function badField(cli: Record<string, unknown>): string | undefined {
  const is = (key: string, type: string, optional = false) =>
    (optional && cli[key] === undefined) || typeof cli[key] === type;
  if (!is('model', 'string') || (cli.model as string).trim() === '') return 'model (expected a model name)';
  if (!is('task', 'string')) return 'task (expected text)';
  if (!is('workspace', 'string')) return 'workspace (expected a folder)';
  if (!is('baseURL', 'string', true)) return 'baseURL (expected a URL)';
  for (const key of ['readOnly', 'nativeTools', 'showReasoning'])
    if (!is(key, 'boolean', true)) return `${key} (expected true or false)`;
  for (const key of ['maxRequests', 'maxReplyChars']) {
    const n = cli[key];
    if (n !== undefined && !(typeof n === 'number' && Number.isInteger(n) && n >= 1))
      return `${key} (expected a whole number of at least 1)`;
  }
  for (const key of ['priceInput', 'priceOutput']) {
    const n = cli[key];
    if (n !== undefined && !(typeof n === 'number' && Number.isFinite(n) && n >= 0))
      return `${key} (expected dollars, at least 0)`;
  }
  const pace = cli.pace;
  if (pace !== undefined && pace !== 'realistic' && !(typeof pace === 'number' && Number.isFinite(pace) && pace >= 0))
    return 'pace (expected "realistic" or milliseconds)';
  if (!is('fault', 'string', true)) return 'fault (expected a fault name)';
  return undefined;
}

/** The smaller of two optional limits (undefined: no limit given). */
function stricter(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/**
 * The options `--resume` runs with: the session's task, model and display settings; the user's
 * endpoint, key, approvals, sandbox, network and workspace. Refused (with what to type) when the
 * session's endpoint or workspace is not the user's; `notes` name what the session had that this
 * run does not (e.g. it was started with --yes).
 *
 * @param typed the resuming user's options (their command line and environment)
 * @param recorded the session file's recorded options (untrusted data)
 * @param cwd the folder the user runs in
 * @param file the session file's name, for messages
 */
export function resumeOptions(
  typed: CliOptions,
  recorded: SessionOptions,
  cwd: string,
  file: string,
): ResumeOptionsResult {
  const fail = (code: SessionAuthorityError['code'], message: string): ResumeOptionsResult => ({
    ok: false,
    error: { code, message: `--resume ${file}: ${message}` },
  });
  const bad = badField(recorded as unknown as Record<string, unknown>);
  if (bad !== undefined) return fail('invalid-session-options', `the session's options are broken: ${bad}.`);
  // The endpoint the key goes to: the user's --base-url or OPENAI_BASE_URL, and only if it is the session's.
  if (!isScriptedModel(recorded.model) && !sameEndpoint(recorded.baseURL, typed.baseURL)) {
    return fail(
      'endpoint-differs',
      `the session talked to ${recorded.baseURL ?? '(no endpoint)'}, ` +
        `${typed.baseURL === undefined ? 'and you named no endpoint' : `you named ${typed.baseURL}`}. ` +
        'Your API key is sent to the endpoint: to resume there, name it again with --base-url ' +
        `${recorded.baseURL ?? 'URL'}.`,
    );
  }
  const workspace = path.resolve(cwd, typed.workspace);
  if (path.resolve(recorded.workspace) !== workspace) {
    return fail(
      'workspace-differs',
      `the session worked in ${recorded.workspace}, this run would work in ${workspace}. ` +
        `To resume there, name it again: --workspace ${recorded.workspace}.`,
    );
  }
  const notes: string[] = [];
  const dropped = (flag: string, had: boolean, has: boolean) => {
    if (had && !has) notes.push(`the session was started with ${flag}; this run is not (give ${flag} to have it).`);
  };
  for (const { name, sets } of AUTHORITY_SWITCHES)
    if (sets) dropped(name, (recorded as Record<string, unknown>)[sets] === true, typed[sets] === true);
  if (recorded.wire !== undefined && recorded.wire !== typed.wire)
    notes.push(
      `the session spoke the ${recorded.wire} wire; this run speaks ${typed.wire ?? "its model profile's"} (give --wire ${recorded.wire} to speak it again).`,
    );
  const options: CliOptions = {
    // What the turn is about and how it is shown: the session's.
    model: recorded.model,
    task: recorded.task,
    nativeTools: recorded.nativeTools === true,
    pace: recorded.pace ?? 'realistic',
    ...(recorded.fault !== undefined ? { fault: recorded.fault } : {}),
    ...(recorded.priceInput !== undefined ? { priceInput: recorded.priceInput } : {}),
    ...(recorded.priceOutput !== undefined ? { priceOutput: recorded.priceOutput } : {}),
    showReasoning: typed.showReasoning || recorded.showReasoning === true,
    // What decides safety and where the key goes: the user's.
    ...(typed.baseURL !== undefined && !isScriptedModel(recorded.model) ? { baseURL: typed.baseURL } : {}),
    ...(typed.apiKey !== undefined ? { apiKey: typed.apiKey } : {}),
    ...(typed.anthropicApiKey !== undefined ? { anthropicApiKey: typed.anthropicApiKey } : {}),
    // Which key goes to the endpoint is the user's choice too: --wire as typed (else the model's profile).
    ...(typed.wire !== undefined ? { wire: typed.wire } : {}),
    workspace,
    yes: typed.yes,
    noSandbox: typed.noSandbox,
    allowNetwork: typed.allowNetwork,
    ...(typed.allowGitWrites ? { allowGitWrites: true } : {}),
    ...(typed.limits ? { limits: typed.limits } : {}),
    // MCP servers are programs to start: only the ones this user names now.
    ...(typed.mcpConfig !== undefined ? { mcpConfig: typed.mcpConfig } : {}),
    // The file may only narrow: read-only stays read-only, a lower limit stays lower.
    readOnly: typed.readOnly || recorded.readOnly === true,
    ...optional('maxRequests', stricter(typed.maxRequests ?? DEFAULT_MAX_REQUESTS, recorded.maxRequests)),
    ...optional(
      'maxReplyChars',
      stricter(typed.maxReplyChars ?? DEFAULT_CHAT_LIMITS.maxReplyChars, recorded.maxReplyChars),
    ),
    json: typed.json,
    help: false,
    session: typed.resume,
    resume: typed.resume,
  };
  return { ok: true, options, notes };
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}
