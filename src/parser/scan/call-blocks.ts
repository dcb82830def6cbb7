// The tool uses of a recovered construct: one per call, each labelled with its dialect.

import type { DialectName } from '../../protocol/dialect-names.js';
import type { AssistantMessageContent } from '../blocks.js';
import type { DecodedCall } from '../dialects/recognizer.js';

/** One tool use per call onto `blocks`; ids from the construct's offset (`${idPrefix}_${at}`, then `_${i}` for the later ones). */
export function pushCallBlocks(
  blocks: AssistantMessageContent[],
  idPrefix: string,
  calls: readonly DecodedCall[],
  dialect: DialectName,
  at: number,
): void {
  // a plain loop: a callback made per construct costs more than the push
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    blocks.push({
      type: 'tool_use',
      name: call.name,
      params: call.params,
      partial: false,
      call_id: i === 0 ? `${idPrefix}_${at}` : `${idPrefix}_${at}_${i}`,
      dialect,
    });
  }
}
