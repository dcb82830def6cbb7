// MCP elicitation against a server built on the official server SDK (test/support/
// mcp-elicit-server.mjs): over stdio the 2025 way (the server sends elicitation/create while the
// call runs), over Streamable HTTP the 2026-07-28 way (input_required results, the same
// tools/call retried with the answers). The capability is declared only with a handler; an answer
// that breaks the form's schema is asked again; a question repeated across the rounds of one call
// is asked once; the call's time-out stops while the person answers.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectMcpServer,
  type McpElicitationAnswer,
  type McpElicitationRequest,
  type McpServerConnection,
} from '../../../bindings/mcp/index.js';
import { startElicitHttpServer, type ElicitHttpServer } from '../../support/mcp-elicit-http.js';
import { tempFolder } from '../../support/mcp-servers.js';

const SERVER = join(import.meta.dirname, '..', '..', 'support', 'mcp-elicit-server.mjs');
const stdioEntry = { command: process.execPath, args: [SERVER] };

/** A handler answering from a list, recording each request. */
function answering(
  ...answers: Array<McpElicitationAnswer | ((r: McpElicitationRequest) => Promise<McpElicitationAnswer>)>
) {
  const asked: McpElicitationRequest[] = [];
  const handler = async (request: McpElicitationRequest) => {
    asked.push(request);
    const next = answers[Math.min(asked.length - 1, answers.length - 1)]!;
    return typeof next === 'function' ? next(request) : next;
  };
  return { asked, handler };
}

const ADA: McpElicitationAnswer = { action: 'accept', content: { name: 'Ada', age: 36, colour: 'green' } };
const YES: McpElicitationAnswer = { action: 'accept', content: { confirm: true } };

const text = (outcome: Awaited<ReturnType<McpServerConnection['callTool']>>) =>
  outcome.ok ? outcome.content : `failed: ${outcome.error.code}: ${outcome.error.message}`;

const connections: McpServerConnection[] = [];
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
});

async function connect(entry: Parameters<typeof connectMcpServer>[1], options: Parameters<typeof connectMcpServer>[2]) {
  const c = await connectMcpServer('elicit', entry, options);
  connections.push(c);
  expect(c.status, c.error?.message).toBe('connected');
  return c;
}

describe('elicitation/create over stdio (2025 revisions)', () => {
  it('asks the handler with the server, the tool, the message and the form, and sends the accepted answer', async () => {
    const { asked, handler } = answering(ADA);
    const c = await connect(stdioEntry, { onElicitation: handler });
    expect(text(await c.callTool('ask_name', {}))).toBe('answer: {"name":"Ada","age":36,"colour":"green"}');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ server: 'elicit', tool: 'ask_name', message: 'What is your name?' });
    expect(asked[0]!.requestedSchema).toMatchObject({ required: ['name'] });
  }, 30_000);

  it('sends a decline and a cancel as they are', async () => {
    const { handler } = answering({ action: 'decline' }, { action: 'cancel' });
    const c = await connect(stdioEntry, { onElicitation: handler });
    expect(text(await c.callTool('ask_name', {}))).toBe('answer: decline');
    expect(text(await c.callTool('ask_name', {}))).toBe('answer: cancel');
  }, 30_000);

  it('asks again, with the problem, when an answer breaks the form; three bad answers cancel', async () => {
    const { asked, handler } = answering({ action: 'accept', content: { name: 'Ada', age: -1 } }, ADA);
    const c = await connect(stdioEntry, { onElicitation: handler });
    expect(text(await c.callTool('ask_name', {}))).toContain('"name":"Ada","age":36');
    expect(asked).toHaveLength(2);
    expect(asked[0]!.problem).toBeUndefined();
    expect(asked[1]!.problem).toMatch(/age/);
    const bad = answering({ action: 'accept', content: { colour: 'purple' } });
    const c2 = await connect(stdioEntry, { onElicitation: bad.handler });
    expect(text(await c2.callTool('ask_name', {}))).toBe('answer: cancel');
    expect(bad.asked).toHaveLength(3);
  }, 30_000);

  it('asks a question the call already asked once: the repeat gets the first answer', async () => {
    const { asked, handler } = answering(ADA, YES, ADA, YES);
    const c = await connect(stdioEntry, { onElicitation: handler });
    const out = text(await c.callTool('deploy', { env: 'prod' }));
    expect(out).toBe(
      'deploy prod: {"name":"Ada","age":36,"colour":"green"} / {"name":"Ada","age":36,"colour":"green"} / {"confirm":true}',
    );
    expect(asked.map((r) => r.message)).toEqual(['What is your name?', 'Really deploy?']);
    // Another call is another set of questions.
    await c.callTool('deploy', { env: 'test' });
    expect(asked).toHaveLength(4);
  }, 30_000);

  it('declares no elicitation capability without a handler: the server cannot ask', async () => {
    const c = await connect(stdioEntry, {});
    const out = await c.callTool('ask_name', {});
    expect(out.ok ? out.isError : true).toBe(true);
    expect(text(out)).toMatch(/elicitation/i);
  }, 30_000);

  it("stops the call's clock while the person answers, and an abort reaches an open question", async () => {
    const slow = answering(async () => {
      await new Promise((r) => setTimeout(r, 700));
      return ADA;
    });
    const c = await connect({ ...stdioEntry, timeoutMs: 300 }, { onElicitation: slow.handler });
    expect(text(await c.callTool('ask_name', {}))).toContain('"name":"Ada"');
    let sawAbort = false;
    const waiting = answering(
      (_r) =>
        new Promise<McpElicitationAnswer>(() => {
          // never answered: the abort must end it
        }),
    );
    const c2 = await connect(stdioEntry, {
      onElicitation: (r, { signal }) => {
        signal.addEventListener('abort', () => {
          sawAbort = true;
        });
        return waiting.handler(r);
      },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const out = await c2.callTool('ask_name', {}, { signal: controller.signal });
    expect(out.ok ? 'ok' : out.error.code).toBe('mcp-aborted');
    expect(sawAbort).toBe(true);
  }, 30_000);
});

describe('input_required over Streamable HTTP (revision 2026-07-28)', () => {
  let http: ElicitHttpServer;
  let log: ReturnType<typeof tempFolder>;
  beforeAll(async () => {
    log = tempFolder();
    http = await startElicitHttpServer({ log: join(log.dir, 'calls.log') });
  });
  afterAll(async () => {
    await http?.stop();
    log?.remove();
  });
  const calls = () =>
    existsSync(join(log.dir, 'calls.log'))
      ? readFileSync(join(log.dir, 'calls.log'), 'utf8').trim().split('\n').filter(Boolean)
      : [];

  it('answers an input_required result by retrying the same tools/call with the answer', async () => {
    const { asked, handler } = answering(ADA);
    const c = await connect({ url: http.url }, { onElicitation: handler });
    const before = calls().length;
    expect(text(await c.callTool('ask_name', {}))).toBe('answer: {"name":"Ada","age":36,"colour":"green"}');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ server: 'elicit', tool: 'ask_name', message: 'What is your name?' });
    expect(calls().slice(before)).toEqual(['tools/call ask_name', 'tools/call ask_name']);
  }, 30_000);

  it('asks each question once across the rounds of one call (the second round repeats the first question)', async () => {
    const { asked, handler } = answering(ADA, YES);
    const c = await connect({ url: http.url }, { onElicitation: handler });
    const before = calls().length;
    const out = text(await c.callTool('deploy', { env: 'prod' }));
    expect(out).toBe(
      'deploy prod: {"name":"Ada","age":36,"colour":"green"} / {"name":"Ada","age":36,"colour":"green"} / {"confirm":true}',
    );
    expect(asked.map((r) => r.message)).toEqual(['What is your name?', 'Really deploy?']);
    expect(calls().slice(before)).toEqual(['tools/call deploy', 'tools/call deploy', 'tools/call deploy']);
  }, 30_000);

  it('sends a decline in the retried call', async () => {
    const { handler } = answering({ action: 'decline' });
    const c = await connect({ url: http.url }, { onElicitation: handler });
    expect(text(await c.callTool('ask_name', {}))).toBe('answer: decline');
  }, 30_000);
});
