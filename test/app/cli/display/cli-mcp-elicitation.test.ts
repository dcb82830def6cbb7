// A server's question at the terminal (MCP elicitation): in a real pseudo-terminal, the CLI calls
// the SDK-built test server's ask_name and the person fills in the form — a bad number is read
// again, a choice is picked by number — and the server gets the answer; over Streamable HTTP
// (revision 2026-07-28, the call retried with the answer) a decline reaches the server. The form
// itself with a scripted prompter: decline, cancel, required fields, defaults, an abort.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';
import { askElicitationAtTerminal } from '../../../../app/cli/mcp/mcp-elicitation-prompt.js';
import type { McpElicitationRequest } from '../../../../bindings/mcp/index.js';
import { startElicitHttpServer } from '../../../support/mcp-elicit-http.js';
import { PERSON_SCHEMA } from '../../../support/mcp-elicit-server.mjs';
import { tempFolder } from '../../../support/mcp-servers.js';
import { startCliInPty } from '../../../support/pty-session.js';

const SERVER = join(import.meta.dirname, '..', '..', '..', 'support', 'mcp-elicit-server.mjs');
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function workspaceWith(entry: Record<string, unknown>) {
  const folder = tempFolder({ 'a.txt': 'alpha\n' });
  cleanups.push(folder.remove);
  const config = join(folder.dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { elicit: { ...entry, alwaysAllow: true } } }));
  return { dir: folder.dir, config };
}

function cliWith(ws: { dir: string; config: string }) {
  const cli = startCliInPty(
    [
      '--model',
      'scripted',
      '--pace',
      '0',
      '--workspace',
      ws.dir,
      '--mcp-config',
      ws.config,
      'Use the MCP tool `ask_name` of server `elicit`.',
    ],
    { columns: 100, rows: 40 },
  );
  cleanups.push(() => cli.kill());
  return cli;
}

describe.concurrent('a server asks for input at the terminal', () => {
  it('shows the card and the form, reads each field until it fits, and the server gets the answer (stdio)', async () => {
    const cli = cliWith(workspaceWith({ command: process.execPath, args: [SERVER] }));
    await cli.waitFor('MCP server elicit (tool ask_name) asks for input', 60_000);
    await cli.waitFor('What is your name?');
    await cli.waitFor('3. cancel');
    cli.type('1\r');
    await cli.waitFor('Your name *');
    cli.type('Ada\r');
    await cli.waitFor(/age \(a whole number, Enter to skip\)/);
    cli.type('thirty\r');
    await cli.waitFor('age: expected a whole number');
    cli.type('36\r');
    await cli.waitFor('2. green');
    cli.type('2\r');
    await cli.waitFor('answer: {"name":"Ada","age":36,"colour":"green"}', 30_000);
    expect(await cli.exited).toBe(0);
  }, 90_000);

  it('sends a decline over Streamable HTTP, where the call is retried with it', async () => {
    const http = await startElicitHttpServer();
    cleanups.push(http.stop);
    const cli = cliWith(workspaceWith({ url: http.url }));
    await cli.waitFor('3. cancel', 60_000);
    cli.type('2\r');
    await cli.waitFor('answer: decline', 30_000);
    expect(await cli.exited).toBe(0);
  }, 90_000);
});

/** A prompter answering from a list; what it was asked is kept. */
function scripted(...answers: string[]) {
  const asked: Array<{ question: string; options: string[] }> = [];
  return {
    asked,
    prompter: {
      ask: async (question: string, options: string[]) => {
        asked.push({ question, options });
        const answer = answers.shift() ?? '';
        const pick = Number(answer);
        return Number.isInteger(pick) && pick >= 1 && pick <= options.length ? options[pick - 1]! : answer;
      },
    },
  };
}

const REQUEST: McpElicitationRequest = {
  server: 'elicit',
  tool: 'ask_name',
  message: 'What is your name?\x1b]52;c;aGk=\x07',
  requestedSchema: PERSON_SCHEMA,
};

describe('the terminal form', () => {
  const style = createStyle(false);
  const run = async (answers: string[], request = REQUEST, signal = new AbortController().signal) => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (c) => {
      text += String(c);
    });
    const { prompter, asked } = scripted(...answers);
    const answer = await askElicitationAtTerminal(prompter, out, style, request, signal);
    return { answer, asked, text };
  };

  it('declines and cancels by choice, number or letter', async () => {
    expect((await run(['2'])).answer).toEqual({ action: 'decline' });
    expect((await run(['d'])).answer).toEqual({ action: 'decline' });
    expect((await run(['3'])).answer).toEqual({ action: 'cancel' });
    expect((await run(['cancel'])).answer).toEqual({ action: 'cancel' });
  });

  it('asks a required field again when skipped, leaves an optional one out, reveals hidden characters', async () => {
    const { answer, asked, text } = await run(['1', '', 'Ada', '', 'blue']);
    expect(answer).toEqual({ action: 'accept', content: { name: 'Ada', colour: 'blue' } });
    expect(asked.map((a) => a.question.split(' (')[0])).toEqual([
      'Answer it?',
      'Your name *',
      'Your name *',
      'age',
      'Favourite colour',
    ]);
    expect(asked[4]!.options).toEqual(['red', 'green', 'blue']);
    expect(text).toContain('Your name is required');
    expect(text).not.toContain('\x1b');
    expect(text).toContain('MCP server elicit (tool ask_name) asks for input');
  });

  it('takes a default on Enter, says a problem the client found, and cancels on an abort', async () => {
    const withDefault = {
      ...REQUEST,
      problem: 'age: expected integer',
      requestedSchema: { type: 'object', properties: { agree: { type: 'boolean', default: true } } },
    };
    const { answer, text } = await run(['1', ''], withDefault);
    expect(answer).toEqual({ action: 'accept', content: { agree: true } });
    expect(text).toContain('not sent: age: expected integer; answer again');
    const controller = new AbortController();
    controller.abort();
    expect((await run(['1', 'Ada'], REQUEST, controller.signal)).answer).toEqual({ action: 'cancel' });
  });
});
