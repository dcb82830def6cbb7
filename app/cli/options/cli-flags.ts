// The CLI's flags, one row each: parsing (parse-cli-args.ts), the --help text (help-text.ts) and
// what a resumed session may take from the command line (session-authority.ts) are read from here.
import type { CliOptions } from './cli-options.js';

/** The boolean fields of {@link CliOptions} a flag without a value turns on. */
type SwitchField = {
  [K in keyof CliOptions]-?: NonNullable<CliOptions[K]> extends boolean ? K : never;
}[keyof CliOptions];

/** Where a flag is listed in --help. */
export type CliFlagGroup = 'model' | 'safety' | 'limits' | 'output' | 'sessions' | 'extensions' | 'scripted';

/** One flag of the command line. */
export interface CliFlag {
  /** The long name, with its dashes (`--model`). */
  name: `--${string}`;
  /** The one-letter spelling (`-y`), if it has one. */
  short?: `-${string}`;
  /** A switch turns a field on; a valued flag reads the next word (or `=value`). */
  type: 'switch' | 'value';
  /** The field a switch sets to true. */
  sets?: SwitchField;
  /** How --help names the value (`NAME`, `FILE`). */
  valueName?: string;
  /** The --help sentence. */
  help: string;
  group: CliFlagGroup;
  /** With `--resume FILE` the user may give this flag again (the file gives the task and model, never this). */
  resumeMayGive: boolean;
  /** It decides safety or where the key goes: a resumed session takes it from the command line only. */
  sessionAuthority?: true;
}

/** The --help heading of each group, in the order they are shown. */
export const CLI_FLAG_GROUPS: Readonly<Record<CliFlagGroup, string>> = {
  model: 'The model',
  safety: 'Workspace, approvals and sandbox',
  limits: 'Limits of each command',
  output: 'Output',
  sessions: 'Sessions and conversations',
  extensions: 'MCP, editors and project instructions',
  scripted: 'The scripted model',
};

const yes = true;
const no = false;

/** Every flag of the CLI (`agent-turn serve` adds its own, app/turn-server/serve-args.ts). */
export const CLI_FLAGS: readonly CliFlag[] = [
  {
    name: '--model',
    type: 'value',
    valueName: 'NAME',
    group: 'model',
    resumeMayGive: no,
    help: 'scripted (default), scripted:<profile>, or a model name for --base-url',
  },
  {
    name: '--base-url',
    type: 'value',
    valueName: 'URL',
    group: 'model',
    resumeMayGive: yes,
    sessionAuthority: yes,
    help: 'an OpenAI-compatible endpoint (default: $OPENAI_BASE_URL); the key comes from $OPENAI_API_KEY',
  },
  {
    name: '--wire',
    type: 'value',
    valueName: 'NAME',
    group: 'model',
    resumeMayGive: yes,
    help: "the API it speaks: chat-completions (default), anthropic-messages (POST {base-url}/messages; key from $ANTHROPIC_API_KEY, endpoint from $ANTHROPIC_BASE_URL, /v1 added) or responses (POST {base-url}/responses, stateless); default: the model profile's wire. Neither key reaches a command",
  },
  {
    name: '--native-tools',
    type: 'switch',
    sets: 'nativeTools',
    group: 'model',
    resumeMayGive: no,
    help: 'send tools as OpenAI function definitions instead of XML tags',
  },
  {
    name: '--max-requests',
    type: 'value',
    valueName: 'N',
    group: 'model',
    resumeMayGive: yes,
    help: 'stop after N model requests',
  },
  {
    name: '--max-reply-chars',
    type: 'value',
    valueName: 'N',
    group: 'model',
    resumeMayGive: yes,
    help: 'stop a reply longer than N characters (default 4000000)',
  },
  {
    name: '--price-input',
    type: 'value',
    valueName: 'USD',
    group: 'model',
    resumeMayGive: no,
    help: "dollars per million prompt tokens, for the cost line (default: the model profile's list price where known)",
  },
  {
    name: '--price-output',
    type: 'value',
    valueName: 'USD',
    group: 'model',
    resumeMayGive: no,
    help: 'dollars per million reply tokens',
  },
  {
    name: '--workspace',
    type: 'value',
    valueName: 'DIR',
    group: 'safety',
    resumeMayGive: yes,
    sessionAuthority: yes,
    help: 'the folder the tools may touch (default: the current folder)',
  },
  {
    name: '--yes',
    short: '-y',
    type: 'switch',
    sets: 'yes',
    group: 'safety',
    resumeMayGive: yes,
    sessionAuthority: yes,
    help: 'approve every write and command without asking (commands only when they run in the sandbox, or with --no-sandbox)',
  },
  {
    name: '--read-only',
    type: 'switch',
    sets: 'readOnly',
    group: 'safety',
    resumeMayGive: yes,
    help: 'refuse writes and commands',
  },
  {
    name: '--allow-network',
    type: 'switch',
    sets: 'allowNetwork',
    group: 'safety',
    resumeMayGive: yes,
    sessionAuthority: yes,
    help: "let commands reach the network (the sandbox has none by default); this shares the host's network, its loopback too: services on 127.0.0.1 (databases, dev servers, Docker's API) and abstract sockets become reachable",
  },
  {
    name: '--no-sandbox',
    type: 'switch',
    sets: 'noSandbox',
    group: 'safety',
    resumeMayGive: yes,
    sessionAuthority: yes,
    help: "run commands without the OS sandbox (bubblewrap), as yourself: the CLI runs itself again with the key on a pipe, out of its environment, and erases it from its launcher's /proc/<pid>/environ; they can still read your files, and a setsid child outlives the command unless a writable cgroup lets the CLI kill it",
  },
  {
    name: '--allow-git-writes',
    type: 'switch',
    sets: 'allowGitWrites',
    group: 'safety',
    resumeMayGive: yes,
    help: "let the file tools and sandboxed commands write the workspace's .git (read-only by default: git runs its hooks and config outside the sandbox)",
  },
  {
    name: '--max-processes',
    type: 'value',
    valueName: 'N',
    group: 'limits',
    resumeMayGive: yes,
    help: 'processes at once per command (default 512)',
  },
  {
    name: '--max-memory',
    type: 'value',
    valueName: 'SIZE',
    group: 'limits',
    resumeMayGive: yes,
    help: 'memory per command, e.g. 2G (default 4G)',
  },
  {
    name: '--max-tmp',
    type: 'value',
    valueName: 'SIZE',
    group: 'limits',
    resumeMayGive: yes,
    help: "size of each of the sandbox's tmpfs (/tmp, /dev/shm; default 512M)",
  },
  {
    name: '--max-file-size',
    type: 'value',
    valueName: 'SIZE',
    group: 'limits',
    resumeMayGive: yes,
    help: 'largest file a command may write, in the workspace too (default 1G)',
  },
  {
    name: '--disk-warning',
    type: 'value',
    valueName: 'SIZE',
    group: 'limits',
    resumeMayGive: yes,
    help: 'warn in the tool result when a command used more disk (default 1G)',
  },
  {
    name: '--json',
    type: 'switch',
    sets: 'json',
    group: 'output',
    resumeMayGive: yes,
    help: 'NDJSON on stdout: a line per state change, a block whole when it appears, then only what changed ("block" with the changed fields, "delta" with text added at the end); the last line {"type":"output","output": {reason, requests, usage}} (requests keep their blocks, not raw text)',
  },
  {
    name: '--print',
    short: '-p',
    type: 'switch',
    sets: 'print',
    group: 'output',
    resumeMayGive: yes,
    help: 'one turn, then leave, even in a terminal (as --json and a pipe do)',
  },
  {
    name: '--show-reasoning',
    type: 'switch',
    sets: 'showReasoning',
    group: 'output',
    resumeMayGive: yes,
    help: "keep the model's reasoning on screen instead of folding it",
  },
  { name: '--help', short: '-h', type: 'switch', sets: 'help', group: 'output', resumeMayGive: no, help: 'this text' },
  {
    name: '--session',
    type: 'value',
    valueName: 'FILE',
    group: 'sessions',
    resumeMayGive: no,
    help: 'keep the turn in FILE after every step (each tool result, request and approval), written atomically, to resume it after a crash',
  },
  {
    name: '--resume',
    type: 'value',
    valueName: '[FILE]',
    group: 'sessions',
    resumeMayGive: yes,
    help: 'go on with the turn of a session file (its task and model); a tool that was running is not run again unless it only reads. The file is data, never authority: --yes, --no-sandbox, --allow-network, the endpoint and the workspace are what you type now (a session whose endpoint or workspace differs is refused until you name it again with --base-url / --workspace). With no file: pick a recent conversation (listed without a terminal)',
  },
  {
    name: '--continue',
    type: 'switch',
    sets: 'continueLatest',
    group: 'sessions',
    resumeMayGive: yes,
    help: 'go on with the latest conversation of this workspace (a task given is its next message)',
  },
  {
    name: '--mcp-config',
    type: 'value',
    valueName: 'FILE',
    group: 'extensions',
    resumeMayGive: yes,
    help: 'MCP servers for every turn: the "mcpServers" JSON of Claude Code, Cline and Cursor (command/args/env or url/headers; alwaysAllow). Their calls wait for approval unless alwaysAllow or --yes; the servers are not sandboxed (see docs/mcp.md). Your settings file\'s "mcpServers" are started too (a project\'s file may only turn them off or narrow them, never add one)',
  },
  {
    name: '--acp',
    type: 'switch',
    sets: 'acp',
    group: 'extensions',
    resumeMayGive: no,
    help: 'serve the Agent Client Protocol on stdin/stdout for an editor (Zed, JetBrains, Neovim): it opens sessions and sends the prompts; your flags and settings still decide approvals and the sandbox (docs/acp.md)',
  },
  {
    name: '--no-project-instructions',
    type: 'switch',
    sets: 'noProjectInstructions',
    group: 'extensions',
    resumeMayGive: yes,
    help: 'leave AGENTS.md, CLAUDE.md and .clinerules out of the system prompt',
  },
  {
    name: '--pace',
    type: 'value',
    valueName: 'MS',
    group: 'scripted',
    resumeMayGive: no,
    help: 'scripted model: milliseconds per token, or "realistic" (default)',
  },
  {
    name: '--fault',
    type: 'value',
    valueName: 'NAME',
    group: 'scripted',
    resumeMayGive: no,
    help: 'scripted model: inject a fault once',
  },
  {
    name: '--scripted-dialect',
    type: 'value',
    valueName: 'NAME',
    group: 'scripted',
    resumeMayGive: no,
    help: "scripted model: write tool calls as that model family does (hermes, glm, kimi, …) instead of Cline's XML; the parser recovers them and the tool card names the dialect (see docs/dialects.md)",
  },
];

/** The flag a command-line word names (by its long or short spelling), or undefined. */
export function cliFlagNamed(word: string): CliFlag | undefined {
  return CLI_FLAGS.find((flag) => flag.name === word || flag.short === word);
}

/** The long names of the flags a resumed session takes from the command line only. */
export const SESSION_AUTHORITY_FLAGS: readonly string[] = CLI_FLAGS.filter((f) => f.sessionAuthority).map(
  (f) => f.name,
);

/** Every spelling (long and short) of the flags `--resume FILE` may be given with. */
export const RESUME_MAY_GIVE: ReadonlySet<string> = new Set(
  CLI_FLAGS.filter((f) => f.resumeMayGive).flatMap((f) => (f.short ? [f.name, f.short] : [f.name])),
);
