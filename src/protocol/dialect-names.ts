// The dialects the parser can recover besides Cline's XML, and how an option names a set of them.

/**
 * A way real models write tool calls or reasoning that is not Cline's XML. Each is recovered by
 * its own recognizer (src/parser/dialects/<name>.ts) in the parser's one scan.
 */
export type DialectName =
  /** `<thinking>`, `<reasoning>`, `<thought>` as well as `<think>`; a mismatched close still closes; a reply that starts inside reasoning. */
  | 'reasoning'
  /** Chat-template tokens that leak (`<|im_end|>`, `<|end|>`, `<｜end▁of▁sentence｜>`…) are dropped, never shown. */
  | 'special-tokens'
  /** Hermes / Qwen 2.5 / Qwen3: `<tool_call>{"name": …, "arguments": {…}}</tool_call>`. */
  | 'hermes'
  /** Qwen3-Coder: `<tool_call><function=NAME><parameter=P>v</parameter></function></tool_call>`. */
  | 'qwen3-coder'
  /** GLM-4.5 / 4.6 / 5: `<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>`. */
  | 'glm'
  /** Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}<|tool_call_end|>…`. */
  | 'kimi'
  /** DeepSeek V3 / V3.1 / R1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>…<｜tool▁sep｜>…<｜tool▁call▁end｜>`. */
  | 'deepseek'
  /** gpt-oss harmony: `<|channel|>analysis<|message|>…<|end|>`, `<|channel|>commentary to=functions.NAME<|message|>{…}<|call|>`. */
  | 'harmony'
  /** Mistral: `[TOOL_CALLS][{…}]` or `[TOOL_CALLS]NAME[ARGS]{…}`. */
  | 'mistral'
  /** Llama 3: `<|python_tag|>{"name": …, "parameters": {…}}`. */
  | 'llama'
  /** IBM Granite: `<|tool_call|>[{"name": …, "arguments": {…}}]`. */
  | 'granite'
  /** Pythonic calls (Llama 3.2 / 4): a whole reply `[read_file(path="a.ts")]`. */
  | 'pythonic'
  /** Anthropic style: `<function_calls><invoke name="N"><parameter name="P">v</parameter></invoke></function_calls>`. */
  | 'anthropic'
  /** A whole reply that is `{"name": …, "arguments": {…}}`, bare or in one code fence. */
  | 'json'
  /** Cline's XML arriving HTML-escaped as a whole (`&lt;read_file&gt;…`), unescaped exactly once. */
  | 'html-escaped';

/** The dialects that carry tool calls (every one but reasoning and leaked special tokens), in the docs' order. */
export const CALL_DIALECTS = [
  'hermes',
  'qwen3-coder',
  'glm',
  'kimi',
  'deepseek',
  'harmony',
  'mistral',
  'llama',
  'granite',
  'pythonic',
  'anthropic',
  'json',
  'html-escaped',
] as const satisfies readonly DialectName[];

/** Every dialect, in the order the docs list them. */
// (the pure marks let a bundle that never names the dialects drop these)
export const ALL_DIALECTS: readonly DialectName[] = /* @__PURE__ */ (() =>
  Object.freeze<DialectName[]>(['reasoning', 'special-tokens', ...CALL_DIALECTS]))();

/**
 * The dialects on for a model nobody described: every one whose markers cannot occur in ordinary
 * prose or code. Pythonic lists and bare JSON replies can, so they are on only for the models
 * that write them (or when asked for).
 */
export const SAFE_DIALECTS: readonly DialectName[] = /* @__PURE__ */ (() =>
  Object.freeze(ALL_DIALECTS.filter((d) => d !== 'pythonic' && d !== 'json')))();

/** Which dialects are on: `'all'`, `'none'` (Cline's XML only), or a list of names. */
export type DialectsOption = 'all' | 'none' | readonly DialectName[];

/** Whether `value` names a dialect. */
export function isDialectName(value: unknown): value is DialectName {
  return typeof value === 'string' && (ALL_DIALECTS as readonly string[]).includes(value);
}

/** The set of dialects an option turns on. Unknown names are ignored by the caller's validation, not here. */
function resolveDialects(option: DialectsOption | undefined): ReadonlySet<DialectName> {
  if (option === undefined || option === 'none') return new Set();
  if (option === 'all') return new Set(ALL_DIALECTS);
  return new Set(option.filter(isDialectName));
}
