/// <reference types="node" />
// A fetch for Node servers that run many turns: node:http and node:https with keep-alive agents,
// and responses whose bodies are the sockets' own chunks (node-response.ts). Reading the replies of
// 1,000 concurrent turns costs about half the CPU of the global fetch, whose bodies are web
// streams (`npm run bench -- many-turns`: the "read and dropped" lines).
import { once } from 'node:events';
import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FetchLike } from '../../src/wire/types.js';
import { nodeResponse } from './node-response.js';

/** Options of {@link createNodeHttpFetch}. */
export interface NodeHttpFetchOptions {
  /** The agent for http: URLs. Default: one keep-alive agent per fetch function. */
  httpAgent?: HttpAgent;
  /** The agent for https: URLs. Default: one keep-alive agent per fetch function. */
  httpsAgent?: HttpsAgent;
  /**
   * Unread body bytes held per response before the socket is paused (default 1 MiB): a reader
   * that stops reading stops the sender instead of filling memory.
   */
  maxQueuedBytes?: number;
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  const entries =
    headers instanceof Headers
      ? headers.entries()
      : Array.isArray(headers)
        ? (headers as [string, string][])
        : Object.entries(headers);
  for (const [name, value] of entries) out[name.toLowerCase()] = value;
  return out;
}

async function sendBody(req: ClientRequest, body: BodyInit | null | undefined): Promise<void> {
  if (body === undefined || body === null) return void req.end();
  if (typeof body === 'string' || body instanceof Uint8Array) return void req.end(body);
  if (body instanceof ArrayBuffer) return void req.end(new Uint8Array(body));
  if (body instanceof Blob) {
    // A large request (request-body.ts sends one of 1 Mi characters or more as a Blob of pieces).
    const reader = body.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!req.write(value)) await once(req, 'drain');
    }
    return void req.end();
  }
  throw new TypeError('createNodeHttpFetch: the body must be a string, bytes or a Blob');
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('This operation was aborted');
  error.name = 'AbortError';
  return error;
}

/**
 * A `fetch` over node:http / node:https for a Node process that runs many turns: pass it as the
 * chat client's `fetch`. Takes a URL (string or URL object) and a RequestInit (method, headers,
 * body as string, bytes or Blob, signal); rejects like fetch on a network failure or an abort.
 * Its Response has status, statusText, ok, url, headers, body.getReader(), text(), json() and
 * arrayBuffer(); the body is not a web ReadableStream. In a browser, keep the global fetch.
 *
 * @example
 * ```ts
 * import { createChatClient } from 'agent-turn';
 * import { createNodeHttpFetch } from 'agent-turn/node';
 *
 * const client = createChatClient({ baseURL: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY, fetch: createNodeHttpFetch() });
 * ```
 */
export function createNodeHttpFetch(options: NodeHttpFetchOptions = {}): FetchLike {
  const httpAgent = options.httpAgent ?? new HttpAgent({ keepAlive: true });
  const httpsAgent = options.httpsAgent ?? new HttpsAgent({ keepAlive: true });
  const maxQueuedBytes = options.maxQueuedBytes ?? 1024 * 1024;

  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      if (typeof input !== 'string' && !(input instanceof URL)) {
        throw new TypeError('createNodeHttpFetch: pass a URL (string or URL), not a Request');
      }
      const url = new URL(input);
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') {
        throw new TypeError(`createNodeHttpFetch: ${url.protocol} URLs are not supported (http: and https: are)`);
      }
      const { signal } = init;
      if (signal?.aborted) throw abortReason(signal);
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method: init.method ?? 'GET',
        headers: headerRecord(init.headers),
        agent: secure ? httpsAgent : httpAgent,
      });
      const onAbort = () => req.destroy(abortReason(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.once('close', () => signal?.removeEventListener('abort', onAbort));
      req.on('error', reject); // after the response, its body reports the failure (reject is a no-op then)
      req.once('response', (message: IncomingMessage) => resolve(nodeResponse(message, url.href, maxQueuedBytes)));
      sendBody(req, init.body).catch((error: unknown) => req.destroy(error as Error));
    });
}
