import type { ChatWire } from 'agent-turn';
import type { SandboxLimits } from '../../tools/node/sandbox/sandbox-limits.js';

/** Everything the command line decides. */
export interface CliOptions {
  /** `scripted`, `scripted:<profile>`, or a real model name (with a base URL). */
  model: string;
  baseURL?: string;
  /** The OpenAI key ($OPENAI_API_KEY): sent on the chat-completions and responses wires. */
  apiKey?: string;
  /** The Anthropic key ($ANTHROPIC_API_KEY): sent on the anthropic-messages wire only. */
  anthropicApiKey?: string;
  /**
   * --wire: the API the endpoint speaks. Unset: the model profile's wire, else chat-completions
   * (see {@link cliWire}).
   */
  wire?: ChatWire;
  workspace: string;
  task: string;
  yes: boolean;
  json: boolean;
  readOnly: boolean;
  /** Let sandboxed commands reach the network (--allow-network); without it they have only their own loopback. */
  allowNetwork: boolean;
  /** Run commands without the OS sandbox, and let --yes cover them (--no-sandbox). */
  noSandbox: boolean;
  /** Let the file tools and sandboxed commands write the workspace's `.git` (--allow-git-writes). */
  allowGitWrites?: boolean;
  /** Limits of each command (--max-processes, --max-memory, --max-tmp, --max-file-size, --disk-warning). */
  limits?: Partial<SandboxLimits>;
  maxRequests?: number;
  /** The reply cap (the chat client's maxReplyChars); its default when omitted. */
  maxReplyChars?: number;
  showReasoning: boolean;
  nativeTools: boolean;
  /** Scripted model pace: 'realistic' or milliseconds per token (0 for tests). */
  pace: 'realistic' | number;
  /** Scripted model fault to inject (see --help). */
  fault?: string;
  /** --scripted-dialect NAME: the scripted model writes its tool calls in this dialect (hermes, glm, …) instead of Cline's XML. */
  scriptedDialect?: string;
  /** US dollars per million prompt tokens (--price-input), overriding the model profile's. */
  priceInput?: number;
  /** US dollars per million reply tokens (--price-output), overriding the model profile's. */
  priceOutput?: number;
  /** --session FILE: keep the turn in this file after every step, to resume it after a crash. */
  session?: string;
  /** --mcp-config FILE: MCP servers (the `mcpServers` JSON of Claude Code, Cline, Cursor) whose tools every turn gets. */
  mcpConfig?: string;
  /** --resume FILE: go on with the turn of this session file (same workspace, same options). */
  resume?: string;
  help: boolean;
  /** --print / -p: one turn and leave, even in a terminal (as --json and a pipe). */
  print?: boolean;
  /** --continue: go on with the latest session of this workspace. */
  continueLatest?: boolean;
  /** `--resume` with no file: list the recent sessions. */
  listSessions?: boolean;
  /** A task was given on the command line (else, in a terminal, the prompt opens first). */
  taskGiven?: boolean;
  /** --no-project-instructions: leave AGENTS.md / CLAUDE.md / .clinerules out of the system prompt. */
  noProjectInstructions?: boolean;
  /** --acp: serve the Agent Client Protocol on stdin/stdout (an editor drives the sessions). */
  acp?: boolean;
}

export type CliUsageErrorCode = 'unknown-option' | 'missing-value' | 'invalid-value' | 'conflicting-options';

/** Bad command line: printed with the usage hint, exit code 2. */
export interface CliUsageError {
  code: CliUsageErrorCode;
  message: string;
}

export const DEFAULT_TASK = 'Summarize this project';
