// A running turn's UI message stream parts for one response: its views encoded until the
// stream ends (the turn finished, or it waits for an approval that the next request answers).
import { turnViews, type FollowedTurn, type TurnViewsOptions } from '../turn-stream/turn-views.js';
import type { UiMessageEncoder } from './ui-message-encoder.js';
import type { UiMessagePart } from './ui-message-parts.js';

/**
 * The UI message stream parts of `turn` for the encoder's current stream, as they come.
 *
 * @example
 * ```ts
 * const encoder = createUiMessageEncoder({ messageId: 'turn-1' });
 * actor.start();
 * for await (const part of uiMessageParts(actor, encoder)) response.write(uiMessageSse(part));
 * response.end(UI_MESSAGE_STREAM_DONE);
 * ```
 */
export async function* uiMessageParts(
  turn: FollowedTurn,
  encoder: UiMessageEncoder,
  options: TurnViewsOptions = {},
): AsyncGenerator<UiMessagePart> {
  for await (const view of turnViews(turn, options)) {
    yield* encoder.encode(view);
    if (encoder.streamEnded) return;
  }
}
