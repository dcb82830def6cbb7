// A server's request for input (MCP elicitation, form mode): `elicitation/create` sent to the
// client (revisions 2025-06-18 and 2025-11-25), or embedded in the `input_required` result of a
// `tools/call` that the client answers by retrying the same call (revision 2026-07-28; the SDK's
// driver does the retrying and hands each embedded request to the same handler). Either way the
// person is asked through the caller's `onElicitation`, the answer is checked against the
// requested schema before it is sent (asked again with the problem when it does not fit), and
// within one call the same question is asked once: a later round that repeats it gets the first
// answer.
import { elicitationProblem, type McpElicitationContent } from './mcp-elicitation-form.js';

/** A server's question, as a UI shows it. */
export interface McpElicitationRequest {
  /** The server asking. */
  server: string;
  /** The tool whose call asks (absent when the server asked outside a call). */
  tool?: string;
  /** What the server says it wants. */
  message: string;
  /** The form: a flat object schema (see {@link elicitationFields}). */
  requestedSchema: Record<string, unknown>;
  /** Why the last answer was not sent (it did not fit the schema); the person is asked again. */
  problem?: string;
}

/** The person's answer: the form filled in, declined (said no), or cancelled (dismissed without choosing). */
export type McpElicitationAnswer =
  | { action: 'accept'; content: McpElicitationContent }
  | { action: 'decline' }
  | { action: 'cancel' };

/** Asks the person; the signal fires when the call is cancelled (the turn aborted, a time-out). */
export type McpElicitationHandler = (
  request: McpElicitationRequest,
  context: { signal: AbortSignal },
) => Promise<McpElicitationAnswer>;

/** How often an answer that does not fit the schema is asked again before the request counts as cancelled. */
export const MAX_ELICITATION_ATTEMPTS = 3;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The questions of one tool call, and their answers: a question repeated in a later round is not asked again. */
export interface McpElicitationRound {
  tool: string;
  answers: Map<string, McpElicitationAnswer>;
  /** The call's clock stops while the person answers… */
  pause?(): void;
  /** …and starts again after. */
  resume?(): void;
  /** The call's own cancellation (the turn aborted). */
  signal?: AbortSignal;
}

/**
 * Answers one elicitation request: a URL-mode request (not offered) is declined, a form is put to
 * the person and an accepted answer checked against its schema (asked again, with the problem, up
 * to {@link MAX_ELICITATION_ATTEMPTS} times; then cancelled). A question this call already asked
 * gets the same answer.
 */
export async function answerElicitation(
  handler: McpElicitationHandler,
  server: string,
  params: unknown,
  call: McpElicitationRound | undefined,
  signal: AbortSignal,
): Promise<McpElicitationAnswer> {
  const p = isRecord(params) ? params : {};
  if (p.mode === 'url' || !isRecord(p.requestedSchema)) return { action: 'decline' };
  const message = typeof p.message === 'string' ? p.message : '';
  const requestedSchema = p.requestedSchema;
  const key = JSON.stringify([message, requestedSchema]);
  const earlier = call?.answers.get(key);
  if (earlier !== undefined) return earlier;
  let problem: string | undefined;
  for (let attempt = 0; attempt < MAX_ELICITATION_ATTEMPTS; attempt++) {
    if (signal.aborted) return { action: 'cancel' };
    const request: McpElicitationRequest = {
      server,
      ...(call ? { tool: call.tool } : {}),
      message,
      requestedSchema,
      ...(problem !== undefined ? { problem } : {}),
    };
    let answer: McpElicitationAnswer;
    call?.pause?.();
    try {
      answer = await handler(request, { signal });
    } catch {
      return { action: 'cancel' };
    } finally {
      call?.resume?.();
    }
    if (answer.action === 'accept') {
      problem = elicitationProblem(answer.content, requestedSchema);
      if (problem !== undefined) continue;
      answer = { action: 'accept', content: answer.content };
    } else {
      answer = { action: answer.action === 'decline' ? 'decline' : 'cancel' };
    }
    call?.answers.set(key, answer);
    return answer;
  }
  return { action: 'cancel' };
}
