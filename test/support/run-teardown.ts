// vitest's global setup: at the end of a run, removes what the run's test files shared in the
// temporary folder (the built page of built-page.ts).
import { rm } from 'node:fs/promises';
import { builtPageFolder } from './built-page.js';

export default function setup(): () => Promise<void> {
  return async () => {
    const folder = builtPageFolder();
    await rm(folder, { recursive: true, force: true });
    await rm(`${folder}.lock`, { recursive: true, force: true });
  };
}
