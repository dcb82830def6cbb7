// A scripted reply in wire terms: reasoning, content, native tool calls, and the offsets where
// faults cut it. Renders agent steps in the tag protocol or as native tool calls.
import type { ChatToolCall, ChatToolDefinition } from '../../src/wire/types.js';
import type { ScriptedAgentStep } from './scripted-step.js';

export interface ScriptedReply {
  reasoning: string;
  content: string;
  toolCalls: ChatToolCall[];
  finishReason: 'stop' | 'tool_calls';
  /** Which text the fault offsets below point into. */
  faultText?: 'content' | 'arguments';
  /** Offset in `content` (tag protocol) or in the first call's arguments (native) where the tool use starts. */
  toolStart?: number;
  /** Offsets of a write_to_file's content, in the same text as `toolStart`. */
  writeContent?: { start: number; end: number };
}

const RAW_PARAMS = new Set(['content', 'diff']);

/** The step as Cline-style XML tags after its prose. */
export function renderTagReply(step: ScriptedAgentStep): ScriptedReply {
  if (!step.tool) return { reasoning: step.reasoning, content: step.text, toolCalls: [], finishReason: 'stop' };
  let content = `${step.text}\n\n`;
  const toolStart = content.length;
  let writeContent: ScriptedReply['writeContent'];
  content += `<${step.tool.name}>\n`;
  for (const [name, value] of step.tool.params) {
    if (RAW_PARAMS.has(name)) {
      content += `<${name}>\n`;
      const start = content.length;
      content += value;
      if (step.tool.name === 'write_to_file') writeContent = { start, end: content.length };
      content += `\n</${name}>\n`;
    } else {
      content += `<${name}>${value}</${name}>\n`;
    }
  }
  content += `</${step.tool.name}>`;
  return {
    reasoning: step.reasoning,
    content,
    toolCalls: [],
    finishReason: 'stop',
    faultText: 'content',
    toolStart,
    writeContent,
  };
}

function paramType(tools: readonly ChatToolDefinition[], tool: string, param: string): unknown {
  const def = tools.find((t) => t.function?.name === tool);
  const props = (def?.function.parameters as { properties?: Record<string, { type?: unknown }> } | undefined)
    ?.properties;
  return props?.[param]?.type;
}

function typedValue(value: string, type: unknown): unknown {
  if (type === 'boolean') return value === 'true';
  if (type === 'object' || type === 'array') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if ((type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/** The step as one native tool call (arguments typed by the request's tool schema). */
export function renderNativeReply(
  step: ScriptedAgentStep,
  tools: readonly ChatToolDefinition[],
  callId: string,
): ScriptedReply {
  if (!step.tool) return { reasoning: step.reasoning, content: step.text, toolCalls: [], finishReason: 'stop' };
  const args: Record<string, unknown> = {};
  for (const [name, value] of step.tool.params) args[name] = typedValue(value, paramType(tools, step.tool.name, name));
  const json = JSON.stringify(args);
  let writeContent: ScriptedReply['writeContent'];
  if (step.tool.name === 'write_to_file' && typeof args.content === 'string') {
    const encoded = JSON.stringify(args.content);
    const start = json.indexOf(encoded) + 1;
    writeContent = { start, end: start + encoded.length - 2 };
  }
  return {
    reasoning: step.reasoning,
    content: step.text,
    toolCalls: [{ id: callId, type: 'function', function: { name: step.tool.name, arguments: json } }],
    finishReason: 'tool_calls',
    faultText: 'arguments',
    toolStart: 0,
    writeContent,
  };
}

/** A short deterministic hash (FNV-1a), for call ids that differ between conversations. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
