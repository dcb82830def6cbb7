// The API reference of the docs site: TypeDoc (with typedoc-plugin-markdown) reads the built
// declarations in dist/ (run `npm run build` first) and writes one Markdown page per subpath into
// docs/api/ (generated at every docs build; git ignores it). Each page is named for its import:
// docs/api/agent-turn-core.md documents `agent-turn/core`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Application } from 'typedoc';
import { ENTRIES } from './api-report.mjs';

const root = join(import.meta.dirname, '..');
const out = join(root, 'docs', 'api');

export async function buildApiDocs() {
  rmSync(out, { recursive: true, force: true });
  const app = await Application.bootstrapWithPlugins({
    entryPoints: ENTRIES.map((e) => join(root, 'dist', `${e.dts}.d.ts`)),
    plugin: ['typedoc-plugin-markdown'],
    out,
    name: 'agent-turn API',
    readme: 'none',
    tsconfig: join(root, 'api', 'tsconfig.api.json'),
    skipErrorChecking: true,
    excludeExternals: true,
    disableSources: true,
    githubPages: false,
    hideGenerator: true,
    outputFileStrategy: 'modules',
    entryFileName: 'index',
    hidePageHeader: true,
    hideBreadcrumbs: true,
    useCodeBlocks: true,
    // VitePress reads Vue in Markdown: keep `{{` and raw tags out of the generated prose.
    sanitizeComments: true,
    logLevel: 'Warn',
    validation: { notExported: false, invalidLink: false, rewrittenLink: false, unusedMergeModuleWith: false },
  });
  // Each module is named for the subpath that imports it, not for its declaration file.
  app.converter.on('resolveBegin', (context) => {
    for (const module of context.project.children ?? []) {
      const entry = ENTRIES.find((e) => e.dts === module.name);
      if (entry) module.name = entry.subpath;
    }
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not read dist/: run npm run build first');
  await app.generateOutputs(project);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildApiDocs();
