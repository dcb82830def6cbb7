// The server's turns: one per client conversation (an AG-UI thread, a useChat chat), found again
// by that key when the client comes back with an answer, and by turn id for the approval endpoint.
// Finished turns make room; too many live ones refuse a new turn.
import { parseApprovalId, type ServerTurn } from './server-turn.js';

/** The turns a server holds. */
export interface TurnRegistry {
  /** The turn of a conversation (`ag-ui:<threadId>`, `chat:<id>`), live or finished. */
  of(key: string): ServerTurn | undefined;
  /** The turn an approval id names (its first part), if the server holds it. */
  byApprovalId(approvalId: string): ServerTurn | undefined;
  /** Keeps `turn` as the conversation's turn; false when `limit` turns are live already. */
  add(key: string, turn: ServerTurn): boolean;
  /** Every turn still running (for shutting down). */
  live(): ServerTurn[];
}

/** A registry that holds at most `limit` live turns (finished ones are dropped when a turn is added). */
export function createTurnRegistry(limit: number): TurnRegistry {
  const byKey = new Map<string, ServerTurn>();
  const byId = new Map<string, ServerTurn>();
  const live = () => [...byId.values()].filter((t) => !t.done);
  return {
    of: (key) => byKey.get(key),
    byApprovalId(approvalId) {
      const parts = parseApprovalId(approvalId);
      return parts && byId.get(parts.turnId);
    },
    add(key, turn) {
      for (const [k, t] of byKey)
        if (t.done) {
          byKey.delete(k);
          byId.delete(t.id);
        }
      if (live().length >= limit) return false;
      byKey.set(key, turn);
      byId.set(turn.id, turn);
      return true;
    },
    live,
  };
}
