// An in-memory workspace and the tools the scripted agent uses on it.
import type { ToolFunctions } from '../../machines/machine/agent-turn-types.js';

export function createWorkspace(files: Record<string, string>) {
  const fs = new Map(Object.entries(files));
  const calls: string[] = [];
  const tools: ToolFunctions = {
    list_files: async (t) => {
      calls.push(`list_files:${t.params.path ?? '.'}`);
      return [...fs.keys()].sort().join('\n');
    },
    read_file: async (t) => {
      calls.push(`read_file:${t.params.path}`);
      const text = fs.get(t.params.path ?? '');
      if (text === undefined) return { content: `File not found: ${t.params.path}`, isError: true };
      return text;
    },
    write_to_file: async (t) => {
      calls.push(`write_to_file:${t.params.path}`);
      fs.set(t.params.path ?? '', t.params.content ?? '');
      return `Wrote ${t.params.path}`;
    },
  };
  return { fs, calls, tools };
}
