// Facts about real models behind OpenAI-compatible endpoints (published provider measurements),
// used by structured output to pick a response_format and by test endpoints to emulate them.

import { AgentTurnError } from '../errors/agent-turn-error.js';
// type only: the profile table's chunk must not pull the protocol's code into a parser-only bundle
import type { DialectName } from '../protocol/dialect-names.js';

/** Where a model's thinking shows up on the wire. */
export type ReasoningStyle =
  /** No thinking output at all. */
  | 'none'
  /** Thinking text in a separate delta field (`reasoning_content`, or `reasoning` on gateways). */
  | 'reasoning_content'
  /** No thinking text; only `usage.completion_tokens_details.reasoning_tokens` counts it. */
  | 'tokens-only'
  /** Thinking as `<think>…</think>` at the start of `content`. */
  | 'inline-think';

/**
 * Which assistant messages carry their reasoning back in later requests: `drop` none (content
 * only), `tool-turns` those that made native tool calls (DeepSeek thinking mode, Kimi, MiMo, GLM),
 * `all` every one.
 */
export type HistoryReasoning = 'drop' | 'tool-turns' | 'all';

/**
 * Opaque provider data kept byte for byte from the stream and sent back unchanged:
 * `reasoning_details` (OpenRouter's array, signatures and encrypted entries intact) and
 * `extra_content` (per tool call: Gemini's `google.thought_signature`).
 */
export type OpaqueHistoryField = 'reasoning_details' | 'extra_content';

/** What the history must carry of an assistant reply for the model to accept the next request. */
export interface HistoryRule {
  /** Which assistant messages carry their reasoning text back. */
  reasoning: HistoryReasoning;
  /** The field the reasoning goes back in. Default: the profile's `reasoningField`, else `reasoning_content`. */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** A leading `<think>…</think>` stays inside `content` (MiniMax M2). Default false: it is left out. */
  keepInlineReasoning?: boolean;
  /**
   * Opaque fields sent back as they arrived. Default: both (they only arrive from providers that
   * want them back). When `reasoning_details` came and are sent, they stand for the reasoning text.
   */
  opaque?: readonly OpaqueHistoryField[];
  /** The `content` of an assistant tool-call message without text: `null` (default, OpenAI's) or `''` (MiMo refuses null). */
  emptyToolCallContent?: 'null' | 'empty-string';
}

/** How a streaming model marks the field it is not using in a delta (reasoning vs content). */
export type InactiveKeyConvention = 'absent' | 'null' | 'empty-string';

/** What a model does with `response_format: { type: 'json_schema' }`. */
export type JsonSchemaSupport =
  /** Honoured, strictly. */
  | 'strict'
  /** Honoured. */
  | 'yes'
  /** JSON is right but prefixed with a `<think>…</think>` block in content. */
  | 'think-prefix'
  /** HTTP 400 unless the messages contain the word "json". */
  | 'needs-json-word'
  /** Ignored: answers in Markdown. */
  | 'ignored-markdown'
  /** Ignored: answers in prose. */
  | 'ignored-prose'
  /** Not known: do not rely on it. */
  | 'unknown';

/** What a model does with the two kinds of `response_format`. */
export interface StructuredOutputSupport {
  /** What it does with `response_format: { type: 'json_schema' }`. */
  jsonSchema: JsonSchemaSupport;
  /** Whether `response_format: { type: 'json_object' }` is honoured. */
  jsonObject: boolean;
}

/**
 * The facts about one model that the wire and structured output depend on: where its thinking
 * shows up, how it marks the inactive field, what it does with response formats.
 */
export interface ModelProfile {
  /** The model name; also matched as a prefix (`gpt-4.1-mini-2025-04-14`, `openai/gpt-4.1-mini`). */
  id: string;
  /** One line for humans (GET /models, docs). */
  description?: string;
  /** Where its thinking shows up on the wire. */
  reasoning: ReasoningStyle;
  /** Field carrying thinking text when `reasoning` is 'reasoning_content'. Default 'reasoning_content'. */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** While streaming, how the inactive one of reasoning/content is sent. */
  inactiveKey: InactiveKeyConvention;
  /** What it does with `response_format`. */
  structured: StructuredOutputSupport;
  /** Whether native `tools` / `tool_calls` work. Default true. */
  nativeTools?: boolean;
  /** Rough hidden reasoning tokens per answer, for 'tokens-only' models (hundreds even for "1+1"). */
  typicalReasoningTokens?: number;
  /** The whole context window in tokens (prompt plus reply), as the provider publishes it. Unset: the default profile's. */
  contextWindow?: number;
  /** The most tokens one reply may have, as the provider publishes it. Unset: the default profile's. */
  maxOutputTokens?: number;
  /**
   * The provider's public list price in US dollars per million tokens, prompt (`input`) and
   * reply (`output`, reasoning included), for a cost estimate; unset where not known. Cached-prompt
   * discounts and batch prices are not modelled.
   */
  price?: { inputPerMillion: number; outputPerMillion: number };
  /** What the history must carry back (reasoning, opaque fields). Unset: {@link DEFAULT_HISTORY_RULE}. */
  history?: HistoryRule;
  /**
   * The model is reached through a gateway that changes the wire: `openrouter` streams the
   * reasoning in `reasoning` and mirrors it into `reasoning_details`, and passes the upstream's
   * errors through in its own envelope.
   */
  gateway?: 'openrouter';
  /**
   * The wire its endpoint speaks, when not Chat Completions: `anthropic-messages` or `responses`
   * (the CLI takes it unless `--wire` says otherwise). Unset: `chat-completions`.
   */
  wire?: 'chat-completions' | 'anthropic-messages' | 'responses';
  /** The dialects the parser recovers for it besides Cline's XML (see `dialectsForModel`). Unset: its family's, else a safe set. */
  dialects?: readonly DialectName[];
  /** Its chat template opens `<think>` in the prompt, so the reply starts inside reasoning. Unset: false (a lone `</think>` is still detected). */
  startsInReasoning?: boolean;
}

/** Error thrown by registerModelProfile for a profile that cannot be used. */
export class ModelProfileError extends AgentTurnError<'invalid-profile'> {
  static override readonly errorName: string = 'ModelProfileError';

  constructor(message: string) {
    super('invalid-profile', message);
  }
}

/** What every Kimi K2 thinking model shares: reasoning_content, required back on every tool-call message. */
const KIMI_K2_THINKING = {
  reasoning: 'reasoning_content',
  reasoningField: 'reasoning_content',
  inactiveKey: 'absent',
  structured: { jsonSchema: 'unknown', jsonObject: true },
  contextWindow: 262_144,
  history: { reasoning: 'tool-turns' },
} as const satisfies Partial<ModelProfile>;

/** What DeepSeek's V3.2 and V4 models share: reasoning_content, sent back on tool-call turns. */
const DEEPSEEK_V3_2 = {
  reasoning: 'reasoning_content',
  reasoningField: 'reasoning_content',
  inactiveKey: 'null',
  structured: { jsonSchema: 'unknown', jsonObject: true },
  history: { reasoning: 'tool-turns' },
} as const satisfies Partial<ModelProfile>;

// in pure-marked functions, a few entries each: the spreads would otherwise keep the table in a bundle that uses no profile
const BUILT_IN_1: readonly ModelProfile[] = /* @__PURE__ */ (() => [
  {
    id: 'gpt-4.1-mini',
    description: 'No thinking output; json_schema strict.',
    reasoning: 'none',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'strict', jsonObject: true },
    contextWindow: 1_047_576,
    maxOutputTokens: 32_768,
    // OpenAI's list price for gpt-4.1-mini.
    price: { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  },
  {
    id: 'gemini-3.1-flash-lite',
    description: 'No thinking output; json_schema honoured.',
    reasoning: 'none',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'yes', jsonObject: true },
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
  },
  {
    id: 'claude-haiku-4-5',
    description: 'No thinking output; response_format ignored, answers in Markdown.',
    reasoning: 'none',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'ignored-markdown', jsonObject: false },
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    // Anthropic's list price for Claude Haiku 4.5.
    price: { inputPerMillion: 1, outputPerMillion: 5 },
  },
  {
    id: 'grok-4.3',
    description: 'reasoning_content; sends only the active key; json_schema honoured (still thinks).',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'yes', jsonObject: true },
    contextWindow: 1_000_000,
    maxOutputTokens: 131_072,
  },
  {
    id: 'qwen3.6-plus',
    description:
      'reasoning_content; sends both keys, the inactive one null; 400 on response_format without the word "json".',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'null',
    structured: { jsonSchema: 'needs-json-word', jsonObject: true },
    contextWindow: 1_000_000,
    maxOutputTokens: 65_536,
    // Qwen's chat template: Hermes <tool_call> JSON, and Qwen3-Coder's XML calls
    dialects: ['reasoning', 'special-tokens', 'html-escaped', 'hermes', 'qwen3-coder'],
    // thinking arrives as reasoning_content, never as a reply that starts inside <think>
    startsInReasoning: false,
  },
  {
    id: 'glm-5.1',
    description: 'reasoning_content; content "" while thinking; ignores json_schema (prose), honours json_object.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'empty-string',
    structured: { jsonSchema: 'ignored-prose', jsonObject: true },
    contextWindow: 200_000,
    maxOutputTokens: 128_000,
    // Z.ai asks for the thinking back on tool turns (reports differ; a relay answers with Kimi's 400).
    history: { reasoning: 'tool-turns' },
    // GLM's chat template: <tool_call>NAME<arg_key>…</arg_key><arg_value>…</arg_value></tool_call>
    dialects: ['reasoning', 'special-tokens', 'html-escaped', 'glm'],
  },
  {
    id: 'gpt-5.4-mini',
    description: 'Thinks without showing it: only usage.reasoning_tokens; json_schema answers carry a <think> prefix.',
    reasoning: 'tokens-only',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'think-prefix', jsonObject: false },
    typicalReasoningTokens: 320,
    contextWindow: 400_000,
    maxOutputTokens: 128_000,
  },
])();

const BUILT_IN_2: readonly ModelProfile[] = /* @__PURE__ */ (() => [
  {
    id: 'gateway-reasoning',
    description:
      'A reasoning model behind a gateway (vLLM, Ollama, OpenRouter style): thinking in `reasoning`, inactive key null.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning',
    inactiveKey: 'null',
    structured: { jsonSchema: 'unknown', jsonObject: true },
  },
  {
    id: 'inline-think',
    description: 'A reasoning model served raw: thinking as <think>…</think> at the start of content.',
    reasoning: 'inline-think',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'unknown', jsonObject: true },
  },
  // --- Reasoning models whose history must carry something back (docs/profiles.md has the table) ---
  {
    id: 'deepseek-chat',
    description: 'DeepSeek V3.2 (thinking when enabled): reasoning_content, sent back on tool-call turns.',
    ...DEEPSEEK_V3_2,
    contextWindow: 128_000,
    maxOutputTokens: 8_192,
    // DeepSeek's list price for V3.2 (cache miss).
    price: { inputPerMillion: 0.28, outputPerMillion: 0.42 },
  },
  {
    id: 'deepseek-reasoner',
    description:
      'DeepSeek V3.2 thinking mode: reasoning_content, sent back exactly on tool-call turns (refused elsewhere by the R1 rule).',
    ...DEEPSEEK_V3_2,
    contextWindow: 128_000,
    maxOutputTokens: 64_000,
    price: { inputPerMillion: 0.28, outputPerMillion: 0.42 },
  },
  {
    id: 'deepseek-v3.2',
    description: 'DeepSeek V3.2 by its model name (gateways): reasoning_content, sent back on tool-call turns.',
    ...DEEPSEEK_V3_2,
    contextWindow: 128_000,
  },
  {
    id: 'deepseek-v4',
    description:
      'DeepSeek V4 (deepseek-v4-pro, deepseek-v4-flash): thinking on by default; reasoning_content sent back on tool-call turns.',
    ...DEEPSEEK_V3_2,
  },
  {
    id: 'kimi-k2-thinking',
    description: 'Moonshot Kimi K2 thinking: reasoning_content, required on every assistant tool-call message.',
    ...KIMI_K2_THINKING,
  },
  {
    id: 'kimi-k2.5',
    description: 'Moonshot Kimi K2.5 (thinking): reasoning_content, required on every assistant tool-call message.',
    ...KIMI_K2_THINKING,
  },
  {
    id: 'kimi-k2.6',
    description: 'Moonshot Kimi K2.6 (thinking): reasoning_content, required on every assistant tool-call message.',
    ...KIMI_K2_THINKING,
  },
  {
    id: 'mimo-v2',
    description:
      'Xiaomi MiMo V2 / V2.5 (mimo-v2-flash, mimo-v2.5-pro) thinking: reasoning_content on tool-call turns; content never null.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'null',
    structured: { jsonSchema: 'unknown', jsonObject: true },
    history: { reasoning: 'tool-turns', emptyToolCallContent: 'empty-string' },
  },
  {
    id: 'glm-5',
    description: 'Z.ai GLM-5: reasoning_content, sent back on tool-call turns.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'empty-string',
    structured: { jsonSchema: 'ignored-prose', jsonObject: true },
    contextWindow: 200_000,
    maxOutputTokens: 128_000,
    history: { reasoning: 'tool-turns' },
  },
])();

const BUILT_IN_3: readonly ModelProfile[] = /* @__PURE__ */ (() => [
  {
    id: 'MiniMax-M2',
    description:
      'MiniMax M2 / M2.1: <think>…</think> inside content, kept there in the history (stripped for display only).',
    reasoning: 'inline-think',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'unknown', jsonObject: true },
    contextWindow: 204_800,
    history: { reasoning: 'drop', keepInlineReasoning: true },
  },
  {
    id: 'gemini-3-pro-preview',
    description:
      'Gemini 3 Pro on the OpenAI-compatible endpoint: thinks unseen; each tool call carries a thought_signature that must come back.',
    reasoning: 'tokens-only',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'yes', jsonObject: true },
    typicalReasoningTokens: 400,
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    history: { reasoning: 'drop', opaque: ['extra_content'] },
  },
  {
    id: 'gemini-3-flash-preview',
    description:
      'Gemini 3 Flash on the OpenAI-compatible endpoint: thinks unseen; each tool call carries a thought_signature that must come back.',
    reasoning: 'tokens-only',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'yes', jsonObject: true },
    typicalReasoningTokens: 250,
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    history: { reasoning: 'drop', opaque: ['extra_content'] },
  },
  {
    id: 'deepseek/deepseek-v3.2',
    description:
      'DeepSeek V3.2 through OpenRouter: reasoning in `reasoning` and `reasoning_details`; the details go back unmodified.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning',
    inactiveKey: 'null',
    structured: { jsonSchema: 'unknown', jsonObject: true },
    contextWindow: 163_840,
    gateway: 'openrouter',
    history: { reasoning: 'tool-turns', reasoningField: 'reasoning', opaque: ['reasoning_details', 'extra_content'] },
  },
  {
    id: 'moonshotai/kimi-k2.6',
    description:
      'Kimi K2.6 through OpenRouter: reasoning in `reasoning` and `reasoning_details`; the details go back unmodified.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning',
    inactiveKey: 'null',
    structured: { jsonSchema: 'unknown', jsonObject: true },
    contextWindow: 262_144,
    gateway: 'openrouter',
    history: { reasoning: 'tool-turns', reasoningField: 'reasoning', opaque: ['reasoning_details', 'extra_content'] },
  },
  {
    id: 'google/gemini-3-flash-preview',
    description:
      'Gemini 3 Flash through OpenRouter: its thought signatures travel as reasoning.encrypted entries of `reasoning_details`.',
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning',
    inactiveKey: 'null',
    structured: { jsonSchema: 'yes', jsonObject: true },
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    gateway: 'openrouter',
    history: { reasoning: 'drop', reasoningField: 'reasoning', opaque: ['reasoning_details', 'extra_content'] },
  },
  {
    id: 'scripted',
    description: "The scripted model's own default: reasoning_content, only the active key sent.",
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'yes', jsonObject: true },
  },
])();

const BUILT_IN: readonly ModelProfile[] = /* @__PURE__ */ (() => [...BUILT_IN_1, ...BUILT_IN_2, ...BUILT_IN_3])();

/** The built-in profiles by id: the seven measured models, a gateway, an inline thinker, today's reasoning models (DeepSeek, Kimi, MiMo, GLM, MiniMax, Gemini 3, OpenRouter ids), and `scripted`. */
// The /* @__PURE__ */ marks below let a bundler drop this table from a bundle that uses no profile.
export const modelProfiles: Readonly<Record<string, ModelProfile>> = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ BUILT_IN.map((p) => [p.id, Object.freeze(p)])),
);

/** The ids of the seven models whose behaviour was measured (the tables). */
export const MEASURED_MODEL_IDS = [
  'gpt-4.1-mini',
  'gemini-3.1-flash-lite',
  'claude-haiku-4-5',
  'grok-4.3',
  'qwen3.6-plus',
  'glm-5.1',
  'gpt-5.4-mini',
] as const;

/** The context window assumed for a model whose profile gives none: what most current chat models offer at least. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;
/** The reply limit assumed for a model whose profile gives none. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 8_192;

/**
 * What is assumed about a model nobody described: no reasoning expectations (the stream reader
 * still reads any reasoning field), json_object with the schema in the prompt, a 128K window.
 */
export const defaultModelProfile: ModelProfile = /* @__PURE__ */ Object.freeze({
  id: 'default',
  description: 'Unknown model: no reasoning assumptions; json_object with the schema in the prompt; a 128K window.',
  reasoning: 'none',
  inactiveKey: 'absent',
  structured: /* @__PURE__ */ Object.freeze({ jsonSchema: 'unknown', jsonObject: true }),
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
}) as ModelProfile;

/** The history rule of a model nobody described: content only, opaque fields sent back when they came, null content on a tool-call message. */
export const DEFAULT_HISTORY_RULE: Readonly<Required<HistoryRule>> = /* @__PURE__ */ Object.freeze({
  reasoning: 'drop',
  reasoningField: 'reasoning_content',
  keepInlineReasoning: false,
  opaque: /* @__PURE__ */ Object.freeze(['reasoning_details', 'extra_content'] as OpaqueHistoryField[]),
  emptyToolCallContent: 'null',
}) as Readonly<Required<HistoryRule>>;

/**
 * A profile's history rule with every field set: its own `history`, the profile's
 * `reasoningField`, then {@link DEFAULT_HISTORY_RULE}.
 *
 * @example
 * ```ts
 * import { historyRuleOf, profileFor } from 'agent-turn';
 *
 * historyRuleOf(profileFor('deepseek-v4-pro')).reasoning; // 'tool-turns'
 * historyRuleOf(profileFor('gpt-4.1-mini')).reasoning;    // 'drop'
 * ```
 */
export function historyRuleOf(profile: ModelProfile, override?: Partial<HistoryRule>): Required<HistoryRule> {
  // An override's unset (or undefined) fields leave the profile's.
  const own: Partial<HistoryRule> = { ...profile.history };
  for (const [key, value] of Object.entries(override ?? {}))
    if (value !== undefined) Object.assign(own, { [key]: value });
  return {
    reasoning: own.reasoning ?? DEFAULT_HISTORY_RULE.reasoning,
    reasoningField: own.reasoningField ?? profile.reasoningField ?? DEFAULT_HISTORY_RULE.reasoningField,
    keepInlineReasoning: own.keepInlineReasoning ?? DEFAULT_HISTORY_RULE.keepInlineReasoning,
    opaque: [...(own.opaque ?? DEFAULT_HISTORY_RULE.opaque)],
    emptyToolCallContent: own.emptyToolCallContent ?? DEFAULT_HISTORY_RULE.emptyToolCallContent,
  };
}

/** A model's context window and reply limit: its profile's figures, else the default ones. */
export function contextLimitsFor(model: string): { contextWindow: number; maxOutputTokens: number } {
  const profile = profileFor(model);
  return {
    contextWindow: profile.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    maxOutputTokens: profile.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
  };
}

const registry = /* @__PURE__ */ new Map<string, ModelProfile>(
  /* @__PURE__ */ BUILT_IN.map((p) => [p.id.toLowerCase(), modelProfiles[p.id]]),
);

const REASONING = ['none', 'reasoning_content', 'tokens-only', 'inline-think'];
const INACTIVE = ['absent', 'null', 'empty-string'];
const JSON_SCHEMA = [
  'strict',
  'yes',
  'think-prefix',
  'needs-json-word',
  'ignored-markdown',
  'ignored-prose',
  'unknown',
];

function fail(what: string): never {
  throw new ModelProfileError(`registerModelProfile: ${what}`);
}

const HISTORY_REASONING = ['drop', 'tool-turns', 'all'];
const OPAQUE = ['reasoning_details', 'extra_content'];

function checkHistoryRule(id: string, h: HistoryRule): void {
  if (h === null || typeof h !== 'object') fail(`"${id}": history must be an object`);
  if (!HISTORY_REASONING.includes(h.reasoning))
    fail(`"${id}": history.reasoning must be one of ${HISTORY_REASONING.join(', ')}`);
  if (h.reasoningField !== undefined && h.reasoningField !== 'reasoning_content' && h.reasoningField !== 'reasoning')
    fail(`"${id}": history.reasoningField must be 'reasoning_content' or 'reasoning'`);
  if (h.keepInlineReasoning !== undefined && typeof h.keepInlineReasoning !== 'boolean')
    fail(`"${id}": history.keepInlineReasoning must be a boolean`);
  if (h.opaque !== undefined && (!Array.isArray(h.opaque) || h.opaque.some((f) => !OPAQUE.includes(f))))
    fail(`"${id}": history.opaque must be a list of ${OPAQUE.join(', ')}`);
  if (
    h.emptyToolCallContent !== undefined &&
    h.emptyToolCallContent !== 'null' &&
    h.emptyToolCallContent !== 'empty-string'
  )
    fail(`"${id}": history.emptyToolCallContent must be 'null' or 'empty-string'`);
}

function checkProfile(p: ModelProfile): void {
  if (p === null || typeof p !== 'object') fail('expected a profile object');
  if (typeof p.id !== 'string' || p.id.trim() === '') fail('id must be a non-empty string');
  if (!REASONING.includes(p.reasoning)) fail(`"${p.id}": reasoning must be one of ${REASONING.join(', ')}`);
  if (p.reasoningField !== undefined && p.reasoningField !== 'reasoning_content' && p.reasoningField !== 'reasoning') {
    fail(`"${p.id}": reasoningField must be 'reasoning_content' or 'reasoning'`);
  }
  if (!INACTIVE.includes(p.inactiveKey)) fail(`"${p.id}": inactiveKey must be one of ${INACTIVE.join(', ')}`);
  if (p.structured === null || typeof p.structured !== 'object') fail(`"${p.id}": structured is required`);
  if (!JSON_SCHEMA.includes(p.structured.jsonSchema))
    fail(`"${p.id}": structured.jsonSchema must be one of ${JSON_SCHEMA.join(', ')}`);
  if (typeof p.structured.jsonObject !== 'boolean') fail(`"${p.id}": structured.jsonObject must be a boolean`);
  for (const key of ['contextWindow', 'maxOutputTokens'] as const) {
    const value = p[key];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
      fail(`"${p.id}": ${key} must be a whole number of tokens of at least 1`);
    }
  }
  if (p.contextWindow !== undefined && p.maxOutputTokens !== undefined && p.maxOutputTokens >= p.contextWindow) {
    fail(`"${p.id}": maxOutputTokens must be smaller than contextWindow`);
  }
  if (p.history !== undefined) checkHistoryRule(p.id, p.history);
  if (p.gateway !== undefined && p.gateway !== 'openrouter') fail(`"${p.id}": gateway must be 'openrouter'`);
  if (p.wire !== undefined && !['chat-completions', 'anthropic-messages', 'responses'].includes(p.wire))
    fail(`"${p.id}": wire must be 'chat-completions', 'anthropic-messages' or 'responses'`);
  // (each name is checked where a turn uses it: withDialects says which is unknown)
  if (p.dialects !== undefined && (!Array.isArray(p.dialects) || !p.dialects.every((d) => typeof d === 'string'))) {
    fail(`"${p.id}": dialects must be a list of dialect names`);
  }
  if (p.startsInReasoning !== undefined && typeof p.startsInReasoning !== 'boolean') {
    fail(`"${p.id}": startsInReasoning must be true or false`);
  }
  if (p.price !== undefined) {
    const { inputPerMillion, outputPerMillion } = p.price ?? {};
    for (const value of [inputPerMillion, outputPerMillion]) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
        fail(`"${p.id}": price needs inputPerMillion and outputPerMillion, dollars of at least 0`);
    }
  }
}

/** Adds (or replaces) a profile; later registrations win. Throws ModelProfileError for a malformed profile. */
export function registerModelProfile(profile: ModelProfile): ModelProfile {
  checkProfile(profile);
  const frozen = Object.freeze({
    ...profile,
    structured: Object.freeze({ ...profile.structured }),
    ...(profile.price ? { price: Object.freeze({ ...profile.price }) } : {}),
    ...(profile.history
      ? {
          history: Object.freeze({
            ...profile.history,
            ...(profile.history.opaque ? { opaque: Object.freeze([...profile.history.opaque]) } : {}),
          }),
        }
      : {}),
    ...(profile.dialects ? { dialects: Object.freeze([...profile.dialects]) } : {}),
  });
  registry.set(profile.id.toLowerCase(), frozen);
  return frozen;
}

/** Every known profile (built-in and registered). */
export function listModelProfiles(): ModelProfile[] {
  return [...registry.values()];
}

/** A profile by exact id (case-insensitive), or undefined. */
export function findModelProfile(id: string): ModelProfile | undefined {
  return registry.get(id.toLowerCase());
}

// A profile id matches a longer name only at a word boundary: `gpt-4.1-mini-2025-04-14`, `glm-5.1:free`.
const SUFFIX_SEPARATORS = /* @__PURE__ */ new Set(['-', ':', '@', '.', '_']);

function longestPrefixMatch(name: string): ModelProfile | undefined {
  let best: ModelProfile | undefined;
  let bestLength = -1;
  for (const [id, profile] of registry) {
    if (
      id.length > bestLength &&
      name.startsWith(id) &&
      (name.length === id.length || SUFFIX_SEPARATORS.has(name[id.length]))
    ) {
      best = profile;
      bestLength = id.length;
    }
  }
  return best;
}

/**
 * The profile for a model name: exact id, else the profile an emulator's `<emulator>:<id>` name emulates (the part after the first `:`
 * is exactly a profile id), else the longest registered id that prefixes the name
 * (with or without a provider path such as `openai/` or `accounts/x/models/`), else the safe default.
 */
export function profileFor(model: string): ModelProfile {
  if (typeof model !== 'string' || model === '') return defaultModelProfile;
  const name = model.trim().toLowerCase();
  const exact = registry.get(name);
  if (exact) return exact;
  // An endpoint that emulates other models (`scripted:glm-5.1`) answers in the manner of that
  // profile: structured output against it must climb the emulated model's ladder.
  const colon = name.indexOf(':');
  if (colon > 0) {
    const emulated = registry.get(name.slice(colon + 1));
    if (emulated) return emulated;
  }
  const slash = name.lastIndexOf('/');
  const bare = slash >= 0 ? name.slice(slash + 1) : name;
  return registry.get(bare) ?? longestPrefixMatch(name) ?? longestPrefixMatch(bare) ?? defaultModelProfile;
}
