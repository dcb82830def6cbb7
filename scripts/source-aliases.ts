// The library's public entries mapped onto their sources, read from tsconfig.json's `paths` (the
// one list): Vite and Vitest resolve `agent-turn/...` imports of the app, the page and the tests
// to the sources, so nothing needs a build first. The packed-tarball tests use the built package.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `resolve.alias` entries for Vite: each public entry (exactly) to its source file. */
export function sourceAliases(): { find: RegExp; replacement: string }[] {
  const config = JSON.parse(readFileSync(`${root}tsconfig.json`, 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(config.compilerOptions.paths).map(([entry, [target]]) => ({
    find: new RegExp(`^${entry.replace(/[/-]/g, '\\$&')}$`),
    replacement: `${root}${target.replace(/^\.\//, '')}`,
  }));
}
