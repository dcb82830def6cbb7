// A tiny agent loop over a virtual workspace, for driving the scripted model in tests.
import { createChatClient } from '../../src/wire/chat-client.js';
import { assistantHistoryMessage, toolResultMessages } from '../../src/reply/history.js';
import { historyRuleOf, profileFor } from '../../src/profiles/profiles.js';
import { parseAssistantMessage } from '../../src/parser/parse-assistant-message.js';
import { clineThinkProtocol } from '../../src/protocol/cline-protocol.js';
import type { ToolUse } from '../../src/parser/blocks.js';
import type { ChatMessage, ChatToolDefinition } from '../../src/wire/types.js';
import type { FetchLike } from '../../src/wire/types.js';

export type ToolHandler = (toolUse: ToolUse, files: Map<string, string>) => { content: string; isError?: boolean };

export const nativeTools: ChatToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'list_files',
      parameters: { type: 'object', properties: { path: { type: 'string' }, recursive: { type: 'boolean' } } },
    },
  },
  {
    type: 'function',
    function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  },
  {
    type: 'function',
    function: {
      name: 'write_to_file',
      parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'attempt_completion',
      parameters: { type: 'object', properties: { result: { type: 'string' } } },
    },
  },
];

export const runVirtualTool: ToolHandler = (toolUse, files) => {
  const path = toolUse.params.path ?? '';
  switch (toolUse.name) {
    case 'list_files': {
      const top = new Set<string>();
      for (const name of files.keys()) top.add(name.includes('/') ? `${name.slice(0, name.indexOf('/'))}/` : name);
      return { content: [...top].sort().join('\n') };
    }
    case 'read_file':
      return files.has(path)
        ? { content: files.get(path)! }
        : { content: `Error (not-found): File not found: ${path}`, isError: true };
    case 'write_to_file':
      files.set(path, toolUse.params.content ?? '');
      return { content: `The content was successfully saved to ${path}.` };
    default:
      return { content: `Error (unknown-tool): ${toolUse.name}`, isError: true };
  }
};

export interface LoopResult {
  tools: ToolUse[];
  completion?: string;
  finalText: string;
  files: Map<string, string>;
  requests: number;
}

/** Runs the conversation until attempt_completion or a reply without a tool (at most 10 requests). */
export async function runLoop(
  fetchFn: FetchLike,
  model: string,
  task: string,
  initialFiles: Record<string, string>,
  options: { native?: boolean; tools?: ChatToolDefinition[]; handler?: ToolHandler } = {},
): Promise<LoopResult> {
  const client = createChatClient({ baseURL: 'http://scripted.local/v1', fetch: fetchFn });
  const files = new Map(Object.entries(initialFiles));
  const messages: ChatMessage[] = [{ role: 'user', content: task }];
  const tools: ToolUse[] = [];
  const handler = options.handler ?? runVirtualTool;
  for (let requests = 1; requests <= 10; requests++) {
    const reply = await client.complete({
      model,
      messages,
      ...(options.native ? { tools: options.tools ?? nativeTools } : {}),
    });
    let toolUse: ToolUse | undefined;
    if (options.native) {
      const call = reply.toolCalls[0];
      if (call) {
        const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
        const params = Object.fromEntries(
          Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        );
        toolUse = {
          type: 'tool_use',
          name: call.function.name,
          params,
          partial: false,
          call_id: call.id,
          isNativeToolCall: true,
        };
      }
    } else {
      const blocks = parseAssistantMessage(reply.content, { protocol: clineThinkProtocol, final: true });
      toolUse = blocks.find((b): b is ToolUse => b.type === 'tool_use' && !b.partial);
    }
    // The history as the model's rule asks for it (reasoning, opaque fields): the scripted model checks it.
    messages.push(
      assistantHistoryMessage({
        content: reply.content,
        toolCalls: reply.toolCalls,
        reasoning: reply.reasoning,
        reasoningDetails: reply.reasoningDetails,
        rule: historyRuleOf(profileFor(model)),
      }),
    );
    if (!toolUse) return { tools, finalText: reply.content, files, requests };
    tools.push(toolUse);
    if (toolUse.name === 'attempt_completion')
      return { tools, completion: toolUse.params.result, finalText: reply.content, files, requests };
    const outcome = handler(toolUse, files);
    messages.push(...toolResultMessages([{ toolUse, ...outcome }]));
  }
  throw new Error('the scripted agent did not finish in 10 requests');
}
