// A request check's answer, and the 400 that names the parameter at fault.
import type { ChatRequest } from '../../src/wire/types.js';
import { errorResponse } from './scripted-http.js';

/** The request, or the 400 response OpenAI would give it. */
export type RequestCheck = { ok: true; request: ChatRequest } | { ok: false; response: Response };

/** A 400 naming `param` (and OpenAI's error code, when it has one). */
export function invalid(message: string, param: string | null, code: string | null = null): RequestCheck {
  return { ok: false, response: errorResponse(400, message, { param, code }) };
}

/** A plain object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
