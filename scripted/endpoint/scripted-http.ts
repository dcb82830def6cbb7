// Responses the way OpenAI's API shapes them: JSON bodies and `{ error: { message, type, param, code } }`.

export interface OpenAiErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An error response: `status` plus OpenAI's error body. */
export function errorResponse(
  status: number,
  message: string,
  details: { type?: string; param?: string | null; code?: string | null } = {},
  headers: Record<string, string> = {},
): Response {
  const error: OpenAiErrorBody = {
    message,
    type: details.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
    param: details.param ?? null,
    code: details.code ?? null,
  };
  return jsonResponse({ error }, status, headers);
}
