// The web page: `npm run web` serves app/web with hot reload; `npm run build:web` writes static
// files to dist-web/ (relative asset paths, so any static server or file:// subfolder works).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sourceAliases } from '../../scripts/source-aliases.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  // The page only needs the package's own sources; no public dir.
  publicDir: false,
  // The library from its sources (the page is part of this repository, never published).
  resolve: { alias: sourceAliases() },
  build: {
    outDir: fileURLToPath(new URL('../../dist-web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // headless.html runs the page's turn with nothing drawn (the browser test compares the two).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        headless: fileURLToPath(new URL('headless.html', import.meta.url)),
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
});
