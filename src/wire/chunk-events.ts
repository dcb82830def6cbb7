// One parsed chunk of an OpenAI-compatible stream -> normalized events. This is the hot path:
// a handful of property reads per chunk, no copies of the text.
import { ChatError } from './errors.js';
import { preview } from './preview.js';
import { providerError } from './provider-error.js';
import type { ChatStreamEvent, ChatUsage } from './types.js';

type Json = Record<string, unknown>;

/** A 'malformed-chunk' error naming the chunk, what was wrong, and a preview of the value. */
export function malformed(chunkNumber: number, what: string, value: unknown): ChatError {
  let shown: string;
  try {
    shown = preview(JSON.stringify(value) ?? String(value));
  } catch {
    shown = String(value);
  }
  return new ChatError('malformed-chunk', `malformed chunk ${chunkNumber}: ${what}: ${shown}`);
}

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A finite number, else undefined. */
export function count(value: unknown): number | undefined {
  // Stryker disable next-line ConditionalExpression: Number.isFinite never coerces, so the typeof test only narrows the type
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `usage` in OpenAI's names (or the Responses API's input/output names some gateways use). */
export function normalizeUsage(usage: unknown, chunkNumber: number): ChatUsage {
  if (!isObject(usage)) throw malformed(chunkNumber, '"usage" is not an object', usage);
  const promptTokens = count(usage.prompt_tokens) ?? count(usage.input_tokens) ?? 0;
  const completionTokens = count(usage.completion_tokens) ?? count(usage.output_tokens) ?? 0;
  const totalTokens = count(usage.total_tokens) ?? promptTokens + completionTokens;
  const details = usage.completion_tokens_details ?? usage.output_tokens_details;
  const reasoningTokens =
    (isObject(details) ? count(details.reasoning_tokens) : undefined) ?? count(usage.reasoning_tokens);
  const promptDetails = usage.prompt_tokens_details ?? usage.input_tokens_details;
  const cachedTokens = isObject(promptDetails) ? count(promptDetails.cached_tokens) : undefined;
  const out: ChatUsage = { promptTokens, completionTokens, totalTokens };
  if (reasoningTokens !== undefined) out.reasoningTokens = reasoningTokens;
  if (cachedTokens !== undefined) out.cachedTokens = cachedTokens;
  return out;
}

/** `content` as a string, or as an array of parts (Mistral's `text` and `thinking` parts). */
function appendContent(delta: Json, out: ChatStreamEvent[], chunkNumber: number): void {
  const content = delta.content;
  if (typeof content === 'string') {
    if (content !== '') out.push({ type: 'text', text: content });
    return;
  }
  if (content === undefined || content === null) return;
  if (!Array.isArray(content))
    throw malformed(chunkNumber, '"content" is neither a string nor an array of parts', content);
  for (const part of content) {
    if (!isObject(part)) throw malformed(chunkNumber, 'a "content" part is not an object', part);
    if (part.type === 'thinking' && Array.isArray(part.thinking)) {
      for (const t of part.thinking) {
        if (isObject(t) && typeof t.text === 'string') {
          if (t.text !== '') out.push({ type: 'reasoning', text: t.text });
        } else throw malformed(chunkNumber, 'a "thinking" part has no text', t);
      }
    } else if (typeof part.text === 'string') {
      if (part.text !== '') out.push({ type: part.type === 'thinking' ? 'reasoning' : 'text', text: part.text });
    } else throw malformed(chunkNumber, `a "content" part of type ${String(part.type)} has no text`, part);
  }
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

/** `reasoning_details` (OpenRouter, Snowflake): text from `reasoning.text` and `reasoning.summary` entries; `reasoning.encrypted` has none. */
function appendReasoningDetails(details: unknown, out: ChatStreamEvent[], chunkNumber: number): void {
  if (!Array.isArray(details)) throw malformed(chunkNumber, '"reasoning_details" is not an array', details);
  for (let i = 0; i < details.length; i++) {
    const entry: unknown = details[i];
    if (!isObject(entry)) throw malformed(chunkNumber, `reasoning_details[${i}] is not an object`, entry);
    const field = entry.type === 'reasoning.text' ? 'text' : entry.type === 'reasoning.summary' ? 'summary' : undefined;
    // Stryker disable next-line ConditionalExpression: entry[undefined] is undefined too, which the next lines skip
    if (field === undefined) continue; // reasoning.encrypted and kinds to come carry no readable text
    const text = entry[field];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string')
      throw malformed(chunkNumber, `reasoning_details[${i}].${field} is not a string`, text);
    if (text !== '') out.push({ type: 'reasoning', text });
  }
}

function appendToolCalls(toolCalls: unknown, out: ChatStreamEvent[], chunkNumber: number): void {
  if (toolCalls === undefined || toolCalls === null) return;
  if (!Array.isArray(toolCalls)) throw malformed(chunkNumber, '"tool_calls" is not an array', toolCalls);
  for (let i = 0; i < toolCalls.length; i++) {
    const call: unknown = toolCalls[i];
    if (!isObject(call)) throw malformed(chunkNumber, `tool_calls[${i}] is not an object`, call);
    // A few providers omit `index`; their calls then count by position.
    const index = call.index === undefined || call.index === null ? i : call.index;
    // Stryker disable next-line ConditionalExpression: Number.isInteger is false for anything but a number; the typeof test only narrows the type
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) {
      throw malformed(chunkNumber, `tool_calls[${i}].index is not a non-negative integer`, call.index);
    }
    const fn = call.function;
    if (fn !== undefined && fn !== null && !isObject(fn))
      throw malformed(chunkNumber, `tool_calls[${i}].function is not an object`, fn);
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
    const name = fn && typeof fn.name === 'string' && fn.name !== '' ? fn.name : undefined;
    const args = fn?.arguments;
    let argumentsDelta: string;
    if (typeof args === 'string') argumentsDelta = args;
    else if (args === undefined || args === null) argumentsDelta = '';
    else if (isObject(args))
      argumentsDelta = JSON.stringify(args); // a gateway that sends the arguments parsed
    else throw malformed(chunkNumber, `tool_calls[${i}].function.arguments is not a string`, args);
    // Gemini's thought signature (and any provider's opaque data on a call): kept as it came.
    const extra = call.extra_content;
    if (extra !== undefined && extra !== null && !isObject(extra))
      throw malformed(chunkNumber, `tool_calls[${i}].extra_content is not an object`, extra);
    const extraContent = isObject(extra) ? extra : undefined;
    if (id === undefined && name === undefined && argumentsDelta === '' && extraContent === undefined) continue;
    const event: Extract<ChatStreamEvent, { type: 'tool-call' }> = { type: 'tool-call', index, argumentsDelta };
    if (id !== undefined) event.id = id;
    if (name !== undefined) event.name = name;
    if (extraContent !== undefined) event.extraContent = extraContent;
    out.push(event);
  }
}

/**
 * Appends the events of one parsed chunk to `out`: reasoning, text, tool calls, finish, usage.
 * Returns whether the chunk carried a finish_reason. Throws ChatError 'provider-error' for an
 * `error` object and 'malformed-chunk' for a chunk of the wrong shape. Only choice 0 is read
 * (this package never asks for n > 1).
 */
export function appendChunkEvents(chunk: unknown, out: ChatStreamEvent[], chunkNumber: number): boolean {
  if (!isObject(chunk)) throw malformed(chunkNumber, 'not a JSON object', chunk);
  // An error is thrown only after the chunk's own deltas are out: a gateway may send the last
  // words of the answer and the error in one chunk, and nothing that arrived may be lost.
  let fault: unknown = chunk.error ?? undefined;
  const choices = chunk.choices;
  let finished = false;
  let usage = chunk.usage;
  if (choices !== undefined && choices !== null) {
    if (!Array.isArray(choices)) throw malformed(chunkNumber, '"choices" is not an array', choices);
    for (let i = 0; i < choices.length; i++) {
      const choice: unknown = choices[i];
      if (!isObject(choice)) throw malformed(chunkNumber, `choices[${i}] is not an object`, choice);
      if (choice.index !== undefined && choice.index !== null && choice.index !== 0) continue;
      // Stryker disable next-line ConditionalExpression: an undefined or null choice error taken as the fault is dropped by the check before the throw
      if (fault === undefined && choice.error !== undefined && choice.error !== null) fault = choice.error;
      const delta = choice.delta ?? choice.message;
      if (delta !== undefined && delta !== null) {
        if (!isObject(delta)) throw malformed(chunkNumber, `choices[${i}].delta is not an object`, delta);
        // Reasoning from `reasoning_content`, then `reasoning`; a gateway mirroring one into the other gives it once.
        const first = delta.reasoning_content;
        if (first !== undefined && first !== null) {
          if (typeof first !== 'string') throw malformed(chunkNumber, '"reasoning_content" is not a string', first);
          if (first !== '') out.push({ type: 'reasoning', text: first });
        }
        const second = delta.reasoning;
        if (second !== undefined && second !== null) {
          if (typeof second !== 'string') throw malformed(chunkNumber, '"reasoning" is not a string', second);
          if (second !== '' && second !== first) out.push({ type: 'reasoning', text: second });
        }
        // OpenRouter mirrors `reasoning` into `reasoning_details`: the details count only alone.
        const details = delta.reasoning_details;
        if (details !== undefined && details !== null) {
          if (!hasText(first) && !hasText(second)) appendReasoningDetails(details, out, chunkNumber);
          else if (!Array.isArray(details))
            throw malformed(chunkNumber, '"reasoning_details" is not an array', details);
          // The entries themselves go back to the provider unchanged (signatures, encrypted entries).
          if (Array.isArray(details) && details.length > 0) out.push({ type: 'reasoning-details', details });
        }
        appendContent(delta, out, chunkNumber);
        appendToolCalls(delta.tool_calls, out, chunkNumber);
      }
      const reason = choice.finish_reason;
      if (typeof reason === 'string') {
        if (reason !== '') {
          out.push({ type: 'finish', reason });
          finished = true;
        }
      } else if (reason !== undefined && reason !== null) {
        throw malformed(chunkNumber, `choices[${i}].finish_reason is not a string`, reason);
      }
      // Some providers (Moonshot) put the usage inside the choice.
      // Stryker disable next-line ConditionalExpression: taking an undefined choice usage changes nothing: no usage event either way
      if ((usage === undefined || usage === null) && choice.usage !== undefined) usage = choice.usage;
    }
  }
  // Stryker disable next-line ConditionalExpression: fault is never null (chunk.error ?? undefined, and a null choice error is not taken); the test states the intent
  if (fault !== undefined && fault !== null) throw providerError(fault, `chunk ${chunkNumber}`);
  if (usage !== undefined && usage !== null) out.push({ type: 'usage', usage: normalizeUsage(usage, chunkNumber) });
  return finished;
}
