// The system-prompt section that teaches a model the tag protocol: the format, then each tool with
// its parameters and one example.
import type { Protocol, ToolDefinition } from './define-protocol.js';
import { defaultToolDescriptions, type ToolDescription, type ToolDescriptions } from './tool-descriptions.js';

/** Which tools a prompt or native tool list shows. */
export interface ToolSelectionOptions {
  /** Tools the caller provides (e.g. the keys of its `tools` map): listed even without a description. */
  toolNames?: readonly string[];
  /** The tool that ends the task; always listed. Default `attempt_completion`. */
  completionTool?: string;
}

/** Options of {@link toolUsePrompt}: which tools to show and the one-tool-per-message rule. */
export interface ToolUsePromptOptions extends ToolSelectionOptions {
  /** `'one'` (default) tells the model to use one tool per message. */
  toolsPerMessage?: 'one' | 'sequential';
  /** `'text'`: a reply without a tool use ends the task (the prompt says so). Default `'completion-tool'`. */
  endTurn?: 'completion-tool' | 'text';
}

export interface SelectedTool {
  name: string;
  description?: string;
  /** Parameter name -> description (undefined when none is known). */
  params: { name: string; description?: string; required: boolean; example?: string }[];
}

/**
 * The protocol's tools that a prompt should show. When the caller names the tools it provides,
 * those and the completion tool (a model told about a tool nobody runs only wastes a request);
 * otherwise every tool with a description. A protocol none of whose tools is described or
 * provided (a custom vocabulary) is shown whole.
 */
export function selectTools(
  protocol: Protocol,
  descriptions: ToolDescriptions = defaultToolDescriptions,
  options: ToolSelectionOptions = {},
): SelectedTool[] {
  const provided = new Set(options.toolNames ?? []);
  const completion = options.completionTool ?? 'attempt_completion';
  const has = (name: string) => Object.hasOwn(descriptions, name);
  let tools =
    provided.size > 0
      ? protocol.tools.filter((t) => provided.has(t.name) || t.name === completion)
      : protocol.tools.filter((t) => has(t.name));
  if (tools.length === 0) tools = [...protocol.tools];
  return tools.map((t) => describe(t, has(t.name) ? descriptions[t.name] : undefined));
}

function describe(tool: ToolDefinition, description: ToolDescription | undefined): SelectedTool {
  if (description === undefined) {
    return { name: tool.name, params: tool.params.map((name) => ({ name, required: false })) };
  }
  const params = Object.entries(description.params)
    .filter(([name]) => tool.params.includes(name)) // a described param the protocol lacks could never parse
    .map(([name, p]) => ({ name, description: p.description, required: p.required !== false, example: p.example }));
  return { name: tool.name, description: description.description, params };
}

/**
 * Tag-protocol instructions for the system message: the tag format, the rules, then each tool
 * with its parameters and an example. With `toolNames`, only those tools and the completion tool.
 */
export function toolUsePrompt(
  protocol: Protocol,
  descriptions: ToolDescriptions = defaultToolDescriptions,
  options: ToolUsePromptOptions = {},
): string {
  const tools = selectTools(protocol, descriptions, options);
  const completion = options.completionTool ?? 'attempt_completion';
  const out: string[] = [
    '# Tool use',
    '',
    'You act by using tools. Write a tool use as XML-style tags: the tool name as the outer tag, each parameter as an inner tag.',
    '',
    '<tool_name>',
    '<parameter1_name>value1</parameter1_name>',
    '<parameter2_name>value2</parameter2_name>',
    '</tool_name>',
    '',
    'Rules:',
    '- Use the exact tag names below. Write parameter values as they are: no escaping, no code fences around the tags.',
    (options.toolsPerMessage ?? 'one') === 'one'
      ? '- Use one tool per message, at the end of the message, then wait for its result before going on.'
      : '- You may use several tools in one message; they run in order, and you get all results together.',
    ...(options.endTurn === 'text'
      ? [
          `- When the task is done, or to answer without acting, reply in plain text without a tool use${tools.some((t) => t.name === completion) ? ` (or use ${completion})` : ''}: that ends your turn.`,
        ]
      : [
          '- Every reply must contain a tool use.',
          tools.some((t) => t.name === completion) ? `- When the task is done, use ${completion}.` : '',
        ]),
    '',
    '# Tools',
  ];
  for (const tool of tools) {
    out.push('', `## ${tool.name}`);
    if (tool.description) out.push(tool.description);
    if (tool.params.length > 0) {
      out.push('Parameters:');
      for (const p of tool.params) {
        const flag = tool.description === undefined ? '' : p.required ? ' (required)' : ' (optional)';
        out.push(`- ${p.name}${flag}${p.description ? `: ${p.description}` : ''}`);
      }
    }
    out.push('Example:', exampleOf(tool));
  }
  if (protocol.reasoningTags.length > 0) {
    const tag = protocol.reasoningTags[0];
    out.push('', `You may think before acting inside <${tag}>...</${tag}>; nothing inside is treated as a tool use.`);
  }
  return out.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n');
}

function exampleOf(tool: SelectedTool): string {
  const params = tool.params.filter((p) => p.required || p.example !== undefined);
  const shown = params.length > 0 ? params : tool.params.slice(0, 1);
  const lines = shown.map((p) => {
    const value = p.example ?? `${p.name} here`;
    return value.includes('\n') ? `<${p.name}>\n${value}\n</${p.name}>` : `<${p.name}>${value}</${p.name}>`;
  });
  return [`<${tool.name}>`, ...lines, `</${tool.name}>`].join('\n');
}
