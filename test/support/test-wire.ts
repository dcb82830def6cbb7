// The wire the integration suites speak to the scripted model: AGENT_TURN_TEST_WIRE names it
// (chat-completions, anthropic-messages or responses; unset: chat-completions), so any suite that
// builds its client with TEST_WIRE runs on another wire by setting one variable:
//   AGENT_TURN_TEST_WIRE=responses npx vitest run test/machines
// The core turn suites run over every wire in `npm test` (wiresUnderTest); with the variable set,
// over that wire only.
import { CHAT_WIRES, isChatWire, type ChatWire } from '../../src/wire/chat-wire.js';

/** The variable's value: in Node from the environment; in the browser project there is none. */
function variable(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.AGENT_TURN_TEST_WIRE;
  return value === undefined || value === '' ? undefined : value;
}

/** Reads AGENT_TURN_TEST_WIRE; a value that names no wire stops the run saying which are known. */
export function wireFromVariable(value: string | undefined): ChatWire | undefined {
  if (value === undefined) return undefined;
  if (!isChatWire(value))
    throw new Error(`AGENT_TURN_TEST_WIRE must be one of ${CHAT_WIRES.join(', ')} (got "${value}").`);
  return value;
}

const chosen = wireFromVariable(variable());

/** The wire a parameterisable suite speaks: AGENT_TURN_TEST_WIRE, else chat-completions. */
export const TEST_WIRE: ChatWire = chosen ?? 'chat-completions';

/** The wires the core suites run over: every wire, or only AGENT_TURN_TEST_WIRE's when it is set. */
export const WIRES_UNDER_TEST: readonly ChatWire[] = chosen === undefined ? CHAT_WIRES : [chosen];
