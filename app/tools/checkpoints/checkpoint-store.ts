// Where checkpointed file contents are kept: by content key, each content once. In memory for the
// page and tests; on disk (app/tools/node/disk-checkpoint-store.ts) for the CLI, outside the workspace.

/** Contents by key; a key's content never changes (the key names the content). */
export interface CheckpointStore {
  has(key: string): boolean;
  put(key: string, content: string): Promise<void>;
  /** The content, or undefined when it is gone (a store someone emptied). */
  get(key: string): Promise<string | undefined>;
}

/** A store in a Map. */
export function createMemoryCheckpointStore(): CheckpointStore {
  const contents = new Map<string, string>();
  return {
    has: (key) => contents.has(key),
    async put(key, content) {
      contents.set(key, content);
    },
    async get(key) {
      return contents.get(key);
    },
  };
}

/**
 * A content's key: its UTF-8 length and two 32-bit FNV-1a hashes of its UTF-16 code units (with
 * different offsets). Fast, isomorphic (no crypto module), and collision-free in practice for the
 * files of one session.
 */
export function contentKey(content: string, bytes: number): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  return `${bytes.toString(36)}-${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
}
