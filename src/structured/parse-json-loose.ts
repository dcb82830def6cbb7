// Reads a JSON value out of what a model actually sends back: a `<think>…</think>` prefix,
// Markdown code fences, prose around the value. Linear time on any input; never throws.
import { findFirstJsonContainer } from './find-json-container.js';

export interface ThinkPrefixSplit {
  /** The text of the leading think blocks, joined by blank lines ('' when there were none). */
  reasoning: string;
  /** Everything after them. */
  rest: string;
  /** False when a think block was opened and never closed (the answer never came). */
  closed: boolean;
}

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

function skipWhitespace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}

/** Splits leading `<think>…</think>` blocks (reasoning models served raw) from the answer. */
export function splitThinkPrefix(content: string): ThinkPrefixSplit {
  const parts: string[] = [];
  let i = skipWhitespace(content, 0);
  while (content.startsWith(THINK_OPEN, i)) {
    const close = content.indexOf(THINK_CLOSE, i + THINK_OPEN.length);
    if (close < 0) {
      parts.push(content.slice(i + THINK_OPEN.length).trim());
      return { reasoning: parts.join('\n\n'), rest: '', closed: false };
    }
    parts.push(content.slice(i + THINK_OPEN.length, close).trim());
    i = skipWhitespace(content, close + THINK_CLOSE.length);
  }
  return { reasoning: parts.join('\n\n'), rest: content.slice(i), closed: true };
}

const NOT_JSON = Symbol('not json');

function tryParse(text: string): unknown {
  const t = text.trim();
  if (t === '') return NOT_JSON;
  const c = t.charCodeAt(0);
  // Only what can start a JSON value; saves a throw on ordinary prose.
  if (!(c === 123 || c === 91 || c === 34 || c === 45 || (c >= 48 && c <= 57) || c === 116 || c === 102 || c === 110))
    return NOT_JSON;
  try {
    return JSON.parse(t);
  } catch {
    return NOT_JSON;
  }
}

/** The first fenced block (```lang … ```) whose whole body is JSON; bodies are disjoint, so this is linear. */
function firstFencedValue(text: string): unknown {
  let i = text.indexOf('```');
  while (i >= 0) {
    const lineEnd = text.indexOf('\n', i + 3);
    if (lineEnd < 0) return NOT_JSON;
    const close = text.indexOf('```', lineEnd + 1);
    const body = text.slice(lineEnd + 1, close < 0 ? text.length : close);
    const value = tryParse(body);
    if (value !== NOT_JSON) return value;
    if (close < 0) return NOT_JSON;
    i = text.indexOf('```', close + 3);
  }
  return NOT_JSON;
}

/**
 * The JSON value in a model's reply, or `undefined` when there is none. Strips leading
 * `<think>…</think>` blocks (an unclosed one means the answer never came: undefined), then takes
 * the whole remaining text if it is JSON, else the first code-fenced block that is JSON, else the
 * first complete object or array embedded in prose. Never throws; linear time on any input.
 */
export function parseJsonLoose(content: string): unknown {
  if (typeof content !== 'string') return undefined;
  const { rest, closed } = splitThinkPrefix(content);
  if (!closed) return undefined;
  const whole = tryParse(rest);
  if (whole !== NOT_JSON) return whole;
  const fenced = firstFencedValue(rest);
  if (fenced !== NOT_JSON) return fenced;
  const span = findFirstJsonContainer(rest);
  if (!span) return undefined;
  const value = tryParse(rest.slice(span.start, span.end));
  // The scanner validates exactly JSON's grammar, so this only misses on engine limits.
  return value === NOT_JSON ? undefined : value;
}
