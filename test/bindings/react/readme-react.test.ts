// The React page's quick start (docs/react.md) is examples/react/quick-start.tsx (which the typecheck and a browser
// test cover), with the package's own names in its imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** The source paths the example imports, as the package's users write them. */
const AS_PUBLISHED: Array<[string, string]> = [
  ["'../../machines/index.js'", "'agent-turn'"],
  ["'../../src/scripted/index.js'", "'agent-turn/scripted'"],
  ["'../../bindings/react/index.js'", "'agent-turn/react'"],
];

it("the React page's quick start is the example, name for name", () => {
  const section = readFileSync(join(root, 'docs', 'react.md'), 'utf8');
  const block = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  let example = readFileSync(join(root, 'examples', 'react', 'quick-start.tsx'), 'utf8');
  for (const [source, published] of AS_PUBLISHED) example = example.replace(source, published);
  expect(block).toBe(example);
});
