// A workspace whose files a `read_file` deny rule names are never read by a tool: read_file,
// search_files (which then skips them, as it skips unreadable files) and the tools that read
// before they write. Checked on where the path really leads, so a link to `.env` is `.env`.
import path from 'node:path';
import type { NodeWorkspace } from '../../tools/node/index.js';
import type { TurnPermissions } from '../conversation/conversation-types.js';

/** `workspace`, with reads of what the rules deny to read_file refused (an Error with code `denied`). */
export function withDeniedReads(workspace: NodeWorkspace, permissions: TurnPermissions): NodeWorkspace {
  return {
    ...workspace,
    async read(target, maxBytes) {
      const real = path.relative(workspace.root, target.real).split(path.sep).join('/') || '.';
      for (const candidate of new Set([target.relative, real])) {
        const decision = permissions.decide('read_file', { path: candidate });
        if (decision.byRule && decision.decision === 'deny')
          throw Object.assign(new Error(`${target.relative}: not read, ${decision.reason}`), { code: 'denied' });
      }
      return workspace.read(target, maxBytes);
    },
  };
}
