// Counts the public names of each built entry (dist/<entry>.d.ts) with the TypeScript compiler API.
// A name is a value when it exists at run time (function, const, class, enum), a type otherwise.
// Usage: npm run build && node scripts/count-exports.mjs [--list] [distDir]
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');

/** Reads the exported names of one .d.ts file, split into values and types. */
export function exportsOf(file) {
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const values = [];
  const types = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
}

for (const entry of ['index', 'core', 'scripted']) {
  const file = join(dist, `${entry}.d.ts`);
  if (!existsSync(file)) continue;
  const { values, types } = exportsOf(file);
  console.log(`${entry}.d.ts: ${values.length + types.length} names (${values.length} values, ${types.length} types)`);
  if (list) console.log(`  values: ${values.join(', ')}\n  types: ${types.join(', ')}`);
}
