// Issue 34's structural move, written as a script so that the history reads as one move and the
// move can be re-run on a newer main: the scripted model out of the core (src/scripted/ →
// scripted/{endpoint,agent}/), app/ grouped by concern, test/ mirroring both, and every relative
// import, worker URL and path mentioned in docs and configs rewritten to the new places.
// Run from the repository root on a clean tree: `node scripts/move/split-packages.mjs`.
// It writes scripts/move/split-map.json (old path → new path) for anyone rebasing onto the move.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const tracked = git('ls-files')
  .split('\n')
  .filter(Boolean)
  .filter((f) => fs.existsSync(f));

// ---------- where each file goes ----------
const groups = {
  'scripted/endpoint': [
    'scripted-faults',
    'scripted-history-rules',
    'scripted-http',
    'scripted-opaque',
    'scripted-random',
    'scripted-request',
    'scripted-shape',
    'scripted-stream',
    'scripted-tokens',
    'scripted-wire',
    'scripted-reply',
    'scripted-step',
    'scripted-anthropic-request',
    'scripted-anthropic-stream',
    'scripted-responses-request',
    'scripted-responses-stream',
    'scripted-wire-adapters',
    'scripted-wire-errors',
    'scripted-wire-rules',
  ]
    .map((n) => `src/scripted/${n}.ts`)
    // A value for any JSON Schema: only the scripted model's structured answers need one.
    .concat(['src/structured/json-schema-example.ts']),
  'scripted/agent': [
    'scripted-agent',
    'scripted-conversation',
    'scripted-dialect-reply',
    'scripted-large-file',
    'scripted-mcp',
    'scripted-read-all',
    'scripted-replies',
    'scripted-structured',
    'scripted-summary',
    'scripted-task',
  ].map((n) => `src/scripted/${n}.ts`),
  scripted: ['src/scripted/index.ts', 'src/scripted/scripted-model.ts'],
  'app/cli/display': [
    'ansi-style',
    'code-colours',
    'command-output-view',
    'diff-format',
    'pager',
    'screen-blocks',
    'screen-fit',
    'status-line',
    'terminal-blocks',
    'terminal-renderer',
    'tool-card-format',
    'turn-summary',
    'usage-figures',
    'last-results',
  ].map((n) => `app/cli/${n}.ts`),
  'app/cli/approval': [
    'approval-card',
    'approval-flow',
    'approval-policy',
    'terminal-prompter',
    'key-reader',
    'runs-later-guard',
  ].map((n) => `app/cli/${n}.ts`),
  'app/cli/ndjson': [
    'ndjson-block-diff',
    'ndjson-lines',
    'ndjson-replay',
    'ndjson-reporter',
    'json-pieces',
    'json-safe',
  ].map((n) => `app/cli/${n}.ts`),
  'app/cli/session': ['cli-session', 'session-authority', 'session-checkpoint'].map((n) => `app/cli/${n}.ts`),
  'app/cli/turn': [
    'run-cli',
    'model-client',
    'task-message',
    'command-sandbox',
    'key-handover',
    'startup-environ',
    'trace-export',
  ].map((n) => `app/cli/${n}.ts`),
  'app/cli/options': ['cli-options', 'parse-cli-args', 'help-output', 'help-text'].map((n) => `app/cli/${n}.ts`),
  'app/cli/mcp': ['mcp-approval-card', 'mcp-server-launch', 'mcp-setup', 'mcp-elicitation-prompt'].map(
    (n) => `app/cli/${n}.ts`,
  ),
  'app/serve': ['app/serve.ts', 'app/serve-origin-policy.ts', 'app/serve-scripted-model.ts'],
  'app/tools/files': [
    'binary-detection',
    'change-preview',
    'gitignore-rules',
    'glob-pattern',
    'linear-regex',
    'list-files',
    'protected-paths',
    'read-file',
    'replace-in-file',
    'search-files',
    'search-query',
    'search-replace-diff',
    'write-to-file',
    'utf8-length',
  ].map((n) => `app/tools/${n}.ts`),
  'app/tools/node/sandbox': [
    'bubblewrap-args',
    'bubblewrap-runner',
    'probe-bubblewrap',
    'sandbox-environment',
    'sandbox-limits',
    'sandbox-policy',
    'command-cgroup',
    'host-death-launcher',
    'limited-run',
    'live-process-groups',
    'process-gone',
    'process-group-runner',
    'run-in-process-group',
    'capped-output',
  ].map((n) => `app/tools/node/${n}.ts`),
  'app/web/diagram': [
    'diagram-viewer',
    'elk-layout-worker',
    'elk-off-thread',
    'state-diagram',
    'state-graph',
    'state-labels',
    'state-layout-elk',
    'state-layout-types',
    'state-layout',
  ].map((n) => `app/web/${n}.ts`),
  'app/web/conversation': [
    'conversation-entry',
    'conversation-panel',
    'conversation-view',
    'page-conversation',
    'page-task-message',
    'agent-instructions',
    'turn-items',
    'tool-card',
    'revealed-text',
    'long-text-view',
    'markdown-html',
    'outcome-text',
    'status-text',
    'event-timeline',
    'timeline-view',
    'fault-notes',
    'turn-runner',
  ].map((n) => `app/web/${n}.ts`),
  'app/web/persistence': [
    'saved-conversation',
    'saved-turn',
    'turn-archive',
    'turn-log-entry',
    'page-checkpoints',
    'resume-policy',
  ].map((n) => `app/web/${n}.ts`),
  'app/web/files': ['file-panel', 'diff-view', 'diff-in-worker', 'diff-worker', 'demo-files', 'path-samples'].map(
    (n) => `app/web/${n}.ts`,
  ),
};

const map = new Map();
for (const [folder, files] of Object.entries(groups)) {
  for (const file of files) if (fs.existsSync(file)) map.set(file, `${folder}/${path.basename(file)}`);
}
// Files a later commit added to a folder that moves whole: src/scripted/ leftovers go beside the model.
for (const file of tracked) {
  if (file.startsWith('src/scripted/') && !map.has(file))
    map.set(file, `scripted/${file.slice('src/scripted/'.length)}`);
}

// A file a later commit put at the top of a folder that is now grouped by concern must be placed
// by hand (added to a group above): the move stops rather than guess.
const shellOfTheWebPage =
  /^app\/web\/(main|headless|dom|page-commands|page-options|model-source|mcp-panel|wire-tap|wire-view|vite\.config)\.ts$/;
const unplaced = tracked.filter(
  (f) =>
    !map.has(f) && (/^app\/cli\/[^/]+\.ts$/.test(f) || (/^app\/web\/[^/]+\.ts$/.test(f) && !shellOfTheWebPage.test(f))),
);
if (unplaced.length > 0) {
  console.error(`files with no place in the new layout (add them to a group):\n  ${unplaced.join('\n  ')}`);
  process.exit(1);
}

// ---------- tests mirror the sources they exercise ----------
const relImports = (_file, text) => {
  const out = [];
  const re = /(?:from\s+|import\s*\(\s*|vi\.mock\(\s*|importActual\(\s*|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]);
  return out;
};
const resolveSpec = (fromFile, spec) => {
  const base = path.normalize(path.join(path.dirname(fromFile), spec));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    `${base}/index.ts`,
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
};
const testHomes = [
  ['test/src/scripted/', 'test/scripted/'],
  ['test/app/cli/', 'test/app/cli/'],
  ['test/app/tools/', 'test/app/tools/'],
  ['test/app/web/', 'test/app/web/'],
];
for (const file of tracked) {
  const home = testHomes.find(([prefix]) => file.startsWith(prefix) && !file.slice(prefix.length).includes('/'));
  if (!home || !/\.(test\.ts|test\.tsx)$/.test(file)) continue;
  const counts = new Map();
  for (const spec of relImports(file, fs.readFileSync(file, 'utf8'))) {
    const target = resolveSpec(file, spec);
    const moved = target && map.get(target);
    if (!moved?.startsWith(home[0].startsWith('test/src/scripted') ? 'scripted' : 'app/')) continue;
    const folder = path.dirname(moved);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (best === undefined) {
    if (home[0] === 'test/src/scripted/') map.set(file, `test/scripted/${path.basename(file)}`);
    else if (home[0] === 'test/app/cli/') map.set(file, `test/app/cli/e2e/${path.basename(file)}`);
    continue;
  }
  map.set(file, `test/${best}/${path.basename(file)}`);
}
// test/src/scripted/ helpers and data that are not tests
for (const file of tracked) {
  if (file.startsWith('test/src/scripted/') && !map.has(file))
    map.set(file, `test/scripted/${file.slice('test/src/scripted/'.length)}`);
}
for (const [from, to] of map) if (from === to) map.delete(from);

// ---------- move ----------
for (const [from, to] of map) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  git('mv', from, to);
}
const inverse = new Map([...map].map(([a, b]) => [b, a]));
const oldPathOf = (file) => inverse.get(file) ?? file;
const newPathOf = (file) => map.get(file) ?? file;

// ---------- rewrite relative specifiers ----------
// The move scripts name the old paths on purpose: never rewritten.
const notMoveScript = (f) => !f.startsWith('scripts/move/');
const codeFiles = git('ls-files')
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|js|mjs|cjs)$/.test(f) && fs.existsSync(f) && notMoveScript(f));
const existedBefore = new Set(tracked);
const resolveOld = (oldFrom, spec) => {
  const base = path.normalize(path.join(path.dirname(oldFrom), spec));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
  ];
  for (const c of candidates)
    if (existedBefore.has(c))
      return { target: c, suffix: spec.slice(spec.lastIndexOf('/') + 1).replace(/^[^.]*/, '') === '' ? '' : null };
  for (const c of [`${base}/index.ts`]) if (existedBefore.has(c)) return { target: c, dir: true };
  return null;
};
const relativeSpec = (fromFile, toFile) => {
  let rel = path.relative(path.dirname(fromFile), toFile);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
};
let rewritten = 0;
for (const file of codeFiles) {
  const oldFile = oldPathOf(file);
  const text = fs.readFileSync(file, 'utf8');
  const re =
    /((?:from\s+|import\s*\(\s*|vi\.mock\(\s*|importActual\(\s*|new URL\(\s*|require\(\s*)['"])(\.{1,2}\/[^'"]+)(['"])/g;
  const next = text.replace(re, (whole, open, spec, close) => {
    const found = resolveOld(oldFile, spec);
    if (!found) return whole;
    const movedTarget = newPathOf(found.target);
    if (movedTarget === found.target && file === oldFile) return whole;
    let out;
    if (found.dir) out = relativeSpec(file, path.dirname(movedTarget));
    else {
      const ext = path.extname(spec); // keep the spelling: .js for .ts sources, .ts, none
      const targetExt = path.extname(movedTarget);
      const stem = movedTarget.slice(0, movedTarget.length - targetExt.length);
      out = relativeSpec(file, ext === '' ? stem : ext === targetExt ? movedTarget : `${stem}${ext}`);
    }
    return `${open}${out}${close}`;
  });
  if (next !== text) {
    fs.writeFileSync(file, next);
    rewritten++;
  }
}

// ---------- paths named in prose, configs and comments ----------
const textFiles = git('ls-files')
  .split('\n')
  .filter(
    (f) =>
      /\.(md|json|jsonc|cjs|mjs|js|ts|tsx|mts|html|yml|yaml|sh)$|^\.ci\//.test(f) &&
      f !== 'package-lock.json' &&
      notMoveScript(f) &&
      fs.existsSync(f),
  );
const pairs = [...map].sort((a, b) => b[0].length - a[0].length);
const folderPairs = [
  ['src/scripted/', 'scripted/'],
  ['test/src/scripted/', 'test/scripted/'],
];
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathRe = new RegExp(`(?<![\\w./-])(${pairs.map(([a]) => escapeRegex(a)).join('|')})(?![\\w-])`, 'g');
const lookup = new Map(pairs);
let mentions = 0;
for (const file of textFiles) {
  const text = fs.readFileSync(file, 'utf8');
  let next = text.replace(pathRe, (p) => lookup.get(p) ?? p);
  for (const [a, b] of folderPairs)
    next = next.replace(new RegExp(`(?<![\\w./-])${escapeRegex(a)}(?![\\w-]*\\.ts)`, 'g'), b);
  if (next !== text) {
    fs.writeFileSync(file, next);
    mentions++;
  }
}

// The core no longer offers the JSON Schema example maker: it went with the scripted model.
const structuredIndex = 'src/structured/index.ts';
fs.writeFileSync(
  structuredIndex,
  fs
    .readFileSync(structuredIndex, 'utf8')
    .split('\n')
    .filter((line) => !line.includes('json-schema-example'))
    .join('\n'),
);

fs.writeFileSync('scripts/move/split-map.json', `${JSON.stringify(Object.fromEntries(map), null, 2)}\n`);
console.log(`moved ${map.size} files; rewrote imports in ${rewritten} files and path mentions in ${mentions}`);
