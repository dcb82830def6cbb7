// The React example: `npm run example:react` serves examples/react on 127.0.0.1 with hot reload.
// Vite 8 compiles JSX itself (automatic runtime, as tsconfig's "jsx": "react-jsx"): no plugin needed.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  server: { host: '127.0.0.1', port: 5174 },
});
