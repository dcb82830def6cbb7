// How each profile answers a request for structured output (the issue's response_format table).
import type { ChatRequest } from '../../src/wire/types.js';
import { parseJsonLoose } from '../../src/structured/parse-json-loose.js';
import type { ModelProfile } from '../../src/profiles/profiles.js';
import type { ScriptedReply } from '../endpoint/scripted-reply.js';
import { messageText } from './scripted-conversation.js';
import { counterexampleForSchema, exampleForSchema } from '../endpoint/json-schema-example.js';
import { errorResponse } from '../endpoint/scripted-http.js';

// The wording of requestStructured's instruction. Only system messages count, so a file that
// mentions a JSON Schema in a tool result never turns an agent turn into a structured answer.
const SCHEMA_MARKER = /match(?:es)? this JSON Schema:/i;

/** The schema a request asks for: response_format.json_schema, else one given in a system message after "match this JSON Schema:". */
export function requestedSchema(request: ChatRequest): Record<string, unknown> | undefined {
  const rf = request.response_format;
  if (rf?.type === 'json_schema') return rf.json_schema.schema;
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const role: string = request.messages[i].role;
    if (role !== 'system' && role !== 'developer') continue;
    const text = messageText(request.messages[i].content);
    const m = SCHEMA_MARKER.exec(text);
    if (!m) continue;
    const value = parseJsonLoose(text.slice(m.index + m[0].length));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  }
  return undefined;
}

/** Whether the request asks for JSON: a JSON response_format, or a schema in the prompt. */
export function isStructuredRequest(request: ChatRequest): boolean {
  const type = request.response_format?.type;
  return type === 'json_object' || type === 'json_schema' || requestedSchema(request) !== undefined;
}

function mentionsJson(request: ChatRequest): boolean {
  return request.messages.some((m) => /json/i.test(messageText(m.content)));
}

function prose(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const parts = Object.entries(value).map(
      ([k, v]) =>
        `${k.replace(/_/g, ' ')} is ${Array.isArray(v) ? `a list of ${v.length}` : typeof v === 'object' && v !== null ? 'a group of details' : String(v)}`,
    );
    return parts.length > 0 ? `Sure. Here is what I found: ${parts.join(', ')}.` : 'Sure. There is nothing to report.';
  }
  return `Sure. The answer is ${Array.isArray(value) ? `a list of ${value.length}` : String(value)}.`;
}

type Form = 'json' | 'think-json' | 'markdown' | 'prose';

function formFor(profile: ModelProfile, type: string | undefined): Form {
  const s = profile.structured;
  const honoured =
    type === 'json_schema'
      ? !(s.jsonSchema === 'ignored-markdown' || s.jsonSchema === 'ignored-prose')
      : type === 'json_object' && s.jsonObject;
  if (s.jsonSchema === 'think-prefix') return 'think-json';
  if (s.jsonSchema === 'ignored-markdown') return 'markdown';
  if (honoured) return 'json';
  // Not honoured (or no response_format): each model falls back on its habits.
  if (s.jsonSchema === 'ignored-prose') return 'prose';
  return 'markdown';
}

export type StructuredPlan = { ok: true; reply: ScriptedReply } | { ok: false; response: Response };

/**
 * The answer to a structured request. `breakSchema` (fault injection) answers a value that
 * breaks the schema. OpenAI's rule that json_object needs the word "json" in the messages holds
 * for every profile that honours it; `needs-json-word` profiles apply it to json_schema too.
 */
export function planStructuredReply(request: ChatRequest, profile: ModelProfile, breakSchema: boolean): StructuredPlan {
  const type = request.response_format?.type;
  const s = profile.structured;
  const needsWord =
    (type === 'json_object' && s.jsonObject) || (type === 'json_schema' && s.jsonSchema === 'needs-json-word');
  if (needsWord && !mentionsJson(request)) {
    return {
      ok: false,
      response: errorResponse(
        400,
        `'messages' must contain the word 'json' in some form, to use 'response_format' of type '${type}'.`,
        {
          param: 'messages',
          code: 'invalid_request_error',
        },
      ),
    };
  }
  const schema = requestedSchema(request);
  const value = breakSchema
    ? counterexampleForSchema(schema)
    : schema
      ? exampleForSchema(schema)
      : { answer: 'example' };
  const json = JSON.stringify(value);
  const reasoning = 'The user wants structured data. I will fill every field the schema asks for.';
  let content: string;
  switch (formFor(profile, type)) {
    case 'json':
      content = json;
      break;
    case 'think-json':
      content = `<think>Fill in each field of the schema.</think>\n${json}`;
      break;
    case 'markdown':
      content = `Here is the requested data:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n\nLet me know if you need anything else.`;
      break;
    case 'prose':
      content = prose(value);
      break;
  }
  return { ok: true, reply: { reasoning, content, toolCalls: [], finishReason: 'stop' } };
}
