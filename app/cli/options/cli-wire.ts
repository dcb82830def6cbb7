// Which wire the CLI speaks and with which key: --wire, else the model profile's wire, else Chat
// Completions; the Anthropic Messages wire sends $ANTHROPIC_API_KEY (to $ANTHROPIC_BASE_URL unless
// --base-url names the endpoint), the others $OPENAI_API_KEY. Neither key reaches a command
// (key-handover.ts, command-sandbox.ts).
import { profileFor } from 'agent-turn';
import { CHAT_WIRES, type ChatWire } from 'agent-turn';
import type { CliOptions } from './cli-options.js';

/** The model's profile name (`scripted:glm-5.1` is glm-5.1's; `scripted` the scripted profile). */
function profileName(model: string): string {
  if (model === 'scripted') return 'scripted';
  return model.startsWith('scripted:') ? model.slice('scripted:'.length) : model;
}

/** Whether `value` names a wire. */
export function isCliWire(value: string): value is ChatWire {
  return (CHAT_WIRES as readonly string[]).includes(value);
}

/** The wire a run speaks: --wire, else its model profile's `wire`, else `chat-completions`. */
export function cliWire(options: Pick<CliOptions, 'wire' | 'model'>): ChatWire {
  return options.wire ?? profileFor(profileName(options.model)).wire ?? 'chat-completions';
}

/** The key the wire sends: $ANTHROPIC_API_KEY on the Messages wire, $OPENAI_API_KEY on the others. */
export function cliApiKey(options: Pick<CliOptions, 'apiKey' | 'anthropicApiKey'>, wire: ChatWire): string | undefined {
  return wire === 'anthropic-messages' ? options.anthropicApiKey : options.apiKey;
}

/**
 * $ANTHROPIC_BASE_URL as this package's `baseURL`: the variable names the host the way Anthropic's
 * SDK and Claude Code take it (`https://api.anthropic.com`), so `/v1` is added unless it ends so.
 */
export function anthropicBaseURL(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const url = value.trim().replace(/\/+$/, '');
  return /\/v1$/.test(url) ? url : `${url}/v1`;
}
