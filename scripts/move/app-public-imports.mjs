// Issue 34, second step of the move: the app imports the library only as a user would, through
// its public entries (`agent-turn`, `agent-turn/core`, `agent-turn/scripted`, the bindings'
// subpaths). Every import of app/ that reaches into src/, machines/, scripted/ or bindings/ is
// rewritten to the entry that exports each name; a name no entry exports stops the script.
// Run from the repository root: `node scripts/move/app-public-imports.mjs`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const entries = {
  'agent-turn': 'machines/index.ts',
  'agent-turn/core': 'src/index.ts',
  'agent-turn/scripted': 'scripted/index.ts',
  'agent-turn/react': 'bindings/react/index.ts',
  'agent-turn/restate': 'bindings/restate/index.ts',
  'agent-turn/node': 'bindings/node/index.ts',
  'agent-turn/otel': 'bindings/otel/index.ts',
  'agent-turn/testing': 'bindings/testing/index.ts',
  'agent-turn/mcp': 'bindings/mcp/index.ts',
  'agent-turn/ag-ui': 'bindings/ag-ui/index.ts',
  'agent-turn/ui-message-stream': 'bindings/ui-message-stream/index.ts',
};
const program = ts.createProgram(Object.values(entries), {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  jsx: ts.JsxEmit.ReactJSX,
});
const checker = program.getTypeChecker();
const exportsOf = new Map();
for (const [entry, file] of Object.entries(entries)) {
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(path.resolve(file)));
  exportsOf.set(entry, new Set(checker.getExportsOfModule(symbol).map((s) => s.name)));
}
// Which entry a name from a library folder comes through: a binding's own subpath, the scripted
// model's, else the root (which holds the core's names too), else agent-turn/core.
const entryFor = (target, name) => {
  const binding = /^bindings\/([^/]+)\//.exec(target)?.[1];
  const order = binding
    ? [`agent-turn/${binding}`]
    : target.startsWith('scripted/')
      ? ['agent-turn/scripted']
      : ['agent-turn', 'agent-turn/core'];
  return order.find((entry) => exportsOf.get(entry)?.has(name));
};

const files = execFileSync('git', ['ls-files', 'app'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f));
const library = /^(src|machines|scripted|bindings)\//;
const missing = [];
let changed = 0;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const visit = (node) => {
    // import('../../../bindings/otel/index.js'), in code or in a type query
    if (
      (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) ||
      ts.isImportTypeNode(node)
    ) {
      const literal = ts.isImportTypeNode(node) ? node.argument.literal : node.arguments[0];
      if (literal && ts.isStringLiteral(literal) && literal.text.startsWith('.')) {
        const target = path.relative('.', path.resolve(path.dirname(file), literal.text));
        if (library.test(target)) {
          const binding = /^bindings\/([^/]+)\//.exec(target)?.[1];
          const entry = binding
            ? `agent-turn/${binding}`
            : target.startsWith('scripted/')
              ? 'agent-turn/scripted'
              : 'agent-turn';
          edits.push({ start: literal.getStart(), end: literal.getEnd(), text: `'${entry}'` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!(isImport || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) {
      visit(statement);
      continue;
    }
    const spec = statement.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const target = path.relative('.', path.resolve(path.dirname(file), spec));
    if (!library.test(target)) continue;
    const clause = isImport ? statement.importClause : undefined;
    const typeOnly = isImport ? Boolean(clause?.isTypeOnly) : statement.isTypeOnly;
    const elements = isImport
      ? clause?.namedBindings && ts.isNamedImports(clause.namedBindings)
        ? clause.namedBindings.elements
        : null
      : statement.exportClause && ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements
        : null;
    if (!elements || clause?.name) {
      missing.push(`${file}: ${statement.getText()} (not a list of named imports)`);
      continue;
    }
    const byEntry = new Map();
    for (const element of elements) {
      const name = (element.propertyName ?? element.name).text;
      const entry = entryFor(target, name);
      if (!entry) {
        missing.push(`${file}: ${name} (from ${target})`);
        continue;
      }
      if (!byEntry.has(entry)) byEntry.set(entry, []);
      byEntry.get(entry).push(element.getText());
    }
    const keyword = isImport ? 'import' : 'export';
    const lines = [...byEntry].map(
      ([entry, names]) => `${keyword} ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from '${entry}';`,
    );
    edits.push({ start: statement.getStart(), end: statement.getEnd(), text: lines.join('\n') });
  }
  if (edits.length === 0) continue;
  let next = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    next = next.slice(0, edit.start) + edit.text + next.slice(edit.end);
  fs.writeFileSync(file, next);
  changed++;
}
if (missing.length > 0) {
  console.error(`names no public entry exports:\n  ${missing.join('\n  ')}`);
  process.exitCode = 1;
}
console.log(`app imports through public entries: ${changed} files rewritten`);
