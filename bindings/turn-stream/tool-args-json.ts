// A tool use's parameters as JSON text that only ever grows: `{"path":"a.txt","content":"hel`
// while they stream, closed with `"}` once they are complete. Each call gives just the text
// added since the last one, so a client that concatenates the pieces holds the JSON of the
// parameters so far, and the whole object at the end — a 1 MB write is sent once, not per chunk.

/** Where the JSON text sent so far stands: the parameters begun, and how much of the last one went out. */
export interface ToolArgsJsonState {
  names: string[];
  /** Characters of the last parameter's value already sent. */
  sentChars: number;
  closed: boolean;
}

/** A fresh state: nothing sent yet. */
export function newToolArgsJson(): ToolArgsJsonState {
  return { names: [], sentChars: 0, closed: false };
}

/** `text` as the inside of a JSON string literal (no quotes). */
function escapeJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** How much of `value` from `from` may go out now: a lone high surrogate at the end waits for its pair. */
function stableEnd(value: string, from: number, final: boolean): number {
  const end = value.length;
  if (final || end <= from) return end;
  const last = value.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * The JSON text to add for `params` as they are now (`final`: they are complete, close the object).
 * Parameters are expected to arrive in order, each only growing (the parser's guarantee); a
 * parameter that is not the last one sent is never reopened.
 */
export function toolArgsJsonDelta(state: ToolArgsJsonState, params: Record<string, string>, final: boolean): string {
  if (state.closed) return '';
  let out = '';
  const names = Object.keys(params);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const value = params[name] ?? '';
    const position = state.names.indexOf(name);
    if (position !== -1 && position !== state.names.length - 1) continue;
    if (position === -1) {
      out += `${state.names.length === 0 ? '{' : '",'}${JSON.stringify(name)}:"`;
      state.names.push(name);
      state.sentChars = 0;
    }
    const end = stableEnd(value, state.sentChars, final || i < names.length - 1);
    if (end > state.sentChars) {
      out += escapeJson(value.slice(state.sentChars, end));
      state.sentChars = end;
    }
  }
  if (final) {
    out += state.names.length === 0 ? '{}' : '"}';
    state.closed = true;
  }
  return out;
}
