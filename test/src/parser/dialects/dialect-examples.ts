// One example reply per dialect and what it must parse to, shared by the dialect tests. The
// examples follow the formats as documented by the projects named beside each.

import { clineThinkProtocol } from '../../../../src/protocol/index.js';
import { withDialects } from '../../../../src/parser/index.js';

export const allDialects = withDialects(clineThinkProtocol, 'all');

export interface DialectExample {
  name: string;
  text: string;
  /** The calls it holds (name and params), in order. */
  calls: { name: string; params: Record<string, string>; dialect: string }[];
  /** The prose around them, in order. */
  prose: string[];
}

const read = (path: string, dialect: string) => ({ name: 'read_file', params: { path }, dialect });

export const DIALECT_EXAMPLES: DialectExample[] = [
  {
    // Qwen2.5 / Qwen3 chat template (`<tool_call>\n{"name": …, "arguments": …}\n</tool_call>`)
    name: 'hermes',
    text: 'Let me look.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "src/a.ts"}}\n</tool_call>',
    calls: [read('src/a.ts', 'hermes')],
    prose: ['Let me look.'],
  },
  {
    // NousResearch/Hermes-Function-Calling README: the model writes a Python dict
    name: 'hermes python dict',
    text: "<tool_call>\n{'name': 'read_file', 'arguments': {'path': 'src/a.ts'}}\n</tool_call>",
    calls: [read('src/a.ts', 'hermes')],
    prose: [],
  },
  {
    // ChatML's role header leaking with the call (vybestack/llxprt-code's Hermes plan quotes it)
    name: 'hermes with ChatML tokens',
    text: '<|im_start|>assistant\nLet me look.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "src/a.ts"}}\n</tool_call>\n<|im_end|>',
    calls: [read('src/a.ts', 'hermes')],
    prose: ['Let me look.'],
  },
  {
    // Qwen3-Coder chat template
    name: 'qwen3-coder',
    text: '<tool_call>\n<function=write_to_file>\n<parameter=path>\nout.txt\n</parameter>\n<parameter=content>\nline 1\nline 2\n</parameter>\n</function>\n</tool_call>',
    calls: [{ name: 'write_to_file', params: { path: 'out.txt', content: 'line 1\nline 2' }, dialect: 'qwen3-coder' }],
    prose: [],
  },
  {
    // GLM-4.5 chat template (vLLM glm4_moe parser)
    name: 'glm',
    text: 'Searching.\n<tool_call>search_files\n<arg_key>path</arg_key>\n<arg_value>src</arg_value>\n<arg_key>regex</arg_key>\n<arg_value>TODO</arg_value>\n</tool_call>',
    calls: [{ name: 'search_files', params: { path: 'src', regex: 'TODO' }, dialect: 'glm' }],
    prose: ['Searching.'],
  },
  {
    // Kimi K2 tool-call tokens (docs/tool_call_guidance.md of Kimi-K2)
    name: 'kimi',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "a.ts"}<|tool_call_end|><|tool_call_begin|>functions.read_file:1<|tool_call_argument_begin|>{"path": "b.ts"}<|tool_call_end|><|tool_calls_section_end|>',
    calls: [read('a.ts', 'kimi'), read('b.ts', 'kimi')],
    prose: [],
  },
  {
    // DeepSeek V3 / R1 chat template
    name: 'deepseek',
    text: 'Reading.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>read_file\n```json\n{"path": "a.ts"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
    calls: [read('a.ts', 'deepseek')],
    prose: ['Reading.'],
  },
  {
    // DeepSeek V3.1 chat template
    name: 'deepseek v3.1',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read_file<｜tool▁sep｜>{"path": "a.ts"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [read('a.ts', 'deepseek')],
    prose: [],
  },
  {
    // OpenAI harmony format (openai/harmony docs)
    name: 'harmony',
    text: '<|channel|>analysis<|message|>Need the file.<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "a.ts"}<|call|>',
    calls: [read('a.ts', 'harmony')],
    prose: [],
  },
  {
    // Mistral v11+ tokenizer ([TOOL_CALLS]name[ARGS]{…})
    name: 'mistral',
    text: 'Sure.[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}',
    calls: [read('a.ts', 'mistral')],
    prose: ['Sure.'],
  },
  {
    // Devstral through a server that drops [ARGS] (raullenchai/Rapid-MLX issue 1071 names the form)
    name: 'mistral without [ARGS]',
    text: '[TOOL_CALLS]read_file{"path": "a.ts"}',
    calls: [read('a.ts', 'mistral')],
    prose: [],
  },
  {
    // Mistral v3 tokenizer ([TOOL_CALLS][{…}])
    name: 'mistral list',
    text: '[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "a.ts"}}]',
    calls: [read('a.ts', 'mistral')],
    prose: [],
  },
  {
    // Llama 3.1 model card (JSON tool calling after <|python_tag|>)
    name: 'llama',
    text: '<|python_tag|>{"name": "read_file", "parameters": {"path": "a.ts"}}<|eom_id|>',
    calls: [read('a.ts', 'llama')],
    prose: [],
  },
  {
    // Granite 3 chat template
    name: 'granite',
    text: '<|tool_call|>[{"name": "read_file", "arguments": {"path": "a.ts"}}]',
    calls: [read('a.ts', 'granite')],
    prose: [],
  },
  {
    // vLLM pythonic tool parser docs (Llama 3.2 / 4)
    name: 'pythonic',
    text: '[read_file(path="a.ts"), list_files(path="src", recursive=True)]',
    calls: [
      read('a.ts', 'pythonic'),
      { name: 'list_files', params: { path: 'src', recursive: 'true' }, dialect: 'pythonic' },
    ],
    prose: [],
  },
  {
    // Anthropic-style function calls written as text
    name: 'anthropic',
    text: 'Checking.\n<function_calls>\n<invoke name="read_file">\n<parameter name="path">a.ts</parameter>\n</invoke>\n</function_calls>',
    calls: [read('a.ts', 'anthropic')],
    prose: ['Checking.'],
  },
  {
    // a bare JSON call, as small models behind Ollama answer
    name: 'json',
    text: '{"name": "read_file", "arguments": {"path": "a.ts"}}',
    calls: [read('a.ts', 'json')],
    prose: [],
  },
  {
    name: 'json fenced',
    text: '```json\n{"name": "read_file", "arguments": {"path": "a.ts"}}\n```',
    calls: [read('a.ts', 'json')],
    prose: [],
  },
  {
    name: 'html-escaped',
    text: '&lt;read_file&gt;\n&lt;path&gt;a &amp;amp; b.ts&lt;/path&gt;\n&lt;/read_file&gt;',
    calls: [read('a &amp; b.ts', 'html-escaped')],
    prose: [],
  },
];
