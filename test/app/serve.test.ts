import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { startScriptedServer, type ScriptedServer } from '../../app/serve/serve-scripted-model.js';
import { modelProfiles } from '../../src/profiles/profiles.js';
import { readChatCompletionStream, type ChatStreamSource } from '../../src/wire/read-chat-completion-stream.js';
import type { ChatStreamEvent } from '../../src/wire/types.js';

const messages = [{ role: 'user' as const, content: 'Read README.md' }];

async function collect(source: ChatStreamSource) {
  const events: ChatStreamEvent[] = [];
  for await (const e of readChatCompletionStream(source)) events.push(e);
  const join = (type: 'reasoning' | 'text') => events.map((e) => (e.type === type ? e.text : '')).join('');
  return { reasoning: join('reasoning'), content: join('text'), events };
}

let server: ScriptedServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startScriptedServer({ port: 0, pace: 0 });
  client = new OpenAI({ baseURL: server.url, apiKey: 'x' });
});
afterAll(() => server.close());

describe('npm run serve, used by the official openai client', () => {
  it('binds to loopback and names the /v1 base URL', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/v1`);
  });

  for (const id of Object.keys(modelProfiles)) {
    it(`streams ${id}; the SDK's chunk objects read the same as the raw bytes`, async () => {
      const model = id === 'scripted' ? 'scripted' : id;
      const stream = await client.chat.completions.create({
        model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      const sdkChunks: object[] = [];
      for await (const chunk of stream) sdkChunks.push(chunk);
      const fromSdk = await collect(
        (async function* () {
          yield* sdkChunks;
        })(),
      );
      const raw = await fetch(`${server.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages, stream: true, stream_options: { include_usage: true } }),
      });
      const fromBytes = await collect(raw);
      expect(fromSdk.content).toBe(fromBytes.content);
      expect(fromSdk.reasoning).toBe(fromBytes.reasoning);
      expect(fromSdk.events).toEqual(fromBytes.events);
      expect(fromBytes.content).toContain('<list_files>');
      const showsReasoning = modelProfiles[id].reasoning === 'reasoning_content';
      expect(fromBytes.reasoning !== '').toBe(showsReasoning);
    });
  }

  it('lists models', async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toContain('scripted');
    expect(ids).toContain('gpt-5.4-mini');
  });

  it('answers bad requests like OpenAI: the SDK raises its BadRequestError with the message', async () => {
    const error = await client.chat.completions
      .create({
        model: 'qwen3.6-plus',
        messages,
        response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'object' } } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).status).toBe(400);
    expect((error as Error).message).toContain("'messages' must contain the word 'json'");
  });

  it('answers unparseable JSON with a 400 error body', async () => {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/could not parse the JSON body/);
    expect((await fetch(`${server.url}/nothing-here`)).status).toBe(404);
  });

  it('the SDK retries a 429 and gets the answer', async () => {
    const flaky = await startScriptedServer({ port: 0, pace: 0, faults: ['http-429-once'] });
    try {
      const sdk = new OpenAI({ baseURL: flaky.url, apiKey: 'x', maxRetries: 1 });
      const completion = await sdk.chat.completions.create({ model: 'gpt-4.1-mini', messages });
      expect(completion.choices[0].message.content).toContain('<list_files>');
    } finally {
      await flaky.close();
    }
  });

  it('stops streaming when the client disconnects', async () => {
    const slow = await startScriptedServer({ port: 0, pace: { firstTokenMs: 0, tokenMs: 200 } });
    try {
      const controller = new AbortController();
      const response = await fetch(`${slow.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'scripted', messages, stream: true }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      expect(slow.inFlight()).toBe(1);
      controller.abort();
      for (let i = 0; i < 500 && slow.inFlight() > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(slow.inFlight()).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe('the serve program', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints its URL, serves, and stops cleanly on ${signal}`, async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'app/serve/serve.ts', '--port', '0', '--pace', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /serving at (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('exit', () => reject(new Error(`serve exited early: ${out}`)));
      });
      const list = (await (await fetch(`${url}/models`)).json()) as { data: Array<{ id: string }> };
      expect(list.data.map((m) => m.id)).toContain('scripted');
      child.kill(signal);
      expect(await exited).toBe(0);
    });
  }

  it('refuses bad arguments with exit code 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/serve/serve.ts', '--fault', 'nope'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('unknown fault "nope"');
  });
});
