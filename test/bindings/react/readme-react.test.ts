// The React page's quick start (docs/react.md) is examples/react/quick-start.tsx, and the React page of "Build
// your own agent" (docs/build-your-own-agent.md) is examples/react/weather-agent.tsx (which the typecheck and
// browser tests cover), with the package's own names in their imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** The source paths the example imports, as the package's users write them. */
const AS_PUBLISHED: Array<[string, string]> = [
  ["'../../machines/index.js'", "'agent-turn'"],
  ["'../../scripted/index.js'", "'agent-turn/scripted'"],
  ["'../../bindings/react/index.js'", "'agent-turn/react'"],
];

/** The page's one tsx block. */
const tsxBlockOf = (page: string) => /```tsx\n([\s\S]*?)```/.exec(readFileSync(join(root, 'docs', page), 'utf8'))?.[1];

/** The example as the package's users import it. */
function asPublished(example: string): string {
  let text = readFileSync(join(root, 'examples', 'react', example), 'utf8');
  for (const [source, published] of AS_PUBLISHED) text = text.replace(source, published);
  return text;
}

it("the React page's quick start is the example, name for name", () => {
  expect(tsxBlockOf('react.md')).toBe(asPublished('quick-start.tsx'));
});

it('the React page of "Build your own agent" is the weather example, name for name', () => {
  expect(tsxBlockOf('build-your-own-agent.md')).toBe(asPublished('weather-agent.tsx'));
});
