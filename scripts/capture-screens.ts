// Screen captures of the CLI and the page, for docs/screens.md's before/after comparison (issue
// 24): the CLI in a real pseudo-terminal read back through an xterm.js emulator at 120 and 50
// columns (text files, no escape sequences; the diff's colours written out as a description),
// and the page in Chromium at four widths. The repository captured is an argument, so an old
// commit (a git worktree of it) is captured by the same script as today's checkout:
//   node --import tsx scripts/capture-screens.ts <repo-root> <out-dir> <label>
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import xterm from '@xterm/headless';
import { chromium } from 'playwright';
import { build } from 'vite';
import { startFixedReplyModel, xmlToolUse } from '../test/support/fixed-reply-model.js';
import { replayInto, stripTerminal } from '../test/support/pty-session.js';

const { Terminal } = xterm as unknown as { Terminal: typeof import('@xterm/headless').Terminal };
const DRIVER = fileURLToPath(new URL('../test/support/pty-driver.py', import.meta.url));
const [rootArg, outArg, label] = process.argv.slice(2);
if (!rootArg || !outArg || !label) throw new Error('usage: capture-screens.ts <repo-root> <out-dir> <label>');
const root = resolve(rootArg);
const out = resolve(outArg);

const MARKDOWN_REPLY = `# Plan

The **parser** reads the stream *once*; see \`src/parser.ts\` and [the docs](https://example.com/docs).

- one pass, O(n)
- ids stable across re-parses

| file | lines |
| --- | --- |
| src/a.ts | 12 |
| src/b.ts | 40 |

\`\`\`ts
export const answer: number = 42;
\`\`\`

A long paragraph that wraps at word boundaries on a narrow terminal: a path such as src/components/header/title.ts stays whole where it fits.`;

const OLD_FILE = 'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n';
const NEW_FILE =
  'export function total(items: readonly number[], start = 0): number {\n  // Sum the items, beginning at `start`; an empty list gives `start` back unchanged.\n  return items.reduce((sum, item) => sum + item, start);\n}\n';

/** Runs the CLI of `root` in a pseudo-terminal; `answer` types keys when the screen shows a text. */
async function runCli(
  args: string[],
  columns: number,
  answer?: { when: string; keys: string; capture: (raw: string) => void },
): Promise<string> {
  const child = spawn(
    'python3',
    [DRIVER, String(columns), '40', process.execPath, '--import', 'tsx', join(root, 'app/cli.ts'), '--print', ...args],
    {
      cwd: root,
      env: { ...process.env, TERM: 'xterm-256color', NO_COLOR: undefined, OPENAI_API_KEY: undefined, PAGER: 'cat' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let raw = '';
  let answered = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    raw += chunk;
    if (answer && !answered && stripTerminal(raw).includes(answer.when)) {
      answered = true;
      setTimeout(() => {
        answer.capture(raw);
        child.stdin.write(`${JSON.stringify({ write: answer.keys })}\n`);
      }, 300);
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await new Promise((done) => child.on('close', done));
  clearTimeout(timer);
  return raw;
}

type XtermTerminal = InstanceType<typeof Terminal>;

async function screenOf(raw: string, columns: number): Promise<XtermTerminal> {
  const term = new Terminal({ cols: columns, rows: 40, scrollback: 5000, allowProposedApi: true });
  await new Promise<void>((done) => {
    replayInto(term, raw);
    term.write('', done);
  });
  return term;
}

function rowsOf(term: XtermTerminal): string[] {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  for (let i = 0; i < buffer.length; i++) rows.push(buffer.getLine(i)!.translateToString(true));
  while (rows.at(-1) === '') rows.pop();
  return rows;
}

const colourName = (mode: 'fg' | 'bg', cell: import('@xterm/headless').IBufferCell): string | undefined => {
  const isDefault = mode === 'fg' ? cell.isFgDefault() : cell.isBgDefault();
  if (isDefault) return undefined;
  const value = mode === 'fg' ? cell.getFgColor() : cell.getBgColor();
  const rgb = mode === 'fg' ? cell.isFgRGB() : cell.isBgRGB();
  return rgb ? `#${value.toString(16).padStart(6, '0')}` : `palette ${value}`;
};

/** Each row with colours, then its runs of one colour: `"text" fg … bg …` (what the eye sees as colour, in words). */
function colourDescription(term: XtermTerminal): string[] {
  const buffer = term.buffer.active;
  const lines: string[] = [];
  for (let i = 0; i < buffer.length; i++) {
    const line = buffer.getLine(i)!;
    const runs: string[] = [];
    let text = '';
    let key = '';
    const flush = () => {
      if (text.trim() !== '' && key !== '') runs.push(`"${text}" ${key}`);
      text = '';
    };
    for (let x = 0; x < line.length; x++) {
      const cell = line.getCell(x)!;
      const fg = colourName('fg', cell);
      const bg = colourName('bg', cell);
      const next = [fg ? `fg ${fg}` : '', bg ? `bg ${bg}` : '', cell.isBold() ? 'bold' : '', cell.isDim() ? 'dim' : '']
        .filter(Boolean)
        .join(', ');
      if (next !== key) {
        flush();
        key = next;
      }
      text += cell.getChars() || ' ';
    }
    flush();
    if (runs.length > 0) lines.push(`${line.translateToString(true)}\n    ${runs.join('\n    ')}`);
  }
  return lines;
}

async function captureCli(): Promise<string[]> {
  const written: string[] = [];
  for (const columns of [120, 50]) {
    // Markdown, a long command result, narrow wrapping.
    const workspace = await mkdtemp(join(tmpdir(), 'capture-ws-'));
    await writeFile(join(workspace, 'README.md'), '# Demo\n');
    await mkdir(join(workspace, 'src'));
    await writeFile(join(workspace, 'src/total.ts'), OLD_FILE);
    const model = await startFixedReplyModel([
      MARKDOWN_REPLY,
      xmlToolUse('execute_command', {
        command: 'for i in $(seq 1 30); do echo "line $i of the output"; done',
        requires_approval: 'false',
      }),
    ]);
    const args = ['--base-url', model.url, '--model', 'fixed', '--workspace', workspace];
    const markdownRaw = await runCli([...args, '--yes', 'Explain the plan'], columns);
    await model.close();
    const markdownFile = join(out, `${label}-cli-markdown-${columns}.txt`);
    await writeFile(markdownFile, `${rowsOf(await screenOf(markdownRaw, columns)).join('\n')}\n`);
    written.push(markdownFile);

    // The approval card of an edit: the diff, its colours described.
    const editModel = await startFixedReplyModel([
      xmlToolUse('write_to_file', { path: 'src/total.ts', content: NEW_FILE }),
    ]);
    let cardRaw = '';
    await runCli(
      ['--base-url', editModel.url, '--model', 'fixed', '--workspace', workspace, 'Let total start anywhere'],
      columns,
      { when: '[y yes', keys: 'y', capture: (raw) => (cardRaw = raw) },
    );
    await editModel.close();
    const card = await screenOf(cardRaw, columns);
    const diffFile = join(out, `${label}-cli-diff-${columns}.txt`);
    await writeFile(
      diffFile,
      `${rowsOf(card).join('\n')}\n\n--- colours (runs of one colour per row: xterm palette number or #rgb) ---\n${colourDescription(card).join('\n')}\n`,
    );
    written.push(diffFile);
    await rm(workspace, { recursive: true, force: true });
  }
  return written;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

async function capturePage(): Promise<string[]> {
  const dist = await mkdtemp(join(tmpdir(), 'capture-web-'));
  await build({
    configFile: join(root, 'app/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true },
  });
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(dist, pathname === '/' ? 'index.html' : pathname));
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const written: string[] = [];
  try {
    for (const width of [360, 768, 1024, 1440]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${base}/?pace=0`);
      await page
        .getByTestId('task-input')
        .fill('Read README.md and write notes.md with what you learn about the project.');
      await page.getByTestId('submit').click();
      await page
        .locator('[data-testid=tool-card][data-status=awaiting-approval]')
        .getByTestId('approve')
        .click({ timeout: 15_000 });
      await page.locator('[data-testid=outcome][data-reason=completed]').waitFor({ timeout: 15_000 });
      // Where the page has it, the whole diagram (Fit); the completion scrolled into view.
      if ((await page.getByTestId('fit-diagram').count()) > 0) await page.getByTestId('fit-diagram').click();
      await page.locator('[data-testid=completion]').scrollIntoViewIfNeeded();
      const file = join(out, `${label}-page-${width}.png`);
      await page.screenshot({ path: file, animations: 'disabled', style: '.timeline .at { visibility: hidden; }' });
      written.push(file);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
    await rm(dist, { recursive: true, force: true });
  }
  return written;
}

await mkdir(out, { recursive: true });
const files = [...(await captureCli()), ...(await capturePage())];
for (const f of files) console.log(f);
