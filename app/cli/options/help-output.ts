// `--help` without loading the agent: the CLI's entry prints it straight away (a cold start of a
// few modules), and runCli prints the same text.
import { listModelProfiles } from 'agent-turn';
import { scriptedDialects, scriptedFaults } from 'agent-turn/scripted';
import { helpText } from './help-text.js';
import { parseCliArgs } from './parse-cli-args.js';

/** The whole --help text. */
export function fullHelpText(): string {
  // `scripted` itself is --model scripted, not a profile to pick.
  return helpText(
    listModelProfiles()
      .filter((p) => p.id !== 'scripted')
      .map((p) => `scripted:${p.id}`),
    scriptedFaults,
    scriptedDialects,
  );
}

/** True when the arguments parse and ask for --help (nothing else runs then). */
export function asksForHelp(argv: readonly string[], env: Record<string, string | undefined>, cwd: string): boolean {
  const parsed = parseCliArgs(argv, env, cwd);
  return parsed.ok && parsed.options.help;
}
