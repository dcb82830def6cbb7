// The in-memory adapter of the workspace port: the web page's demo workspace and emulated commands.
export { createMemoryWorkspace, normalizeWorkspacePath, listEntries } from './memory-workspace.js';
export type { MemoryWorkspace } from './memory-workspace.js';
export { memoryWorkspaceFiles } from './memory-files.js';
export { createMemoryTools } from './create-memory-tools.js';
