// The workspace port's files through an ACP client: reads and writes go to the editor
// (`fs/read_text_file`, `fs/write_text_file`) when it offers them, so the agent sees a buffer a
// person has not saved yet and its writes land in the editor (with its undo). Paths are resolved
// and refused by the disk workspace as always; listings, stat and walks stay on disk.
import type { AgentContext } from '@agentclientprotocol/sdk';
import type { NodeWorkspace } from '../../tools/node/index.js';
import { describeError } from 'agent-turn';

/** What the client said it can do with files (`clientCapabilities.fs`). */
export interface ClientFileCapabilities {
  readTextFile?: boolean;
  writeTextFile?: boolean;
}

export interface ClientFilesOptions {
  workspace: NodeWorkspace;
  client: Pick<AgentContext, 'request'>;
  sessionId: string;
  capabilities: ClientFileCapabilities | undefined;
}

/** An Error with a code, as the port's operations reject. */
function clientFailure(what: string, file: string, error: unknown): Error {
  const message = describeError(error);
  return Object.assign(new Error(`The editor could not ${what} ${file}: ${message}`), { code: 'io-error' });
}

/**
 * The disk workspace with `read` and `writeAtomically` going through the client where it offers
 * them (each on its own: a client may offer reads only); the disk workspace itself otherwise.
 */
export function withClientFiles(options: ClientFilesOptions): NodeWorkspace {
  const { workspace, client, sessionId, capabilities } = options;
  if (!capabilities?.readTextFile && !capabilities?.writeTextFile) return workspace;
  const encoder = new TextEncoder();
  return {
    ...workspace,
    ...(capabilities.readTextFile
      ? {
          async read(target, maxBytes) {
            const answer = await client
              .request('fs/read_text_file', { sessionId, path: target.real })
              .catch((error: unknown) => {
                throw clientFailure('read', target.relative, error);
              });
            const bytes = encoder.encode(answer.content);
            return bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes;
          },
        }
      : {}),
    ...(capabilities.writeTextFile
      ? {
          async writeAtomically(target, content) {
            const created = (await workspace.stat(target)) === undefined;
            await client
              .request('fs/write_text_file', { sessionId, path: target.real, content })
              .catch((error: unknown) => {
                throw clientFailure('write', target.relative, error);
              });
            return { created };
          },
        }
      : {}),
  };
}
