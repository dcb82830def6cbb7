// A native call's params once its arguments are whole: parsed (or repaired) as one JSON object.
import { MAX_JSON_DEPTH, jsonTextDepth } from '../wire/json-depth.js';
import { repairToolArguments } from './repair-tool-arguments.js';

/**
 * Final params from the whole arguments: string values as they are, other values JSON-encoded.
 * Undefined when the arguments are not a JSON object: such a call was cut off or garbled, and
 * must not run with half its arguments (a truncated file written is worse than none).
 */
export function finalParams(text: string): Record<string, string> | undefined {
  if (text.trim() === '') return {}; // a call without arguments
  // Re-encoding a value nested thousands deep (JSON.stringify recurses) would overflow the stack.
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = repairToolArguments(text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
