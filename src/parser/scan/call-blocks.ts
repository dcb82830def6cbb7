// The tool uses of a recovered construct: one per call, each labelled with its dialect.

import type { DialectName } from '../../protocol/dialect-names.js';
import type { DecodedCall } from '../dialects/recognizer.js';
import type { ScanState } from './scan-state.js';

/** One tool use per call; ids from the construct's offset (`${prefix}_${at}`, then `_${i}` for the later ones). */
export function pushCallBlocks(s: ScanState, calls: readonly DecodedCall[], dialect: DialectName, at: number): void {
  // a plain loop: a callback made per construct costs more than the push
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    s.done.push({
      type: 'tool_use',
      name: call.name,
      params: call.params,
      partial: false,
      call_id: i === 0 ? `${s.idPrefix}_${at}` : `${s.idPrefix}_${at}_${i}`,
      dialect,
    });
  }
}
