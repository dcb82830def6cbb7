// The protocol a turn parses with: the caller's, recovering the dialects the caller chose or, when
// the caller chose none, those of the model's profile. A bare JSON reply is never read as a call
// when the task itself talks about JSON (the user may have asked to print one).
import type { Protocol } from '../../src/protocol/define-protocol.js';
import { withDialects } from '../../src/parser/index.js';
import type { DialectName } from '../../src/protocol/dialect-names.js';
import { dialectsForModel } from './model-dialects.js';
import type { ChatMessage } from '../../src/wire/types.js';

const MENTIONS_JSON = /\bjson\b/i;

function lastUserText(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    return JSON.stringify(m.content ?? '');
  }
  return '';
}

/** One protocol object per protocol and choice of dialects: the parser compiles its tables once per object. */
const made = new WeakMap<Protocol, Map<string, Protocol>>();

/** `protocol` with the turn's dialects: its own when chosen, else `model`'s; without `json` when the task mentions JSON. */
export function turnProtocol(protocol: Protocol, model: string, messages: readonly ChatMessage[]): Protocol {
  const chosen: readonly DialectName[] = protocol.dialects ?? dialectsForModel(model);
  const dialects = MENTIONS_JSON.test(lastUserText(messages)) ? chosen.filter((d) => d !== 'json') : chosen;
  if (protocol.dialects !== undefined && dialects.length === protocol.dialects.length) return protocol;
  let byChoice = made.get(protocol);
  if (byChoice === undefined) made.set(protocol, (byChoice = new Map()));
  const key = dialects.join(',');
  let out = byChoice.get(key);
  if (out === undefined) byChoice.set(key, (out = withDialects(protocol, dialects)));
  return out;
}
