// A plain JSON Schema as a tool's parameters, and the TypeScript type of the arguments it
// describes (for a schema written `as const`): what `execute` receives.

/** A JSON Schema (the subset a tool's parameters use; other keywords pass through to the model). */
export interface JsonSchema {
  readonly type?: JsonSchemaTypeName | readonly JsonSchemaTypeName[];
  readonly description?: string;
  readonly properties?: { readonly [name: string]: JsonSchema };
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly [keyword: string]: unknown;
}

/** The type names of JSON Schema. */
export type JsonSchemaTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** A tool's parameters as JSON Schema: an object schema. */
export interface JsonObjectSchema extends JsonSchema {
  readonly type: 'object';
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type FromTypeName<N, S> = N extends 'string'
  ? string
  : N extends 'number' | 'integer'
    ? number
    : N extends 'boolean'
      ? boolean
      : N extends 'null'
        ? null
        : N extends 'array'
          ? S extends { readonly items: infer I }
            ? FromJsonSchema<I>[]
            : unknown[]
          : N extends 'object'
            ? FromObjectSchema<S>
            : unknown;

type FromObjectSchema<S> = S extends { readonly properties: infer P }
  ? Simplify<
      {
        -readonly [K in keyof P as K extends RequiredOf<S> ? K : never]: FromJsonSchema<P[K]>;
      } & {
        -readonly [K in keyof P as K extends RequiredOf<S> ? never : K]?: FromJsonSchema<P[K]>;
      }
    >
  : Record<string, unknown>;

type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

/**
 * The value a JSON Schema describes, as a TypeScript type: `{ type: 'number' }` is `number`, an
 * object schema's `required` properties are required. Write the schema `as const` for it to be read.
 */
export type FromJsonSchema<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: infer N }
    ? N extends readonly (infer M)[]
      ? FromTypeName<M, S>
      : FromTypeName<N, S>
    : unknown;
