// A model that answers with chosen replies, over real HTTP as an OpenAI-compatible endpoint:
// each request gets the next reply (text in Cline's XML tags), streamed in small chunks with
// its usage; once they run out it completes the turn. Tests drive the CLI with the tool uses
// they need (an edit, a two-line command) as a hostile or a careless model would send them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixedReplyModel {
  /** The base URL for --base-url, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  /** The request bodies received, in order. */
  requests: Record<string, any>[];
  close(): Promise<void>;
}

export interface FixedReply {
  content: string;
  /** The usage chunk sent after the reply (default 1000 in, 50 out); null sends none. */
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  /** Milliseconds between chunks (default 0). */
  delayMs?: number;
  /** Stop streaming after this many characters until `open` resolves (a test acts mid-stream). */
  gate?: { afterChars: number; open: Promise<void> };
}

const COMPLETION = '<attempt_completion>\n<result>Done.</result>\n</attempt_completion>';

/** Serves `replies` one per request on 127.0.0.1 (a free port). */
export async function startFixedReplyModel(replies: readonly (FixedReply | string)[]): Promise<FixedReplyModel> {
  const requests: Record<string, any>[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', async () => {
      requests.push(JSON.parse(body || '{}'));
      const given = replies[next++] ?? COMPLETION;
      const reply = typeof given === 'string' ? { content: given } : given;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
      const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
        id: 'fixed',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'fixed',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      for (let i = 0; i < reply.content.length; i += 16) {
        if (reply.gate && i >= reply.gate.afterChars && i - 16 < reply.gate.afterChars) await reply.gate.open;
        send(chunk({ content: reply.content.slice(i, i + 16) }, null));
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      }
      send(chunk({}, 'stop'));
      const usage = reply.usage === undefined ? { prompt_tokens: 1000, completion_tokens: 50 } : reply.usage;
      if (usage)
        send({
          id: 'fixed',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'fixed',
          choices: [],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tool use in Cline's XML tags. */
export function xmlToolUse(name: string, params: Record<string, string>, before = ''): string {
  const inner = Object.entries(params)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('\n');
  return `${before}${before ? '\n\n' : ''}<${name}>\n${inner}\n</${name}>`;
}
