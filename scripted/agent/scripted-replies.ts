// Replies given by the test instead of the demo agent: a list of steps, one per request, or a
// function of the request (as the AI SDK's mock model takes them). A step is text (Cline's tags in
// tag mode, or a plain answer), a reply with reasoning and native tool calls, an HTTP error, or a
// reply with a fault on its stream. Rendered into the scripted model's own reply form, so the
// profile's wire style, the pace and usage apply as to the demo agent's replies.
import type { ChatRequest } from '../../src/wire/types.js';
import type { ScriptedReply } from '../endpoint/scripted-reply.js';

/** A native tool call of a scripted reply. */
export interface ScriptedToolCall {
  name: string;
  /** The arguments: an object (sent as its JSON) or the JSON text itself (malformed JSON is sent as given). Default `{}`. */
  arguments?: Record<string, unknown> | string;
  /** The call's id. Default `call_<request>_<n>`. */
  id?: string;
}

/** A fault on one scripted reply's stream (see scriptedFaults for what each does). */
export type ScriptedStepFault = 'error-mid-stream' | 'malformed-chunk' | 'cut-in-tool-call' | 'slow-first-token';

/** A reply: its text, its reasoning, its native tool calls, and optionally a fault on its stream. */
export interface ScriptedReplyStep {
  /** The content: prose, or Cline's XML tags in tag mode. */
  text?: string;
  /** The model's thinking, streamed first (in the profile's reasoning field). */
  reasoning?: string;
  /** Native tool calls (the finish reason is then `tool_calls`). */
  toolCalls?: readonly ScriptedToolCall[];
  fault?: ScriptedStepFault;
}

/** An error answer instead of a reply: the HTTP status, OpenAI's error body and any headers (`retry-after`). */
export interface ScriptedErrorStep {
  error: { status: number; message: string; type?: string; code?: string; headers?: Record<string, string> };
}

/**
 * What the model answers one request: a string (the reply's text), a {@link ScriptedReplyStep} or
 * a {@link ScriptedErrorStep}.
 */
export type ScriptedStep = string | ScriptedReplyStep | ScriptedErrorStep;

/**
 * The scripted model's replies: one step per chat request, in order, or a function of the
 * request and its 0-based number that returns the step (or `undefined`: the demo agent answers).
 */
export type ScriptedReplies =
  | readonly ScriptedStep[]
  | ((request: ChatRequest, index: number) => ScriptedStep | undefined);

const STEP_FAULTS: readonly string[] = ['error-mid-stream', 'malformed-chunk', 'cut-in-tool-call', 'slow-first-token'];
const REPLY_KEYS = new Set(['text', 'reasoning', 'toolCalls', 'fault']);

/** What is wrong with a step, or undefined when it can be played. */
export function stepProblem(step: unknown): string | undefined {
  if (typeof step === 'string') return undefined;
  if (typeof step !== 'object' || step === null || Array.isArray(step))
    return `a step is a string or an object, got ${step === null ? 'null' : Array.isArray(step) ? 'an array' : typeof step}`;
  if ('error' in step) {
    const e = (step as ScriptedErrorStep).error;
    if (typeof e !== 'object' || e === null || !Number.isInteger(e.status) || e.status < 400 || e.status > 599)
      return 'error.status must be an HTTP error status (400 to 599)';
    if (typeof e.message !== 'string') return 'error.message must be a string';
    return undefined;
  }
  const unknown = Object.keys(step).filter((k) => !REPLY_KEYS.has(k));
  if (unknown.length > 0)
    return `unknown key ${unknown.map((k) => `"${k}"`).join(', ')}; a reply has ${[...REPLY_KEYS].join(', ')}`;
  const s = step as ScriptedReplyStep;
  if (s.text !== undefined && typeof s.text !== 'string') return 'text must be a string';
  if (s.reasoning !== undefined && typeof s.reasoning !== 'string') return 'reasoning must be a string';
  if (s.fault !== undefined && !STEP_FAULTS.includes(s.fault))
    return `fault must be one of ${STEP_FAULTS.join(', ')}, got ${JSON.stringify(s.fault)}`;
  if (s.toolCalls !== undefined) {
    if (!Array.isArray(s.toolCalls)) return 'toolCalls must be an array';
    for (const [i, call] of s.toolCalls.entries()) {
      if (typeof call?.name !== 'string' || call.name === '') return `toolCalls[${i}].name must be a non-empty string`;
      const args = call.arguments;
      if (args !== undefined && typeof args !== 'string' && (typeof args !== 'object' || args === null))
        return `toolCalls[${i}].arguments must be an object or a JSON string`;
    }
  }
  return undefined;
}

/** The step for request `index`: from the list or the function; `undefined` when the demo agent answers. */
export function stepFor(
  replies: ScriptedReplies | undefined,
  request: ChatRequest,
  index: number,
): ScriptedStep | undefined | 'exhausted' {
  if (replies === undefined) return undefined;
  if (typeof replies === 'function') return replies(request, index);
  return index < replies.length ? replies[index] : 'exhausted';
}

/** A reply step in the scripted model's reply form, with its fault. */
export function renderStep(
  step: string | ScriptedReplyStep,
  index: number,
): { reply: ScriptedReply; fault: ScriptedStepFault | undefined } {
  const s: ScriptedReplyStep = typeof step === 'string' ? { text: step } : step;
  const content = s.text ?? '';
  const toolCalls = (s.toolCalls ?? []).map((call, n) => ({
    id: call.id ?? `call_${index}_${n}`,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  const native = toolCalls.length > 0;
  const tagAt = content.indexOf('<');
  const reply: ScriptedReply = {
    reasoning: s.reasoning ?? '',
    content,
    toolCalls,
    finishReason: native ? 'tool_calls' : 'stop',
    faultText: native ? 'arguments' : 'content',
    ...(native ? { toolStart: 0 } : tagAt >= 0 ? { toolStart: tagAt } : {}),
  };
  return { reply, fault: s.fault };
}
