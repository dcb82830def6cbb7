// The protocol's tools as OpenAI `tools` (function calling): one JSON schema per tool, every
// parameter a string, so native calls carry the same params as tag tool uses.
import type { ChatToolDefinition } from '../wire/types.js';
import type { Protocol } from './define-protocol.js';
import { defaultToolDescriptions, type ToolDescriptions } from './tool-descriptions.js';
import { selectTools, type ToolSelectionOptions } from './tool-use-prompt.js';

/**
 * The protocol's tools as OpenAI `tools` for native tool calls: one JSON schema per tool, every
 * parameter a string, so a native call carries the same params as a tag tool use.
 */
export function nativeToolDefinitions(
  protocol: Protocol,
  descriptions: ToolDescriptions = defaultToolDescriptions,
  options: ToolSelectionOptions = {},
): ChatToolDefinition[] {
  return selectTools(protocol, descriptions, options).map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          tool.params.map((p) => [
            p.name,
            p.description !== undefined ? { type: 'string', description: p.description } : { type: 'string' },
          ]),
        ),
        required: tool.params.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      },
    },
  }));
}
