// npm test runs the core tests in a real Chromium; say how to get one instead of a cryptic failure.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium not found at ${path}.\n` +
      "The browser test project needs Debian's Chromium: run `apt-get update && apt-get install -y chromium`\n" +
      '(or set CHROMIUM_PATH to a Chromium binary).',
  );
  process.exit(1);
}
