// Native tool-call arguments that are not quite JSON (single quotes, a trailing comma, Python's
// True/None, a comment, a raw line break inside a string) are repaired with the `jsonrepair`
// library before the model is asked to try again. Arguments that were cut off are never
// repaired: a truncated file content completed by a repair would be written as if whole.
import { jsonrepair } from 'jsonrepair';

const QUOTE = 34,
  BACKSLASH = 92;

/** Whether every `{`/`[` outside double-quoted strings is closed and no string is left open: the arguments were not cut off. */
function looksComplete(text: string): boolean {
  let depth = 0;
  let inString = false;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === quote) inString = false;
      continue;
    }
    if (c === QUOTE || c === 39) {
      inString = true;
      quote = c;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  return !inString && depth === 0 && /[}\]]\s*$/.test(text);
}

/**
 * The arguments as a JSON object after a repair, or undefined when they cannot be repaired safely
 * (cut off, not an object, or beyond repair). Call it only after `JSON.parse` failed.
 *
 * @example
 * ```ts
 * repairToolArguments("{'path': 'a.ts', 'recursive': True,}"); // { path: 'a.ts', recursive: true }
 * repairToolArguments('{"content": "half a fi');                 // undefined: cut off, never completed
 * ```
 */
export function repairToolArguments(text: string): Record<string, unknown> | undefined {
  if (!looksComplete(text.trim())) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonrepair(text));
  } catch {
    return undefined;
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}
