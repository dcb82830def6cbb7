// The CLI's write-ahead for sessions: the session file says a tool runs before it does.
import type { WorkspaceTool } from '../../tools/tool-types.js';

/** The same tools, each writing the session first (synchronously): the record says it runs before it does. */
export function withSessionWrittenFirst(
  tools: Record<string, WorkspaceTool>,
  save: () => void,
): Record<string, WorkspaceTool> {
  const wrapped: Record<string, WorkspaceTool> = {};
  for (const [name, tool] of Object.entries(tools)) {
    wrapped[name] = (toolUse, context) => {
      save();
      return tool(toolUse, context);
    };
  }
  return wrapped;
}
