// Structured output from any OpenAI-compatible model: a ladder from json_schema to json_object
// to a plain prompt, chosen by the model's profile and walked down on a 400 about
// response_format; a loose parse; validation; one repair request; then a typed failure.
import { profileFor, type ModelProfile } from '../profiles/profiles.js';
import { checkJsonSchema } from './check-json-schema.js';
import { MAX_JSON_DEPTH, jsonValueDeeperThan } from '../wire/json-depth.js';
import { ChatError } from '../wire/errors.js';
import { parseJsonLoose, splitThinkPrefix } from './parse-json-loose.js';
import { StructuredOutputError } from './structured-output-error.js';
import type { ChatClient, ChatCompletionResult, ChatMessage, ChatRequest, ResponseFormat } from '../wire/types.js';

/** The rungs of the ladder, best first. 'prompt' sends no response_format: the schema is in the prompt only. */
export type { StructuredFormat } from './structured-format.js';
import type { StructuredFormat } from './structured-format.js';
import { describeError } from '../errors/describe-error.js';

const RUNGS: readonly StructuredFormat[] = ['json_schema', 'json_object', 'prompt'];

/** Options of {@link requestStructured}: the model, the schema, the messages, and how to check the answer. */
// biome-ignore lint/correctness/noUnusedVariables: T is public API (StructuredRequestOptions<Answer> in callers' code and the API report); kept though no member uses it yet
export interface StructuredRequestOptions<T = unknown> {
  /** The model to ask; its profile (see {@link profileFor}) picks the first rung. */
  model: string;
  /** A JSON Schema for the answer (an object). */
  schema: Record<string, unknown>;
  /** The conversation; an instruction with the schema is added to it. */
  messages: ChatMessage[];
  /**
   * Checks the parsed value: `true` when usable, else what is wrong (it is quoted to the model
   * in the repair request; a thrown error counts the same). Default: the schema's types,
   * required fields, enums, sizes. The value is returned typed as T when it passes.
   */
  validate?: (value: unknown) => true | string;
  /** The json_schema name. Default 'response'. */
  name?: string;
  /** Start on this rung instead of the one the model's profile picks. */
  format?: StructuredFormat;
  /** Use this profile instead of profileFor(model). */
  profile?: ModelProfile;
  /** Extra request fields (temperature, max_tokens, …). */
  request?: Partial<Omit<ChatRequest, 'model' | 'messages' | 'response_format'>>;
  /** Aborting cancels the request in flight. */
  signal?: AbortSignal;
}

/** What {@link requestStructured} returns: the value, and where it came from. */
export interface StructuredResult<T = unknown> {
  /** The parsed and validated answer. */
  value: T;
  /** The raw content of the reply the value came from. */
  content: string;
  /** Its reasoning (a reasoning field, or a stripped `<think>` prefix). */
  reasoning: string;
  /** Requests made, fallbacks and the repair included. */
  attempts: number;
  /** The rung that produced the value. */
  format: StructuredFormat;
}

/** The rung a profile starts on: json_schema where it works, else json_object, else the prompt alone. */
export function structuredFormatFor(profile: ModelProfile): StructuredFormat {
  const s = profile.structured.jsonSchema;
  if (s === 'strict' || s === 'yes' || s === 'think-prefix' || s === 'needs-json-word') return 'json_schema';
  return profile.structured.jsonObject ? 'json_object' : 'prompt';
}

/** The instruction added to every request: says "JSON" (some providers insist) and carries the schema. */
export function structuredInstruction(schema: Record<string, unknown>): string {
  return `Answer with JSON only: one JSON value, no prose around it. It must match this JSON Schema:\n${JSON.stringify(schema)}`;
}

function withInstruction(messages: ChatMessage[], instruction: string): ChatMessage[] {
  // After the leading system messages: some providers accept system messages only at the start.
  let i = 0;
  while (i < messages.length && messages[i].role === 'system') i++;
  return [...messages.slice(0, i), { role: 'system', content: instruction }, ...messages.slice(i)];
}

function responseFormat(
  format: StructuredFormat,
  name: string,
  schema: Record<string, unknown>,
  strict: boolean,
): ResponseFormat | undefined {
  if (format === 'json_schema')
    return { type: 'json_schema', json_schema: { name, schema, ...(strict ? { strict: true } : {}) } };
  if (format === 'json_object') return { type: 'json_object' };
  return undefined;
}

/** A 400 that blames response_format (or the "json" word rule tied to it): worth a lower rung. */
function rejectsResponseFormat(error: unknown): boolean {
  if (!(error instanceof ChatError) || error.code !== 'http' || error.status !== 400) return false;
  return /response_format|json_schema|json_object|\bjson\b/i.test(`${error.providerMessage ?? ''} ${error.message}`);
}

function nextRung(format: StructuredFormat, profile: ModelProfile): StructuredFormat | undefined {
  if (format === 'json_schema') return profile.structured.jsonObject ? 'json_object' : 'prompt';
  if (format === 'json_object') return 'prompt';
  return undefined;
}

function validationProblem(value: unknown, options: StructuredRequestOptions<unknown>): string | undefined {
  if (!options.validate) return checkJsonSchema(value, options.schema);
  try {
    const verdict = options.validate(value);
    if (verdict === true) return undefined;
    return typeof verdict === 'string' && verdict !== '' ? verdict : 'the validator rejected the value';
  } catch (error) {
    return describeError(error);
  }
}

function checkOptions(client: ChatClient, options: StructuredRequestOptions<unknown>): void {
  const bad = (what: string) => new StructuredOutputError('invalid-options', `requestStructured: ${what}`);
  if (!client || typeof client.complete !== 'function') throw bad('client must have complete(request)');
  if (!options || typeof options.model !== 'string' || options.model === '')
    throw bad('model must be a non-empty string');
  if (!Array.isArray(options.messages) || options.messages.length === 0)
    throw bad('messages must be a non-empty array');
  if (options.schema === null || typeof options.schema !== 'object' || Array.isArray(options.schema))
    throw bad('schema must be a JSON Schema object');
  try {
    JSON.stringify(options.schema);
  } catch (error) {
    throw bad(`schema must be plain JSON (${describeError(error)})`);
  }
  if (options.format !== undefined && !RUNGS.includes(options.format))
    throw bad(`format must be one of ${RUNGS.join(', ')}`);
}

/**
 * Asks `client` for a JSON value matching `schema` and returns it parsed and validated. Climbs
 * json_schema → json_object → prompt-only as the model's profile says (and a rung down on a 400
 * about response_format), parses loosely (a `<think>` prefix, code fences and prose around the
 * value are skipped), validates, and asks for one repair. Throws a {@link StructuredOutputError}:
 * 'invalid-options', 'request-failed' (cause: the ChatError), 'no-json' or 'invalid', with the
 * raw content of the last reply.
 *
 * @example
 * ```ts
 * import { createChatClient, requestStructured } from 'agent-turn';
 *
 * const client = createChatClient({ baseURL: 'https://api.example.com/v1', apiKey: process.env.OPENAI_API_KEY });
 * const { value } = await requestStructured<{ title: string; tags: string[] }>(client, {
 *   model: 'qwen3.6-plus',
 *   schema: { type: 'object', properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['title', 'tags'] },
 *   messages: [{ role: 'user', content: 'Title and tags for: "Parsing tags in streams"' }],
 * });
 * ```
 */
export async function requestStructured<T = unknown>(
  client: ChatClient,
  options: StructuredRequestOptions<T>,
): Promise<StructuredResult<T>> {
  checkOptions(client, options as StructuredRequestOptions<unknown>);
  const profile = options.profile ?? profileFor(options.model);
  const name = options.name ?? 'response';
  const strict = profile.structured.jsonSchema === 'strict';
  const base = withInstruction(options.messages, structuredInstruction(options.schema));
  let format = options.format ?? structuredFormatFor(profile);
  let attempts = 0;

  /** One request, walking down the ladder while the provider rejects response_format. */
  async function ask(messages: ChatMessage[]): Promise<ChatCompletionResult> {
    for (;;) {
      attempts++;
      const request: ChatRequest = { ...options.request, model: options.model, messages };
      const rf = responseFormat(format, name, options.schema, strict);
      if (rf) request.response_format = rf;
      try {
        return await client.complete(request, { signal: options.signal });
      } catch (error) {
        const lower = rejectsResponseFormat(error) ? nextRung(format, profile) : undefined;
        if (lower === undefined) {
          const why = describeError(error);
          throw new StructuredOutputError('request-failed', `structured output request failed (${format}): ${why}`, {
            attempts,
            format,
            cause: error,
          });
        }
        format = lower;
      }
    }
  }

  let messages = base;
  for (let round = 0; ; round++) {
    const result = await ask(messages);
    const content = result.content;
    const value = parseJsonLoose(content);
    const problem =
      value === undefined
        ? 'the reply contains no JSON value'
        : jsonValueDeeperThan(value, MAX_JSON_DEPTH)
          ? `the JSON value nests deeper than ${MAX_JSON_DEPTH} levels, more than is read; send a flatter value`
          : validationProblem(value, options as StructuredRequestOptions<unknown>);
    if (problem === undefined) {
      const reasoning = result.reasoning !== '' ? result.reasoning : splitThinkPrefix(content).reasoning;
      return { value: value as T, content, reasoning, attempts, format };
    }
    if (round === 1) {
      throw new StructuredOutputError(
        value === undefined ? 'no-json' : 'invalid',
        `structured output unusable after a repair request: ${problem}`,
        {
          content,
          problem,
          attempts,
          format,
        },
      );
    }
    // No JSON at all under json_schema means the model ignored the format: repair one rung lower.
    if (value === undefined && format === 'json_schema') format = nextRung(format, profile) ?? format;
    // The reply goes back without its <think> prefix: reasoning is never resent. A reply that was
    // all reasoning leaves nothing to quote (some providers refuse an empty assistant message).
    const answer = splitThinkPrefix(content).rest.trim();
    messages = [
      ...base,
      ...(answer === '' ? [] : [{ role: 'assistant' as const, content: answer }]),
      {
        role: 'user',
        content: `Your reply could not be used: ${problem}. Reply again with JSON only: one JSON value that matches the JSON Schema above.`,
      },
    ];
  }
}
