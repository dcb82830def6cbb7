// machines/ grouped by concern: moves each file with `git mv` into its folder and rewrites every
// relative import (and every `machines/<file>.ts` a doc, config or comment names) to the new place.
// Run once from the repository root: `node scripts/regroup-machines.mjs` (a file already moved is
// left alone, so a second run changes nothing). Kept as the record of where each file went.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

/** Concern → the files of machines/ it holds. */
export const GROUPS = {
  // the machine and its context: setup(), its input and output types, the reducers and guards' helpers
  machine: [
    'agent-turn-machine',
    'agent-turn-machine-input',
    'agent-turn-types',
    'agent-turn-actor',
    'check-turn-setup',
    'tool-function-types',
    'turn-context',
    'turn-context-types',
    'close-reply',
    'reply-assembly',
    'context-fit',
    'drain',
    'retry-wait',
    'turn-notes',
    'turn-usage',
    'event-check',
    'tool-policy-names',
    'model-dialects',
    'turn-dialects',
    'missing-params',
  ],
  // the invoked actors: the chat stream, the tool execution, the scheduler they share
  actors: ['chat-actor', 'chat-actor-types', 'execute-tool-actor', 'execute-tool-actor-types', 'flush-scheduler'],
  // the persisted record: persist and resume
  record: ['turn-record', 'turn-record-types'],
  // the view model every UI draws
  view: ['select-view', 'turn-view-types', 'turn-phase'],
  // the graph exports: Mermaid, the directed graph, state paths
  graph: ['machine-graph', 'machine-directed-graph', 'machine-to-mermaid', 'agent-turn-state-paths'],
};

/** old repository path (machines/x.ts) → new (machines/<group>/x.ts) */
const moves = new Map(
  Object.entries(GROUPS).flatMap(([group, names]) =>
    names.map((name) => [`machines/${name}.ts`, `machines/${group}/${name}.ts`]),
  ),
);
const back = new Map([...moves].map(([from, to]) => [to, from]));

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const code = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const text = /\.(md|json|cjs|mjs|ts|tsx|js|yml|yaml|html)$|^\.ci\/run$/;

// 1. Move. Once moved, the imports are already right: a second run stops here (rewriting again
// would read the moved files' imports as if they still lay in machines/).
if (![...moves.keys()].some((from) => existsSync(join(root, from)))) {
  console.log('machines/ is already grouped: nothing to do');
  process.exit(0);
}
for (const [from, to] of moves)
  if (existsSync(join(root, from))) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    execFileSync('git', ['mv', from, to], { cwd: root });
  }

// 2. Rewrite relative specifiers: resolved from where the file was, pointed from where it is.
const afterMove = tracked.map((path) => moves.get(path) ?? path).filter((path) => existsSync(join(root, path)));
const resolveOld = (fromOld, spec) => {
  const target = normalize(join(dirname(fromOld), spec));
  const ts = target.replace(/\.js$/, '.ts');
  return moves.has(ts) ? ts : moves.has(target) ? target : undefined;
};
let rewritten = 0;
for (const path of afterMove.filter((p) => code.test(p))) {
  const oldPath = back.get(path) ?? path;
  const source = readFileSync(join(root, path), 'utf8');
  const next = source.replace(/(['"])(\.{1,2}\/[^'"\n]+)\1/g, (whole, quote, spec) => {
    const oldTarget =
      resolveOld(oldPath, spec) ?? (back.has(path) ? normalize(join(dirname(oldPath), spec)) : undefined);
    if (oldTarget === undefined) return whole;
    const newTarget = moves.get(oldTarget.replace(/\.js$/, '.ts')) ?? moves.get(oldTarget) ?? oldTarget;
    const ext = spec.endsWith('.js') && newTarget.endsWith('.ts') ? '.js' : '';
    let rel = relative(dirname(path), newTarget.replace(/\.ts$/, ext || (spec.endsWith('.ts') ? '.ts' : '')));
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel === spec ? whole : `${quote}${rel}${quote}`;
  });
  if (next !== source) {
    writeFileSync(join(root, path), next);
    rewritten++;
  }
}

// 3. Rewrite the repository paths docs, configs and comments name (machines/x.ts, not test/machines/…).
let named = 0;
for (const path of afterMove.filter((p) => text.test(p) && p !== 'package-lock.json')) {
  const source = readFileSync(join(root, path), 'utf8');
  const next = source.replace(/(?<![\w./-])machines\/([\w-]+)\.(ts|js)\b/g, (whole, name, ext) => {
    const to = moves.get(`machines/${name}.ts`);
    return to ? to.replace(/\.ts$/, `.${ext}`) : whole;
  });
  if (next !== source) {
    writeFileSync(join(root, path), next);
    named++;
  }
}
// 4. Each concern's entry point (machines/<group>/index.ts: everything its files export), and
//    app/ reaching src/ and machines/ only through entry points: src/index.ts, src/<folder>/index.ts,
//    machines/index.ts, machines/<group>/index.ts.
for (const [group, names] of Object.entries(GROUPS)) {
  const index = join(root, 'machines', group, 'index.ts');
  if (existsSync(index)) continue;
  const lines = names
    .slice()
    .sort()
    .map((name) => `export * from './${name}.js';`);
  writeFileSync(index, `// machines/${group}/: its files' exports, the way app/ reaches them.\n${lines.join('\n')}\n`);
}
let throughEntries = 0;
for (const path of afterMove.filter((p) => p.startsWith('app/') && code.test(p))) {
  const source = readFileSync(join(root, path), 'utf8');
  const next = source.replace(/(['"])(\.{1,2}\/[^'"\n]+\.js)\1/g, (whole, quote, spec) => {
    const target = normalize(join(dirname(path), spec));
    const deep = /^(src|machines)\/([\w-]+)\/(?!index\.js$)[^/]+\.js$/.exec(target);
    if (!deep) return whole;
    let rel = relative(dirname(path), `${deep[1]}/${deep[2]}/index.js`);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${quote}${rel}${quote}`;
  });
  if (next !== source) {
    writeFileSync(join(root, path), next);
    throughEntries++;
  }
}

// 5. Formatted as Biome formats (import lines change length).
const changed = execFileSync('git', ['ls-files', '--modified', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((p) => /\.(ts|tsx|mjs|cjs|js|json|md)$/.test(p) && existsSync(join(root, p)));
const staged = execFileSync('git', ['diff', '--cached', '--name-only', '--diff-filter=R'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', ...new Set([...changed, ...staged])], {
  cwd: root,
  stdio: 'ignore',
});

console.log(
  `moved ${moves.size} files; rewrote imports in ${rewritten} files, named paths in ${named}, app imports through entry points in ${throughEntries}`,
);
