// A tool of one's own: a name, what it does, its parameters as a schema, and the function that
// runs it with typed arguments. The turn offers it to the model (native function definitions or
// the tag prompt), reads the model's text parameters back as the schema's types, checks them, and
// runs it only with arguments that fit; otherwise the model is told what was wrong.
import type { ToolUse } from '../parser/blocks.js';
import { ProtocolError } from '../protocol/errors.js';
import { coerceParams } from './coerce-params.js';
import type { FromJsonSchema, JsonObjectSchema } from './json-schema-types.js';
import { plainSchemaProblem, uncheckedKeyword } from './plain-schema-check.js';
import { describeIssues, isStandardSchema, type StandardSchemaV1 } from './standard-schema.js';

/** A tool's parameters: a Standard Schema (zod 4, valibot, arktype) or a plain JSON Schema of an object. */
export type ToolParameters = StandardSchemaV1 | JsonObjectSchema;

/** The arguments `execute` receives for these parameters: a Standard Schema's output, or the JSON Schema's type. */
export type ToolArguments<P> = P extends StandardSchemaV1<unknown, infer Output> ? Output : FromJsonSchema<P>;

/** What a tool returns: text for the model, or text flagged as an error. */
export type AgentToolResult = string | { content: string; isError?: boolean };

/** What `execute` gets besides the arguments: the turn's abort signal and the tool use as the model wrote it. */
export interface AgentToolContext {
  signal: AbortSignal;
  toolUse: ToolUse;
}

/** What {@link defineTool} takes. */
export interface AgentToolConfig<P extends ToolParameters> {
  /** The name the model calls it by: a letter or `_`, then letters, digits, `_` or `-` (at most 64). */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** The arguments' schema: a Standard Schema or a plain JSON Schema of an object. */
  parameters: P;
  /**
   * The JSON Schema offered to the model, for a Standard Schema that cannot give its own (zod 4
   * gives it through Standard JSON Schema; others may need this). Ignored for a plain JSON Schema.
   */
  jsonSchema?: JsonObjectSchema;
  /** Runs the tool with arguments that fit the schema. A throw becomes an error result for the model. */
  execute: (args: ToolArguments<P>, context: AgentToolContext) => Promise<AgentToolResult> | AgentToolResult;
  /** Wait for APPROVE / REJECT before each run (as if named in the turn's `approval`). Default false. */
  needsApproval?: boolean;
  /** Safe to run again when the process stopped while it ran (as if named in `idempotentTools`). Default false. */
  idempotent?: boolean;
}

/** The result of reading a tool use's parameters: typed arguments, or what was wrong with them. */
export type ToolArgumentsCheck<Args> = { ok: true; args: Args } | { ok: false; problem: string };

/** A tool made by {@link defineTool}: give it in the turn's `tools` (an array, or a map by name). */
export interface AgentTool<Args = unknown> {
  readonly kind: 'agent-turn/tool';
  readonly name: string;
  readonly description: string;
  /** The parameters as JSON Schema: what native mode sends and the tag prompt describes. */
  readonly jsonSchema: JsonObjectSchema;
  readonly needsApproval: boolean;
  readonly idempotent: boolean;
  /** The tool use's text parameters read as the schema's types and checked against it. */
  readonly parseArguments: (params: Readonly<Record<string, string>>) => Promise<ToolArgumentsCheck<Args>>;
  /** What the turn runs: reads the arguments, runs `execute` when they fit, else tells the model what was wrong. */
  readonly run: (toolUse: ToolUse, context: { signal: AbortSignal }) => Promise<AgentToolResult>;
}

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the model is told when a tool use's arguments do not fit: the tool, the field and the problem. */
export function invalidArgumentsText(name: string, problem: string): string {
  return `Invalid arguments for ${name}: ${problem}. The tool did not run; call it again with corrected arguments.`;
}

/** The JSON Schema to offer for these parameters; throws a ProtocolError when there is none. */
function offeredSchema(name: string, parameters: unknown, explicit: JsonObjectSchema | undefined): JsonObjectSchema {
  const fail = (message: string): never => {
    throw new ProtocolError('invalid-tool', `tool "${name}": ${message}`);
  };
  let schema: unknown = parameters;
  if (isStandardSchema(parameters)) {
    const own = parameters['~standard'].jsonSchema;
    if (explicit !== undefined) schema = explicit;
    else if (own !== undefined) schema = own.input({ target: 'draft-07' });
    else
      fail(
        `its ${parameters['~standard'].vendor} schema gives no JSON Schema to offer the model; pass one as jsonSchema`,
      );
  } else {
    const unchecked = uncheckedKeyword(parameters);
    if (unchecked !== undefined)
      fail(`${unchecked} is not checked by agent-turn's JSON Schema validator; use a Standard Schema (zod, valibot)`);
  }
  if (!isObject(schema) || schema.type !== 'object')
    fail(`parameters must describe an object ({ type: 'object', properties }), got ${JSON.stringify(schema)}`);
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  const properties = isObject(rest.properties) ? rest.properties : {};
  for (const param of Object.keys(properties)) {
    if (!PARAM_NAME.test(param) || param in Object.prototype)
      fail(`parameter ${JSON.stringify(param)} is not a plain tag name (${PARAM_NAME.source})`);
  }
  return rest as unknown as JsonObjectSchema;
}

/**
 * A tool with typed, checked arguments. `parameters` is a Standard Schema (zod 4, valibot,
 * arktype) or a plain JSON Schema (write it `as const` for typed arguments). Give the tool in a
 * turn's `tools`: it is offered in native mode as a function definition with its schema, and in
 * tag mode in the system prompt with its parameters; the model's values are read as the
 * schema's types (`"2"` becomes `2` for a number) and checked, and `execute` runs only with
 * arguments that fit. Throws a ProtocolError (`code: 'invalid-tool'`) for a bad name or schema.
 *
 * @example
 * ```ts
 * import { defineTool, runAgentTurn } from 'agent-turn';
 * import { z } from 'zod';
 *
 * const getWeather = defineTool({
 *   name: 'get_weather',
 *   description: 'The weather forecast for a city.',
 *   parameters: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
 *   execute: async ({ city, days }) => `${city}: sunny for ${days} days`,
 * });
 * const output = await runAgentTurn({ client, model, messages, tools: [getWeather] });
 * ```
 */
export function defineTool<const P extends ToolParameters>(config: AgentToolConfig<P>): AgentTool<ToolArguments<P>> {
  if (!isObject(config))
    throw new ProtocolError('invalid-tool', 'defineTool expects { name, description, parameters, execute }');
  const { name, description, parameters, execute } = config;
  if (typeof name !== 'string' || !TOOL_NAME.test(name))
    throw new ProtocolError('invalid-tool', `tool name ${JSON.stringify(name)} must match ${TOOL_NAME.source}`);
  if (typeof description !== 'string')
    throw new ProtocolError('invalid-tool', `tool "${name}": description must be a string`);
  if (typeof execute !== 'function')
    throw new ProtocolError('invalid-tool', `tool "${name}": execute must be a function (args, context) => result`);
  const jsonSchema = offeredSchema(name, parameters, config.jsonSchema);
  type Args = ToolArguments<P>;

  const parseArguments = async (params: Readonly<Record<string, string>>): Promise<ToolArgumentsCheck<Args>> => {
    const coerced = coerceParams(params, jsonSchema);
    if (isStandardSchema(parameters)) {
      const result = await parameters['~standard'].validate(coerced);
      return result.issues === undefined
        ? { ok: true, args: result.value as Args }
        : { ok: false, problem: describeIssues(result.issues) };
    }
    const problem = plainSchemaProblem(coerced, jsonSchema);
    return problem === undefined ? { ok: true, args: coerced as Args } : { ok: false, problem };
  };

  const run = async (toolUse: ToolUse, context: { signal: AbortSignal }): Promise<AgentToolResult> => {
    const checked = await parseArguments(toolUse.params);
    if (!checked.ok) return { content: invalidArgumentsText(name, checked.problem), isError: true };
    return execute(checked.args, { signal: context.signal, toolUse });
  };

  return Object.freeze({
    kind: 'agent-turn/tool' as const,
    name,
    description,
    jsonSchema,
    needsApproval: config.needsApproval === true,
    idempotent: config.idempotent === true,
    parseArguments,
    run,
  });
}

/** Whether `value` is a tool made by {@link defineTool}. */
export function isAgentTool(value: unknown): value is AgentTool {
  return isObject(value) && value.kind === 'agent-turn/tool' && typeof value.run === 'function';
}
