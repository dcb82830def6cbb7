// Turning dialects on: a function of its own, not a method of every protocol, so that only code
// that turns one on bundles the recognizers (a parser-only import stays small).

import { withDialectChoice, type Protocol } from '../../protocol/define-protocol.js';
import { ALL_DIALECTS, isDialectName, type DialectName, type DialectsOption } from '../../protocol/dialect-names.js';
import { ProtocolError } from '../../protocol/errors.js';
import { dialectScanning } from './dialect-scanning.js';

function checkDialects(option: DialectsOption): readonly DialectName[] {
  if (option === 'all') return ALL_DIALECTS;
  if (option === 'none') return Object.freeze([]);
  if (!Array.isArray(option)) {
    throw new ProtocolError(
      'invalid-dialect',
      `dialects must be 'all', 'none' or a list of names, got ${JSON.stringify(option)}`,
    );
  }
  for (const name of option) {
    if (!isDialectName(name)) {
      throw new ProtocolError(
        'invalid-dialect',
        `unknown dialect ${JSON.stringify(name)}; known: ${ALL_DIALECTS.join(', ')}`,
      );
    }
  }
  return Object.freeze([...new Set(option)]);
}

/**
 * `protocol` recovering these dialects besides its own tags (Hermes `<tool_call>`, Qwen3-Coder,
 * GLM, …): `'all'`, `'none'` (Cline's XML only, and the machine then ignores the model's
 * profile), or a list of names. A protocol no one called this on recovers none when parsed alone;
 * the machine picks the model's (`dialectsForModel`). Throws a {@link ProtocolError}
 * (`invalid-dialect`) naming an unknown dialect. Its tags, tools and reasoning tags are unchanged.
 *
 * @example
 * ```ts
 * import { clineThinkProtocol, parseAssistantMessage, withDialects } from 'agent-turn';
 *
 * const protocol = withDialects(clineThinkProtocol, ['hermes']);
 * parseAssistantMessage('<tool_call>{"name": "read_file", "arguments": {"path": "a.ts"}}</tool_call>', { protocol, final: true });
 * // [ { type: 'tool_use', name: 'read_file', params: { path: 'a.ts' }, partial: false, call_id: 'call_0', dialect: 'hermes' } ]
 * ```
 */
export function withDialects(protocol: Protocol, dialects: DialectsOption): Protocol {
  const on = checkDialects(dialects);
  return withDialectChoice(protocol, on, on.length > 0 ? dialectScanning : undefined);
}
