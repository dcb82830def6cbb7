// A fetch call's arguments read as the request the scripted endpoint answers: method, path,
// headers, signal and a way to read the body, whether it came as a Request or as (url, init).

/** A request as the scripted endpoint reads it. */
export interface IncomingRequest {
  method: string;
  /** The URL's path, trailing slashes dropped. */
  path: string;
  headers: Headers;
  signal?: AbortSignal;
  bodyText: () => Promise<string>;
}

/** The request of a fetch call (`input` a URL, a string or a Request; `init` over it). */
export function incoming(input: RequestInfo | URL, init?: RequestInit): IncomingRequest {
  const isRequest = typeof Request !== 'undefined' && input instanceof Request;
  const url = isRequest ? (input as Request).url : String(input);
  const method = (init?.method ?? (isRequest ? (input as Request).method : 'GET')).toUpperCase();
  const headers = new Headers(init?.headers ?? (isRequest ? (input as Request).headers : undefined));
  const signal = init?.signal ?? (isRequest ? (input as Request).signal : undefined) ?? undefined;
  const body = init?.body ?? (isRequest ? (input as Request).body : null);
  return {
    method,
    path: new URL(url, 'http://scripted.invalid').pathname.replace(/\/+$/, ''),
    headers,
    signal,
    // A string body (what a chat client sends) is the text already: no Response to read it through.
    bodyText: () =>
      body == null ? Promise.resolve('') : typeof body === 'string' ? Promise.resolve(body) : new Response(body).text(),
  };
}
