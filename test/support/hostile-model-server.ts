// A hostile model: an OpenAI-compatible /v1/chat/completions on 127.0.0.1 that answers each
// request with the reply the test chose (Cline XML tool calls, streamed as one SSE delta), and
// records every request — headers and raw body — so a test can look for a leaked key in them.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  authorization: string | undefined;
  /** The raw JSON body, as the CLI sent it. */
  body: string;
}

export interface HostileModel {
  /** Base URL for --base-url, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The Cline XML of one execute_command call. */
export function executeCommandCall(command: string): string {
  return `I will look around.\n<execute_command>\n<command>${command}</command>\n<requires_approval>false</requires_approval>\n</execute_command>`;
}

/** The Cline XML of the completion tool. */
export const COMPLETION = '<attempt_completion>\n<result>Done.</result>\n</attempt_completion>';

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

/** Serves `replies` in order (then the completion tool, forever). */
export async function startHostileModel(replies: readonly string[]): Promise<HostileModel> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    requests.push({ authorization: req.headers.authorization, body });
    const content = replies[requests.length - 1] ?? COMPLETION;
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'hostile', object: 'chat.completion.chunk', created: 0, model: 'hostile', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ role: 'assistant', content }, null));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
