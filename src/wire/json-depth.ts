// How deep JSON nests, found without recursion: a model (or an endpoint) controls the depth of
// what it sends, and JSON.stringify or a recursive walk of a value 10,000 levels deep throws
// "Maximum call stack size exceeded". What reads a value recursively checks it here first.

/**
 * Deepest nesting accepted in tool-call arguments and structured output: 100 levels. Real
 * arguments nest a few levels; 100 is far past any of them and far below the stack.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The deepest nesting of `[` / `{` in JSON text (brackets inside strings do not count), in one
 * pass with no recursion. Text that is not JSON is measured the same way.
 *
 * @example
 * ```ts
 * jsonTextDepth('{"a":[1,[2]]}'); // 3
 * ```
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if ((c === 0x7d /* } */ || c === 0x5d) /* ] */ && depth > 0) depth--;
  }
  return deepest;
}

/**
 * Whether a parsed JSON value (objects, arrays, scalars) nests deeper than `limit`, walked with an
 * explicit stack: never a stack overflow, and it stops as soon as the limit is passed.
 */
export function jsonValueDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
