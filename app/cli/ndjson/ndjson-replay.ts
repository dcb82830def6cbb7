// The reader's side of `--json`: the blocks rebuilt from `block` and `delta` lines, as the view
// had them when each line was written. For programs that read the stream, and for the tests that
// prove the deltas lose nothing.
import type { NdjsonBlock, NdjsonLine } from './ndjson-lines.js';

/** Blocks by key, rebuilt from the lines given to `apply`, in the order they first appeared. */
export interface NdjsonReplay {
  apply(line: NdjsonLine): void;
  blocks(): NdjsonBlock[];
}

/** A block being rebuilt: its fields by name, the tool parameters apart. */
type Rebuilt = { [field: string]: unknown; kind?: unknown; params?: Record<string, string> };

export function createNdjsonReplay(): NdjsonReplay {
  const blocks = new Map<string, Rebuilt>();
  return {
    apply(line) {
      if (line.type === 'block') {
        const { type: _type, ...fields } = line;
        const known = blocks.get(line.key);
        if (!known || known.kind !== line.kind) {
          blocks.set(line.key, { ...fields, ...('params' in fields ? { params: { ...fields.params } } : {}) });
          return;
        }
        for (const [name, value] of Object.entries(fields)) {
          if (name === 'params') known.params = { ...known.params, ...(value as Record<string, string>) };
          else known[name] = value;
        }
      } else if (line.type === 'delta') {
        const known = blocks.get(line.key);
        if (!known) return;
        if (line.field.startsWith('params.')) {
          const name = line.field.slice('params.'.length);
          known.params = { ...known.params, [name]: (known.params?.[name] ?? '') + line.append };
        } else known[line.field] = String(known[line.field] ?? '') + line.append;
      }
    },
    blocks: () => [...blocks.values()] as unknown as NdjsonBlock[],
  };
}
