// MCP elicitation in the page, end to end: the page built with vite and served on loopback by the
// same origin as an MCP server built on the official server SDK (test/support/mcp-elicit-server.mjs),
// connected in the settings by its URL. The scripted model calls the server's ask_name; the page
// asks for the tool's approval, then shows the server's form; what the person sends reaches the
// tool and comes back in its result; Decline is answered as declined.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverNameOf } from '../../../app/web/mcp-panel.js';
import { type ElicitHttpServer, startElicitHttpServer } from '../../support/mcp-elicit-http.js';
import { builtPage } from '../../support/built-page.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let outDir = '';
let server: ElicitHttpServer;
let browser: Browser;

/** The page's files, for every path but /mcp (the MCP server's). */
async function pageFile(request: Request): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  if (pathname === '/mcp') return undefined;
  const file = normalize(join(outDir, pathname === '/' ? 'index.html' : decodeURIComponent(pathname)));
  if (!file.startsWith(outDir + sep)) return new Response(null, { status: 403 });
  try {
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    return new Response(await readFile(file), { headers: { 'content-type': type } });
  } catch {
    return new Response(null, { status: 404 });
  }
}

beforeAll(async () => {
  outDir = await builtPage();
  server = await startElicitHttpServer({ guard: pageFile });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page, connected to the MCP server, with a turn that calls ask_name waiting for its approval. */
async function askNameTurn(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.origin}/?pace=0`);
  await page.getByTestId('mcp-url').fill(server.url);
  await page.getByTestId('mcp-connect').click();
  await expect.poll(() => page.getByTestId('mcp-status').textContent(), { timeout: 15_000 }).toContain('connected');
  const name = serverNameOf(new URL(server.url));
  await page.getByTestId('task-input').fill(`Use the MCP tool \`ask_name\` of server \`${name}\` with \`{}\`.`);
  await page.getByTestId('submit').click();
  await page.locator('[data-testid=tool-card][data-status=awaiting-approval]').waitFor({ timeout: 15_000 });
  await page.getByTestId('approve').click();
  await page.getByTestId('elicit-form').waitFor({ timeout: 15_000 });
  return { page, errors };
}

describe('MCP elicitation in the page', () => {
  it('the server’s form is shown under the turn; what is sent reaches the tool', async () => {
    const { page, errors } = await askNameTurn();
    const form = page.getByTestId('elicit-form');
    expect(await form.getAttribute('aria-label')).toContain('asks for input');
    expect(await page.getByTestId('elicit-message').textContent()).toBe('What is your name?');
    // The first field has the focus: the person types at once.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field'))).toBe(
      'name',
    );
    await form.getByLabel('Your name *').fill('Ada');
    await form.locator('[data-field=age] input').fill('36');
    await form.locator('[data-field=colour] select').selectOption('blue');
    await page.getByTestId('elicit-accept').click();
    await page.locator('#outcome[data-reason=completed]').waitFor({ timeout: 15_000 });
    const result = await page.locator('#conversation [data-testid=tool-result]').last().textContent();
    expect(result).toContain('answer: {"name":"Ada","age":36,"colour":"blue"}');
    expect(await page.getByTestId('elicit-note').textContent()).toBe('Sent.');
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('Decline: the tool hears it was declined', async () => {
    const { page, errors } = await askNameTurn();
    await page.getByTestId('elicit-decline').click();
    await page.locator('#outcome[data-reason=completed]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#conversation [data-testid=tool-result]').last().textContent()).toContain(
      'answer: decline',
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
