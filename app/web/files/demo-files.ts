// The workspace the page starts with: a tiny project the scripted agent can list, read and write.

export const DEMO_FILES: Record<string, string> = {
  'README.md': [
    '# Pocket Ledger',
    '',
    'A small command-line ledger for shared household expenses.',
    '',
    '## Usage',
    '',
    '    npm start -- add 12.50 "groceries" --by sam',
    '    npm start -- balance',
    '',
    'Balances are kept in `ledger.json` next to the program.',
    '',
  ].join('\n'),
  'package.json':
    JSON.stringify(
      {
        name: 'pocket-ledger',
        version: '0.3.1',
        type: 'module',
        scripts: { start: 'node src/app.ts' },
        dependencies: {},
      },
      null,
      2,
    ) + '\n',
  'src/app.ts': [
    "import { readLedger, writeLedger } from './ledger.js';",
    '',
    'export function balance(entries: { amount: number; by: string }[]): Map<string, number> {',
    '  const totals = new Map<string, number>();',
    '  for (const e of entries) totals.set(e.by, (totals.get(e.by) ?? 0) + e.amount);',
    '  return totals;',
    '}',
    '',
    'const ledger = readLedger();',
    'console.log(balance(ledger.entries));',
    'writeLedger(ledger);',
    '',
  ].join('\n'),
  'src/ledger.ts': [
    "import { readFileSync, writeFileSync } from 'node:fs';",
    '',
    "export const readLedger = () => JSON.parse(readFileSync('ledger.json', 'utf8'));",
    "export const writeLedger = (l: unknown) => writeFileSync('ledger.json', JSON.stringify(l, null, 2));",
    '',
  ].join('\n'),
};
