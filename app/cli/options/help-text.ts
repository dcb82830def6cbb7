import { DEFAULT_TASK } from './cli-options.js';

/** `--help`: what a person needs to run the agent. */
export function helpText(
  profiles: readonly string[],
  faults: readonly string[],
  dialects: readonly string[] = [],
): string {
  return `agent-turn — run one coding-agent turn in a folder, streamed to the terminal

Usage: agent-turn [options] [task]          (installed: npm i -g agent-turn-cli)
       npm start -- [options] [task]         (in a checkout of this repository)
       agent-turn serve [options]            turns for web apps over HTTP: AG-UI and the AI SDK's
                                             UI message stream (agent-turn serve --help)

With no arguments: the scripted model at a realistic pace, in the current folder, read-only,
with the task "${DEFAULT_TASK}".

Options:
  --model NAME        scripted (default), scripted:<profile>, or a model name for --base-url
  --base-url URL      an OpenAI-compatible endpoint (default: $OPENAI_BASE_URL);
                      the key comes from $OPENAI_API_KEY
  --wire NAME         the API it speaks: chat-completions (default), anthropic-messages
                      (POST {base-url}/messages; key from $ANTHROPIC_API_KEY, endpoint
                      from $ANTHROPIC_BASE_URL, /v1 added) or responses (POST
                      {base-url}/responses, stateless); default: the model profile's wire.
                      Neither key reaches a command
  --workspace DIR     the folder the tools may touch (default: the current folder)
  --yes, -y           approve every write and command without asking (commands only when
                      they run in the sandbox, or with --no-sandbox)
  --read-only         refuse writes and commands
  --allow-network     let commands reach the network (the sandbox has none by default);
                      this shares the host's network, its loopback too: services on
                      127.0.0.1 (databases, dev servers, Docker's API) and abstract sockets
                      become reachable
  --no-sandbox        run commands without the OS sandbox (bubblewrap), as yourself: the
                      CLI runs itself again with the key on a pipe, out of its environment,
                      and erases it from its launcher's /proc/<pid>/environ; they can still
                      read your files, and a setsid child outlives the command unless a
                      writable cgroup lets the CLI kill it
  --allow-git-writes  let the file tools and sandboxed commands write the workspace's .git
                      (read-only by default: git runs its hooks and config outside the sandbox)
  --max-processes N   processes at once per command (default 512)
  --max-memory SIZE   memory per command, e.g. 2G (default 4G)
  --max-tmp SIZE      size of each of the sandbox's tmpfs (/tmp, /dev/shm; default 512M)
  --max-file-size SIZE  largest file a command may write, in the workspace too (default 1G)
  --disk-warning SIZE warn in the tool result when a command used more disk (default 1G)
  --json              NDJSON on stdout: a line per state change, a block whole when it appears,
                      then only what changed ("block" with the changed fields, "delta" with
                      text added at the end); the last line {"type":"output","output":
                      {reason, requests, usage}} (requests keep their blocks, not raw text)
  --max-requests N    stop after N model requests
  --max-reply-chars N stop a reply longer than N characters (default 4000000)
  --show-reasoning    keep the model's reasoning on screen instead of folding it
  --native-tools      send tools as OpenAI function definitions instead of XML tags
  --mcp-config FILE   MCP servers for every turn: the "mcpServers" JSON of Claude Code,
                      Cline and Cursor (command/args/env or url/headers; alwaysAllow).
                      Their calls wait for approval unless alwaysAllow or --yes; the
                      servers are not sandboxed (see docs/mcp.md). Your settings file's
                      "mcpServers" are started too (a project's file may only turn them
                      off or narrow them, never add one)
  --acp               serve the Agent Client Protocol on stdin/stdout for an editor (Zed,
                      JetBrains, Neovim): it opens sessions and sends the prompts; your
                      flags and settings still decide approvals and the sandbox (docs/acp.md)
  --pace MS           scripted model: milliseconds per token, or "realistic" (default)
  --fault NAME        scripted model: inject a fault once
  --scripted-dialect NAME
                      scripted model: write tool calls as that model family does (hermes,
                      glm, kimi, …) instead of Cline's XML; the parser recovers them and the
                      tool card names the dialect (see docs/dialects.md)
  --price-input USD   dollars per million prompt tokens, for the cost line (default: the
                      model profile's list price where known)
  --price-output USD  dollars per million reply tokens
  --session FILE      keep the turn in FILE after every step (each tool result, request and
                      approval), written atomically, to resume it after a crash
  --resume FILE       go on with the turn of a session file (its task and model); a tool
                      that was running is not run again unless it only reads. The file is
                      data, never authority: --yes, --no-sandbox, --allow-network, the
                      endpoint and the workspace are what you type now (a session whose
                      endpoint or workspace differs is refused until you name it again
                      with --base-url / --workspace)
  --print, -p         one turn, then leave, even in a terminal (as --json and a pipe do)
  --continue          go on with the latest conversation of this workspace (a task given is
                      its next message)
  --resume            (with no file) pick a recent conversation (listed without a terminal)
  --no-project-instructions
                      leave AGENTS.md, CLAUDE.md and .clinerules out of the system prompt
  --help, -h          this text

In a terminal the CLI is a conversation: after each turn a prompt takes the next message, with
the history carried over. Slash commands: /undo [N] (put back the files the agent's last steps
changed), /compact (summarise older messages), /summary [N] (a summary and the messages it
replaced, in the pager), /last, /model NAME, /clear, /cost, /help, /exit. /undo still works
after --continue / --resume (the steps are kept beside the session).
Ctrl-C stops the turn and comes back to the prompt; Ctrl-C on an empty prompt or Ctrl-D leaves.
Conversations are kept in $XDG_STATE_HOME/agent-turn/sessions (~/.local/state/...).

Writes and commands ask for approval in a terminal, one key: y yes, n no (then feedback),
a always for that tool this turn, v view a long diff again ($PAGER, else less). A write or an
edit is shown as a diff against the file; a command whole, hidden characters made visible.
Without a terminal and without --yes they are refused and the model is told why. Ctrl-C stops
the turn and keeps what arrived.

Commands run in a bubblewrap sandbox on Linux: only the workspace is writable (its .git stays
read-only), home folders and other secrets are hidden, /tmp is private, no network, a clean
environment (no API key), and every process a command starts dies with it. Processes and memory
are limited by a cgroup per command where one can be made (as root with a writable cgroup, or
with cgroup delegation), else by rlimits (the process limit then does not hold for root). Where
no sandbox can be had, the CLI says so at start and asks before each command, even with --yes,
unless --no-sandbox is given.

Files that run code later — .git/, .vscode/tasks.json, .vscode/settings.json, .envrc, .npmrc,
package.json, .github/workflows/ — are called out in the approval card and asked every time
("a" does not cover them); --yes does not write them. The file tools refuse .git/ paths unless
--allow-git-writes is given.

Contradicting flags are refused: --read-only with --yes, --pace, --fault or --scripted-dialect
with a real model, --base-url with a scripted model.

Exit codes: 0 completed, 1 failed or stopped by a limit, 2 bad arguments, 130 interrupted.

Scripted profiles (--model):
${wrapList(profiles)}
Scripted faults (--fault):
${wrapList(faults)}
Scripted dialects (--scripted-dialect):
${wrapList(dialects)}
`;
}

/** A comma-separated list, indented, broken before 90 columns. */
function wrapList(items: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? item : `${line}, ${item}`;
    if (next.length > 86 && line !== '') {
      lines.push(`${line},`);
      line = item;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => `  ${l}`).join('\n');
}
