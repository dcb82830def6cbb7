// Facts about real models behind OpenAI-compatible endpoints (published provider measurements),
// used by structured output to pick a response_format and by the scripted model to emulate them.

import { errorMarker, isMarkedInstance, markError } from '../errors/error-marker.js';

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
}

const MODEL_PROFILE_ERROR = /* @__PURE__ */ errorMarker('ModelProfileError');

/** Error thrown by registerModelProfile for a profile that cannot be used. */
export class ModelProfileError extends Error {
  override readonly name = 'ModelProfileError';
  readonly code = 'invalid-profile' as const;

  /** True for a ModelProfileError made by any copy of the package (ESM or CJS, any entry). */
  static override [Symbol.hasInstance](value: unknown): value is ModelProfileError {
    return isMarkedInstance(this, ModelProfileError, MODEL_PROFILE_ERROR, value);
  }

  constructor(message: string) {
    super(message);
    markError(this, MODEL_PROFILE_ERROR);
  }
}

const BUILT_IN: readonly ModelProfile[] = [
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
  {
    id: 'scripted',
    description: "The scripted model's own default: reasoning_content, only the active key sent.",
    reasoning: 'reasoning_content',
    reasoningField: 'reasoning_content',
    inactiveKey: 'absent',
    structured: { jsonSchema: 'yes', jsonObject: true },
  },
];

/** The built-in profiles by id: the seven measured models, a gateway, an inline thinker, and `scripted`. */
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

const SCRIPTED_PREFIX = 'scripted:';

// A profile id matches a longer name only at a word boundary: `gpt-4.1-mini-2025-04-14`, `glm-5.1:free`.
const SUFFIX_SEPARATORS = new Set(['-', ':', '@', '.', '_']);

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
 * The profile for a model name: exact id, else the profile a `scripted:<id>` name emulates, else the longest registered id that prefixes the name
 * (with or without a provider path such as `openai/` or `accounts/x/models/`), else the safe default.
 */
export function profileFor(model: string): ModelProfile {
  if (typeof model !== 'string' || model === '') return defaultModelProfile;
  const name = model.trim().toLowerCase();
  const exact = registry.get(name);
  if (exact) return exact;
  // The scripted model answers `scripted:<id>` in the manner of profile <id>: structured output
  // against it must climb that model's ladder, not the `scripted` profile's.
  if (name.startsWith(SCRIPTED_PREFIX)) {
    const emulated = registry.get(name.slice(SCRIPTED_PREFIX.length));
    if (emulated) return emulated;
  }
  const slash = name.lastIndexOf('/');
  const bare = slash >= 0 ? name.slice(slash + 1) : name;
  return registry.get(bare) ?? longestPrefixMatch(name) ?? longestPrefixMatch(bare) ?? defaultModelProfile;
}
