// A turn's `tools`: plain tool functions by name, tools made by defineTool (in a map by name or an
// array), or both. Read here into what the machine runs (functions by name) and what the turn
// offers the model (the tag protocol's tools, their descriptions, native function definitions).
import type { AgentTool } from '../../src/tools/define-tool.js';
import { isAgentTool } from '../../src/tools/define-tool.js';
import type { JsonSchema } from '../../src/tools/json-schema-types.js';
import type { ToolDescription, ToolDescriptions } from '../../src/protocol/tool-descriptions.js';
import type { Protocol } from '../../src/protocol/define-protocol.js';
import { protocolWithTools, type AddedTool } from '../../src/protocol/protocol-with-tools.js';
import type { ChatToolDefinition } from '../../src/wire/types.js';
import type { ToolFunction, ToolFunctions } from './tool-function-types.js';

/** A turn's tools: functions and defineTool tools by name, or an array of defineTool tools. */
export type TurnTools = Readonly<Record<string, ToolFunction | AgentTool>> | readonly AgentTool[];

/** The tools by name (an array's tools by their own names). */
export function toolsByName(tools: TurnTools | undefined): Record<string, ToolFunction | AgentTool> {
  if (tools === undefined) return {};
  if (Array.isArray(tools)) return Object.fromEntries(tools.map((t: AgentTool) => [t.name, t]));
  return { ...(tools as Record<string, ToolFunction | AgentTool>) };
}

/** The defineTool tools among them. */
export function agentToolsOf(tools: TurnTools | undefined): AgentTool[] {
  return Object.values(toolsByName(tools)).filter(isAgentTool);
}

/** What the machine runs: every tool as a function by name (a defineTool tool reads and checks its arguments first). */
export function toolFunctionsOf(tools: TurnTools | undefined): ToolFunctions {
  return Object.fromEntries(
    Object.entries(toolsByName(tools)).map(([name, tool]) => [
      name,
      isAgentTool(tool) ? (use, context) => tool.run(use, context) : tool,
    ]),
  ) as ToolFunctions;
}

function typeHint(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  if (type === 'array' || type === 'object') return `${type}, written as JSON`;
  return typeof type === 'string' ? type : 'any';
}

/** A defineTool tool as the tag prompt's description: each parameter with its type and whether it is required. */
export function agentToolDescription(tool: AgentTool): ToolDescription {
  const properties = (tool.jsonSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(tool.jsonSchema.required ?? []);
  return {
    description: tool.description,
    params: Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => {
        const said = typeof schema.description === 'string' ? `${schema.description} ` : '';
        return [name, { description: `${said}(${typeHint(schema)})`, required: required.has(name) }];
      }),
    ),
  };
}

/** A defineTool tool as an OpenAI function definition: its JSON Schema as given. */
export function agentToolDefinition(tool: AgentTool): ChatToolDefinition {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== '' ? { description: tool.description } : {}),
      parameters: tool.jsonSchema as Record<string, unknown>,
    },
  };
}

/**
 * The protocol with every tool of the turn in it: a defineTool tool with its schema's parameters,
 * a plain function with its description's (else none), and the completion tool with `result`.
 */
export function protocolForTools(
  protocol: Protocol,
  tools: TurnTools | undefined,
  completionTool: string,
  descriptions: ToolDescriptions = {},
): Protocol {
  const added: AddedTool[] = Object.entries(toolsByName(tools)).map(([name, tool]) => ({
    name,
    params: isAgentTool(tool)
      ? Object.keys(tool.jsonSchema.properties ?? {})
      : Object.keys(Object.hasOwn(descriptions, name) ? descriptions[name]!.params : {}),
  }));
  added.push({ name: completionTool, params: ['result'] });
  return protocolWithTools(protocol, added);
}

/**
 * The same tools with each run wrapped (journaled, watched): a defineTool tool stays one (its
 * schema still offered), its `run` replaced by the wrapped function.
 */
export function wrapToolRuns(
  tools: TurnTools | undefined,
  wrap: (name: string, run: ToolFunction) => ToolFunction,
): Record<string, ToolFunction | AgentTool> {
  const functions = toolFunctionsOf(tools);
  return Object.fromEntries(
    Object.entries(toolsByName(tools)).map(([name, tool]) => {
      const wrapped = wrap(name, functions[name]!);
      if (!isAgentTool(tool)) return [name, wrapped];
      const agentTool: AgentTool = { ...tool, run: async (use, context) => wrapped(use, context) };
      return [name, agentTool];
    }),
  );
}
