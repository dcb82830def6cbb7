// A reply piece cut at random points drawn from a seed. The only module of agent-turn/testing that
// imports fast-check: replayTurnPath loads it (a dynamic import) only when a chunk seed is given, so
// the graph export and the rest of the entry run without fast-check installed.
import fc from 'fast-check';
import type { AgentTurnEvent } from '../../machines/machine/agent-turn-types.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

/**
 * The text of a piece cut at random points: several CHAT.CHUNKS events with the same stream (each
 * text or reasoning event of two or more characters cut in up to five, the others whole).
 */
export function cutPiece(event: AgentTurnEvent, seed: number): AgentTurnEvent[] {
  if (event.type !== 'CHAT.CHUNKS') return [event];
  const pieces: ChatStreamEvent[][] = [];
  for (const [n, e] of event.events.entries()) {
    if ((e.type !== 'text' && e.type !== 'reasoning') || e.text.length < 2) {
      pieces.push([e]);
      continue;
    }
    const [cuts] = fc.sample(fc.uniqueArray(fc.integer({ min: 1, max: e.text.length - 1 }), { maxLength: 4 }), {
      // Stryker disable next-line ArithmeticOperator: any seed per stream event will do, as long as each has its own
      seed: seed + n,
      numRuns: 1,
    });
    // Stryker disable next-line ArrayDeclaration: fc.sample with numRuns 1 always gives one value
    const at = [0, ...(cuts ?? []).sort((a, b) => a - b), e.text.length];
    for (let i = 0; i + 1 < at.length; i++) pieces.push([{ type: e.type, text: e.text.slice(at[i], at[i + 1]) }]);
  }
  return pieces.map((events) => ({ type: 'CHAT.CHUNKS', events }));
}
