// The CLI's side of `--acp`: what a session needs from the CLI (settings, sandbox, project
// instructions) handed to the ACP agent, which then owns stdin and stdout until the editor leaves.
import type { Readable, Writable } from 'node:stream';
import type { ChatClient } from 'agent-turn';
import { printableLine } from '../display/ansi-style.js';
import type { CliOptions } from '../options/cli-options.js';
import { commandsForOptions } from '../turn/command-sandbox.js';
import { loadSettings } from '../settings/apply-settings.js';
import { readProjectInstructions } from '../settings/project-instructions.js';
import { serveAcp } from './acp-agent.js';

export interface AcpRun {
  env: Record<string, string | undefined>;
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  options: CliOptions;
  chat: ChatClient;
  model: string;
}

/** Serves ACP on stdio until the editor closes it; resolves with the exit code. */
export async function runAcp(run: AcpRun): Promise<number> {
  const { options, env } = run;
  const log = (line: string) => run.stderr.write(`agent-turn: ${printableLine(line)}\n`);
  await serveAcp(
    {
      env,
      options,
      chat: run.chat,
      model: run.model,
      log,
      rulesFor(root) {
        const settings = loadSettings(env, root);
        if (!settings.ok) return settings;
        for (const note of settings.notes) log(note);
        return { ok: true, rules: settings.settings.permissions ?? {} };
      },
      async openCommands(root) {
        const commands = await commandsForOptions(options, { root, cwd: root, env });
        if (commands?.notice) log(commands.notice);
        return commands;
      },
      async instructionsFor(root) {
        // A session's working folder is its root: the root's AGENTS.md only, never the process's folder's.
        const project = await readProjectInstructions(root, { cwd: root });
        return project.text || undefined;
      },
    },
    run.stdin,
    run.stdout,
  );
  return 0;
}
