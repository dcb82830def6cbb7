// The turn server's HTTP boundary: Host and Origin checked as the scripted serve checks them, a
// body past --max-body refused with a 413 that says so, the approval endpoint answering only with
// the turn's secret, a second turn of a running conversation refused, and `agent-turn serve` as a
// command (its flags, its address printed, a task refused).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/cli-process.js';
import { exists, startTestTurnServer } from './turn-server-harness.js';
import { CLI_NODE_ARGS } from '../../support/cli-command.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function served(args: string[] = ['--pace', '0']) {
  const s = await startTestTurnServer(args);
  cleanups.push(s.close);
  return s;
}

/** A raw POST (node:http, so Host can be anything), its status and body. */
function post(url: string, pathname: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(new URL(pathname, url), { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const chat = (id: string, text: string) =>
  JSON.stringify({ id, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text }] }] });

/** The approval id the chat stream handed out (its tool-approval-request part). */
const approvalIdIn = (sse: string) => /"type":"tool-approval-request","approvalId":"([^"]+)"/.exec(sse)?.[1];

describe.concurrent('the turn server over HTTP', () => {
  it('refuses a Host that is not its address (421) and an Origin not allowed (403); allows the given origin', async () => {
    const s = await served(['--pace', '0', '--allow-origin', 'http://app.test:3000']);
    const rebound = await post(s.server.url, '/api/chat', chat('a', 'hi'), { host: 'evil.test:80' });
    expect(rebound.status).toBe(421);
    const foreign = await post(s.server.url, '/api/chat', chat('a', 'hi'), { origin: 'http://evil.test' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.message).toContain('--allow-origin http://evil.test');
    const allowed = await post(s.server.url, '/api/chat', chat('b', 'Summarize this project'), {
      origin: 'http://app.test:3000',
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://app.test:3000');
    expect(allowed.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(allowed.body.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('refuses a body past --max-body with a 413 that names the limit; bad JSON and bad input with a 400', async () => {
    const s = await served(['--pace', '0', '--max-body', '4K']);
    const big = await post(s.server.url, '/ag-ui', 'x'.repeat(5000));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error).toMatchObject({ code: 'body-too-large' });
    expect(JSON.parse(big.body).error.message).toContain('4096 bytes');
    expect((await post(s.server.url, '/ag-ui', '{not json')).status).toBe(400);
    const noThread = await post(s.server.url, '/ag-ui', JSON.stringify({ runId: 'r', messages: [] }));
    expect(JSON.parse(noThread.body).error.code).toBe('invalid-ag-ui-input');
    const noUser = await post(s.server.url, '/api/chat', JSON.stringify({ id: 'c', messages: [] }));
    expect(JSON.parse(noUser.body).error.code).toBe('no-user-message');
    expect((await post(s.server.url, '/elsewhere', '{}')).status).toBe(404);
  });

  it('answers POST /approval only with the turn secret; a running chat refuses a second turn', async () => {
    const s = await served();
    const asked = await post(s.server.url, '/api/chat', chat('c1', 'Write notes.md'));
    const approvalId = approvalIdIn(asked.body);
    expect(approvalId).toBeDefined();
    const again = await post(s.server.url, '/api/chat', chat('c1', 'Something else'));
    expect(again.status).toBe(409);
    const forged = (approvalId as string).replace(/:[^:]+:/, ':guessed:');
    const wrong = await post(s.server.url, '/approval', JSON.stringify({ approvalId: forged, approved: true }));
    expect(wrong.status).toBe(403);
    expect(await exists(path.join(s.root, 'notes.md'))).toBe(false);
    const bad = await post(s.server.url, '/approval', JSON.stringify({ approvalId }));
    expect(bad.status).toBe(400);
    const ok = await post(s.server.url, '/approval', JSON.stringify({ approvalId, approved: true }));
    expect(ok.status).toBe(200);
    expect((await s.ended()).reason).toBe('completed');
    expect(await readFile(path.join(s.root, 'notes.md'), 'utf8')).toContain('It really ends here.');
    // Answered already: the same answer again is fine, another is not.
    const other = await post(s.server.url, '/approval', JSON.stringify({ approvalId, approved: false }));
    expect(other.status).toBe(409);
  });

  it('`agent-turn serve` prints its address, serves, and refuses a task', async () => {
    const child = spawn(process.execPath, [...CLI_NODE_ARGS, 'serve', '--port', '0', '--pace', '0'], {
      cwd: REPO_ROOT,
      env: { ...process.env, OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined } as NodeJS.ProcessEnv,
    });
    cleanups.push(async () => void child.kill('SIGKILL'));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        const match = /agent-turn serve: (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    const reply = await post(url, '/api/chat', chat('c', 'Summarize this project'));
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('"type":"finish"');
    child.kill('SIGINT');
    const task = spawn(process.execPath, [...CLI_NODE_ARGS, 'serve', 'do', 'something'], {
      cwd: REPO_ROOT,
    });
    let err = '';
    task.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const code = await new Promise((resolve) => task.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('serve takes no task');
  }, 60_000);
});
