// A running turn's AG-UI events for one run: its views encoded until the run ends (the turn
// finished, or it waits for an approval — then the next run resumes with the same encoder).
import { turnViews, type FollowedTurn, type TurnViewsOptions } from '../turn-stream/turn-views.js';
import type { AgUiEncoder } from './ag-ui-encoder.js';
import type { AgUiEvent } from './ag-ui-events.js';

/**
 * The AG-UI events of `turn` for the encoder's current run, as they come.
 *
 * @example
 * ```ts
 * const encoder = createAgUiEncoder({ threadId, runId });
 * actor.start();
 * for await (const event of agUiEvents(actor, encoder)) response.write(agUiSse(event));
 * ```
 */
export async function* agUiEvents(
  turn: FollowedTurn,
  encoder: AgUiEncoder,
  options: TurnViewsOptions = {},
): AsyncGenerator<AgUiEvent> {
  for await (const view of turnViews(turn, options)) {
    yield* encoder.encode(view);
    if (encoder.runEnded) return;
  }
}
