// The scripted agent's tool call written in another model's dialect (Hermes, GLM, Kimi, …) instead
// of Cline's XML, as local servers pass a model's native format through as text. Chosen per model
// (the `dialect` option) or per conversation (a `dialect:<name>` marker in the task text), so the
// parser's recovery of each dialect can be shown and timed end to end.
import { CALL_DIALECTS } from '../../src/protocol/dialect-names.js';
import { renderTagReply, type ScriptedReply } from '../endpoint/scripted-reply.js';
import type { ScriptedAgentStep, ScriptedToolStep } from '../endpoint/scripted-step.js';

/** The dialects the scripted model can write its tool calls in (every call-carrying dialect). */
export const scriptedDialects = CALL_DIALECTS;

/** One dialect the scripted model can write (see {@link scriptedDialects}). */
export type ScriptedDialect = (typeof scriptedDialects)[number];

const KNOWN = new Set<string>(scriptedDialects);

/** Whether `name` is a dialect the scripted model can write. */
export function isScriptedDialect(name: unknown): name is ScriptedDialect {
  return typeof name === 'string' && KNOWN.has(name);
}

/** The dialect marked in a task as `dialect:<name>` (the first known one), if any. */
export function dialectInText(text: string): ScriptedDialect | undefined {
  const marker = /dialect:([a-z0-9-]+)/g;
  for (let m = marker.exec(text); m !== null; m = marker.exec(text)) if (isScriptedDialect(m[1])) return m[1];
  return undefined;
}

/** A piece of the reply; `value` marks the text of the written file's content. */
type Piece = string | { value: string };

const args = (tool: ScriptedToolStep) => Object.fromEntries(tool.params);
const json = (value: unknown) => JSON.stringify(value);

/** A Python string literal of `text` (double quotes; only the escapes a Python reader needs). */
function pythonString(text: string): string {
  const escaped = text.replace(
    /[\\"\n\r\t]/g,
    (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!,
  );
  return `"${escaped}"`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/**
 * The JSON of a call with the content's own encoding marked, so the `length-in-write` fault can
 * cut inside it: `{"name": N, "<argsKey>": {…}}`, or the arguments alone.
 */
function jsonPieces(tool: ScriptedToolStep, shape: 'arguments' | 'parameters' | 'bare'): Piece[] {
  const body = json(args(tool));
  const wrapped = shape === 'bare' ? body : `{"name": ${json(tool.name)}, "${shape}": ${body}}`;
  const content = tool.name === 'write_to_file' ? tool.params.find(([k]) => k === 'content')?.[1] : undefined;
  if (content === undefined) return [wrapped];
  const encoded = json(content).slice(1, -1);
  const at = wrapped.indexOf(`"content":"${encoded}"`) + '"content":"'.length;
  return [wrapped.slice(0, at), { value: encoded }, wrapped.slice(at + encoded.length)];
}

/** The pieces of each param as `open + value + close`, the content marked. */
function paramPieces(tool: ScriptedToolStep, open: (k: string) => string, close: string): Piece[] {
  return tool.params.flatMap(([k, v]): Piece[] => [
    open(k),
    k === 'content' && tool.name === 'write_to_file' ? { value: v } : v,
    close,
  ]);
}

/** The call in `dialect`, after the step's prose where the dialect allows prose. */
function callPieces(step: ScriptedAgentStep & { tool: ScriptedToolStep }, dialect: ScriptedDialect): Piece[] {
  const { tool } = step;
  const prose = `${step.text}\n\n`;
  switch (dialect) {
    case 'hermes':
      return [prose, '<tool_call>\n', ...jsonPieces(tool, 'arguments'), '\n</tool_call>'];
    case 'qwen3-coder':
      return [
        prose,
        `<tool_call>\n<function=${tool.name}>\n`,
        ...paramPieces(tool, (k) => `<parameter=${k}>\n`, '\n</parameter>\n'),
        '</function>\n</tool_call>',
      ];
    case 'glm':
      return [
        prose,
        `<tool_call>${tool.name}\n`,
        ...paramPieces(tool, (k) => `<arg_key>${k}</arg_key>\n<arg_value>`, '</arg_value>\n'),
        '</tool_call>',
      ];
    case 'kimi':
      return [
        prose,
        `<|tool_calls_section_begin|><|tool_call_begin|>functions.${tool.name}:0<|tool_call_argument_begin|>`,
        ...jsonPieces(tool, 'bare'),
        '<|tool_call_end|><|tool_calls_section_end|>',
      ];
    case 'deepseek':
      return [
        prose,
        `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${tool.name}\n\`\`\`json\n`,
        ...jsonPieces(tool, 'bare'),
        '\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      ];
    case 'harmony':
      return [
        prose,
        `<|start|>assistant<|channel|>commentary to=functions.${tool.name} <|constrain|>json<|message|>`,
        ...jsonPieces(tool, 'bare'),
        '<|call|>',
      ];
    case 'mistral':
      return [prose.trimEnd(), `[TOOL_CALLS]${tool.name}[ARGS]`, ...jsonPieces(tool, 'bare')];
    case 'llama':
      return ['<|python_tag|>', ...jsonPieces(tool, 'parameters'), '<|eom_id|>'];
    case 'granite':
      return [prose, '<|tool_call|>[', ...jsonPieces(tool, 'arguments'), ']'];
    case 'pythonic': {
      const pieces: Piece[] = [`[${tool.name}(`];
      tool.params.forEach(([k, v], i) => {
        const literal = pythonString(v);
        pieces.push(`${i > 0 ? ', ' : ''}${k}=`);
        pieces.push(k === 'content' && tool.name === 'write_to_file' ? '"' : literal);
        if (k === 'content' && tool.name === 'write_to_file') pieces.push({ value: literal.slice(1, -1) }, '"');
      });
      pieces.push(')]');
      return pieces;
    }
    case 'anthropic':
      return [
        prose,
        `<function_calls>\n<invoke name="${tool.name}">\n`,
        ...paramPieces(tool, (k) => `<parameter name="${k}">`, '</parameter>\n'),
        '</invoke>\n</function_calls>',
      ];
    case 'json':
      return jsonPieces(tool, 'arguments');
    case 'html-escaped':
      return [];
  }
}

/**
 * The step with its tool call written in `dialect`. Prose goes before the call where the dialect
 * has room for it; Llama's `<|python_tag|>`, pythonic lists and bare JSON are whole replies, so
 * their prose is left out. HTML-escaped is the Cline XML reply, escaped as a whole.
 */
export function renderDialectReply(step: ScriptedAgentStep, dialect: ScriptedDialect): ScriptedReply {
  if (!step.tool) return renderTagReply(step);
  if (dialect === 'html-escaped') {
    const xml = renderTagReply(step);
    const at = (offset: number) => escapeHtml(xml.content.slice(0, offset)).length;
    return {
      ...xml,
      content: escapeHtml(xml.content),
      toolStart: at(xml.toolStart ?? 0),
      ...(xml.writeContent
        ? { writeContent: { start: at(xml.writeContent.start), end: at(xml.writeContent.end) } }
        : {}),
    };
  }
  const pieces = callPieces({ ...step, tool: step.tool }, dialect);
  const prose = pieces[0] === `${step.text}\n\n` || pieces[0] === step.text ? (pieces[0] as string) : '';
  let content = '';
  let writeContent: ScriptedReply['writeContent'];
  for (const piece of pieces) {
    if (typeof piece === 'string') content += piece;
    else {
      writeContent = { start: content.length, end: content.length + piece.value.length };
      content += piece.value;
    }
  }
  return {
    reasoning: step.reasoning,
    content,
    toolCalls: [],
    finishReason: 'stop',
    faultText: 'content',
    toolStart: prose.length,
    writeContent,
  };
}
