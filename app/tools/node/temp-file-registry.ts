// Temp files still being written, removed if the process exits before they are renamed into
// place (Ctrl-C while a large write runs): no `.tmp` is left in the workspace.
import { unlinkSync } from 'node:fs';

const pending = new Set<string>();
let listening = false;

function removeLeftovers(): void {
  for (const file of pending) {
    try {
      unlinkSync(file);
    } catch {
      // Already renamed or removed.
    }
  }
  pending.clear();
}

/** Remembers `file` for removal at exit; call the returned function once it was renamed or removed. */
export function trackTempFile(file: string): () => void {
  if (!listening) {
    listening = true;
    process.on('exit', removeLeftovers);
  }
  pending.add(file);
  return () => {
    pending.delete(file);
  };
}
