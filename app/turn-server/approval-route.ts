// POST /approval: answers a waiting tool use out of band, `{ approvalId, approved, feedback? }`.
// The approval id is the one the stream handed out (AG-UI interrupt id, UI stream approval id):
// it carries the turn's secret, so only who read the turn's stream can answer it.
import { sendError } from './http-io.js';
import type { Route } from './route-context.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Answers one approval; the turn's stream goes on when its client comes back (resume, or useChat's next post). */
export const approvalRoute: Route = async (context, body, res, cors) => {
  if (!isObject(body) || typeof body.approvalId !== 'string' || typeof body.approved !== 'boolean')
    return sendError(
      res,
      400,
      'invalid-approval',
      'The body must be { approvalId: string, approved: boolean, feedback?: string }.',
      cors,
    );
  if (body.feedback !== undefined && typeof body.feedback !== 'string')
    return sendError(res, 400, 'invalid-approval', 'feedback must be a string.', cors);
  const turn = context.registry.byApprovalId(body.approvalId);
  if (!turn) return sendError(res, 404, 'unknown-approval', 'No turn of this server hands out that approval id.', cors);
  const result = turn.answer(body.approvalId, body.approved, body.feedback as string | undefined);
  if (!result.ok) return sendError(res, result.status, result.code, result.message, cors);
  res.writeHead(200, { 'content-type': 'application/json', ...cors });
  res.end(JSON.stringify({ ok: true }));
};
