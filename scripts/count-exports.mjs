// The public names of each built entry (dist/<entry>.d.ts), read with the TypeScript compiler API.
// A name is a value when it exists at run time (function, const, class), a type otherwise.
//   npm run build && node scripts/count-exports.mjs            counts per entry
//   node scripts/count-exports.mjs --list                      ... and the names
//   node scripts/count-exports.mjs --json [distDir]            { entry: { values, types, undocumented, examples } }
// `undocumented`: names whose declaration has no doc comment; `examples`: names whose doc has an @example.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const ENTRIES = [
  'index',
  'core',
  'scripted',
  'react',
  'restate',
  'node',
  'otel',
  'testing',
  'mcp',
  'ag-ui',
  'ui-message-stream',
];

/** The exported names of one .d.ts file of `program`: values and types (sorted), and what their docs hold. */
function exportsOf(program, file) {
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  const result = { values: [], types: [], undocumented: [], examples: [] };
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? result.values : result.types).push(symbol.name);
    const doc = ts.displayPartsToString(target.getDocumentationComment(checker)).trim();
    if (doc === '') result.undocumented.push(symbol.name);
    if (target.getJsDocTags(checker).some((tag) => tag.name === 'example')) result.examples.push(symbol.name);
  }
  for (const list of Object.values(result)) list.sort();
  return result;
}

const args = process.argv.slice(2);
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const files = new Map(
  ENTRIES.map((entry) => [entry, join(dist, `${entry}.d.ts`)]).filter(([, file]) => existsSync(file)),
);
// One program for all entries: they share declaration chunks, read once.
const program = ts.createProgram([...files.values()], { noEmit: true, skipLibCheck: true, types: [] });
const report = {};
for (const [entry, file] of files) report[entry] = exportsOf(program, file);

if (args.includes('--json')) {
  console.log(JSON.stringify(report));
} else {
  for (const [entry, { values, types, undocumented }] of Object.entries(report)) {
    console.log(
      `${entry}.d.ts: ${values.length + types.length} names (${values.length} values, ${types.length} types), ${undocumented.length} without a doc comment`,
    );
    if (args.includes('--list'))
      console.log(
        `  values: ${values.join(', ')}\n  types: ${types.join(', ')}\n  undocumented: ${undocumented.join(', ')}`,
      );
  }
}
