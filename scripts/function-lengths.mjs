// Lists every product function over 100 lines (the project's rule; issue 34 item 4), read with
// the TypeScript compiler API: function declarations, methods, accessors, constructors, function
// expressions and arrow functions, each measured from its first line to its last (nested functions
// count within the one that holds them, as a reader sees it). Exits 1 when any is over the limit.
//   node scripts/function-lengths.mjs [--max 100] [folders…]   (default: src machines bindings app scripted)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt === -1 ? 100 : Number(args[maxAt + 1]);
const folders = args.filter((a, i) => a !== '--max' && (maxAt === -1 || i !== maxAt + 1));
const roots = (folders.length > 0 ? folders : ['src', 'machines', 'bindings', 'app', 'scripted']).filter((f) =>
  existsSync(f),
);

/** The .ts/.tsx files below `dir`, node_modules and build output left out. */
function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('dist')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** A readable name for a function node: its own, or the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText();
  return '(anonymous)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node);

const over = [];
for (const file of roots.flatMap(sourceFiles)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) over.push({ file, line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

over.sort((a, b) => b.lines - a.lines);
for (const f of over) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
console.log(
  over.length === 0
    ? `No function over ${max} lines in ${roots.join(', ')}.`
    : `${over.length} function${over.length === 1 ? '' : 's'} over ${max} lines in ${roots.join(', ')}.`,
);
process.exitCode = over.length === 0 ? 0 : 1;
