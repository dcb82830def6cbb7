// The form of an MCP elicitation (`elicitation/create`, form mode): the restricted schema a server
// asks with — a flat object of strings, numbers, booleans and (multi-)choices — as fields a UI can
// show, a typed value from what a person typed, and the check of an answer against the schema
// before it is sent. Pure: the CLI's terminal form and the page's form use the same functions.
import { checkJsonSchema } from '../../src/structured/check-json-schema.js';

/** What a person answers: a value per field, by the field's name. */
export type McpElicitationContent = Record<string, string | number | boolean | string[]>;

/** One choice of a choice field: the value sent and the label shown. */
export interface McpElicitationChoice {
  value: string;
  label: string;
}

/** One field of an elicitation form, as a UI shows it. */
export interface McpElicitationField {
  /** The property's name (the key of the answer). */
  name: string;
  /** The title to show (the schema's `title`, else the name). */
  label: string;
  description?: string;
  /** `choice`: one of `choices`; `choices`: several of them (an array of strings). */
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';
  required: boolean;
  choices?: McpElicitationChoice[];
  /** The schema's `default`, when it has one. */
  defaultValue?: string | number | boolean | string[];
  /** A string's `format`: `email`, `uri`, `date` or `date-time`. */
  format?: string;
  /** The property's own schema (its ranges and lengths). */
  schema: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function choicesOf(schema: Record<string, unknown>): McpElicitationChoice[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((value, i) => ({
      value: String(value),
      label: typeof names[i] === 'string' ? (names[i] as string) : String(value),
    }));
  }
  const options = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (options === undefined) return undefined;
  return options.filter(isRecord).map((option) => ({
    value: String(option.const),
    label: typeof option.title === 'string' ? option.title : String(option.const),
  }));
}

function kindOf(schema: Record<string, unknown>): McpElicitationField['kind'] {
  if (schema.type === 'array') return 'choices';
  if (choicesOf(schema) !== undefined) return 'choice';
  if (schema.type === 'number' || schema.type === 'integer' || schema.type === 'boolean') return schema.type;
  return 'string';
}

/** The fields of a requested schema, in the order of its properties. */
export function elicitationFields(requestedSchema: unknown): McpElicitationField[] {
  if (!isRecord(requestedSchema) || !isRecord(requestedSchema.properties)) return [];
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required : [];
  return Object.entries(requestedSchema.properties).flatMap(([name, schema]) => {
    if (!isRecord(schema)) return [];
    const kind = kindOf(schema);
    const choices = kind === 'choices' ? choicesOf(isRecord(schema.items) ? schema.items : {}) : choicesOf(schema);
    const field: McpElicitationField = {
      name,
      label: typeof schema.title === 'string' && schema.title.trim() !== '' ? schema.title : name,
      kind,
      required: required.includes(name),
      schema,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      ...(choices ? { choices } : {}),
      ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
      ...(schema.default !== undefined ? { defaultValue: schema.default as McpElicitationField['defaultValue'] } : {}),
    };
    return [field];
  });
}

/** A field's value from text a person typed, or what is wrong with it. Blank text: no value (`undefined`). */
export function elicitationValue(
  field: McpElicitationField,
  text: string,
): { ok: true; value: McpElicitationContent[string] | undefined } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  switch (field.kind) {
    case 'boolean':
      if (/^(y|yes|true|1)$/i.test(trimmed)) return { ok: true, value: true };
      if (/^(n|no|false|0)$/i.test(trimmed)) return { ok: true, value: false };
      return { ok: false, problem: `${field.label}: answer yes or no` };
    case 'number':
    case 'integer': {
      const value = Number(trimmed);
      if (!Number.isFinite(value) || (field.kind === 'integer' && !Number.isInteger(value)))
        return {
          ok: false,
          problem: `${field.label}: expected ${field.kind === 'integer' ? 'a whole number' : 'a number'}`,
        };
      return { ok: true, value };
    }
    case 'choice':
      return pickChoice(field, trimmed);
    case 'choices': {
      const picked: string[] = [];
      for (const part of trimmed.split(',')) {
        const one = pickChoice(field, part.trim());
        if (!one.ok) return one;
        picked.push(one.value);
      }
      return { ok: true, value: picked };
    }
    default:
      return { ok: true, value: text };
  }
}

/** A choice by its number (1-based), its value or its label. */
function pickChoice(
  field: McpElicitationField,
  text: string,
): { ok: true; value: string } | { ok: false; problem: string } {
  const choices = field.choices ?? [];
  const n = Number(text);
  if (Number.isInteger(n) && n >= 1 && n <= choices.length) return { ok: true, value: choices[n - 1]!.value };
  const found = choices.find((c) => c.value === text || c.label.toLowerCase() === text.toLowerCase());
  if (found) return { ok: true, value: found.value };
  return { ok: false, problem: `${field.label}: pick one of ${choices.map((c) => c.label).join(', ')}` };
}

const FORMATS: Record<string, (value: string) => boolean> = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => {
    try {
      return new URL(v).protocol !== '';
    } catch {
      return false;
    }
  },
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
};

/**
 * The first way an accepted answer breaks the requested schema (a missing required field, a
 * wrong type, a value out of range or not one of the choices, a string not in its `format`), or
 * undefined when it fits and can be sent.
 */
export function elicitationProblem(content: unknown, requestedSchema: unknown): string | undefined {
  if (!isRecord(content)) return 'the answer must be an object of field values';
  const problem = checkJsonSchema(content, requestedSchema);
  if (problem !== undefined) return problem.replace(/^\$\.?/, '') || problem;
  for (const field of elicitationFields(requestedSchema)) {
    const value = content[field.name];
    if (typeof value !== 'string' || field.format === undefined) continue;
    const fits = FORMATS[field.format];
    if (fits && !fits(value)) return `${field.name}: expected ${field.format}, got ${JSON.stringify(value)}`;
  }
  return undefined;
}
