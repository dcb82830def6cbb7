import type { DialectName } from './dialect-names.js';
import { ProtocolError } from './errors.js';

/** One tool of the tag protocol: its parameter names and which of them are raw (may hold any text). */
export interface ToolDefinition {
  readonly name: string;
  readonly params: readonly string[];
  readonly raw: readonly string[];
}

/** A tool's parameters in a {@link ProtocolDefinition}: their names, or `{ params, raw }` to mark raw ones (values that may hold any text, their own close tag included). */
export type ToolParamsDefinition = readonly string[] | { params: readonly string[]; raw?: readonly string[] };

/** What {@link defineProtocol} takes: the tools and their parameters, and the reasoning tags. */
export interface ProtocolDefinition {
  /** Each tool name mapped to its parameter names, or to `{ params, raw }`. */
  tools: Record<string, ToolParamsDefinition>;
  /** Parameters every tool accepts, in addition to its own (Cline accepts every parameter in every tool). */
  globalParams?: readonly string[];
  /** Tags whose content is reasoning, recognised in text position. Default `['think']`. */
  reasoningTags?: readonly string[];
}

/** A validated, immutable tag vocabulary, with the lookup tables the parser needs. */
export interface Protocol {
  readonly tools: readonly ToolDefinition[];
  readonly reasoningTags: readonly string[];
  tool(name: string): ToolDefinition | undefined;
  isReasoningTag(name: string): boolean;
  /** The same tools with other reasoning tags (e.g. Cline's vocabulary plus `think`). */
  withReasoningTags(tags: readonly string[]): Protocol;
  /**
   * The dialects recovered besides the tags (chosen with `withDialects`); undefined: not chosen (the
   * machine uses the model's profile, the parser alone recovers none).
   */
  readonly dialects: readonly DialectName[] | undefined;
  /** @internal compiled lookups for the parser */
  readonly compiled: CompiledProtocol;
  /**
   * @internal the parser's dialect scanning, attached by `withDialects` when a dialect is on (opaque
   * here: the protocol layer never imports the parser); undefined: the strict scan
   */
  readonly dialectScanning: object | undefined;
}

/** @internal */
export interface CompiledProtocol {
  /** Tool names and reasoning tags: the open tags that count in text position. */
  readonly textOpen: ReadonlyMap<string, { kind: 'tool'; tool: CompiledTool } | { kind: 'reasoning'; tag: string }>;
  /** Every prefix of a text-position tag name, to decide whether an unfinished tag may still become one. */
  readonly textOpenPrefixes: ReadonlySet<string>;
  readonly tools: ReadonlyMap<string, CompiledTool>;
  /** Longest tag name: an unfinished name longer than this can never match. */
  readonly maxNameLength: number;
}

/** @internal */
export interface CompiledTool {
  readonly name: string;
  /** Parameter name -> whether it is raw. */
  readonly params: ReadonlyMap<string, boolean>;
  readonly paramPrefixes: ReadonlySet<string>;
}

const TAG_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function checkName(name: unknown, what: string): string {
  if (typeof name !== 'string' || !TAG_NAME.test(name)) {
    throw new ProtocolError(
      'invalid-name',
      `${what} ${JSON.stringify(name)} is not a plain tag name (${TAG_NAME.source})`,
    );
  }
  if (name in Object.prototype) {
    throw new ProtocolError(
      'reserved-name',
      `${what} "${name}" is a member of Object.prototype and cannot be used as a tag name`,
    );
  }
  return name;
}

function prefixesOf(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const name of names) for (let i = 0; i <= name.length; i++) out.add(name.slice(0, i));
  return out;
}

/**
 * Your own tag vocabulary for the parser, the prompt and the machine. Validates it: throws a
 * {@link ProtocolError} (with `code`) for a name that is not a plain tag name or is an
 * Object.prototype member, a raw parameter the tool does not have, or a name used both as a tool
 * and as a reasoning tag.
 *
 * @example
 * ```ts
 * import { defineProtocol, parseAssistantMessage } from 'agent-turn';
 *
 * const protocol = defineProtocol({
 *   tools: { read: ['path'], write: { params: ['path', 'body'], raw: ['body'] } }, // a raw value may hold any text
 *   reasoningTags: ['think'],
 * });
 * parseAssistantMessage('<write><path>a.md</path><body>x</body></write>', { protocol, final: true });
 * // [ { type: 'tool_use', name: 'write', params: { path: 'a.md', body: 'x' }, partial: false, call_id: 'call_0' } ]
 * ```
 */
export function defineProtocol(definition: ProtocolDefinition): Protocol {
  if (
    definition === null ||
    typeof definition !== 'object' ||
    definition.tools === null ||
    typeof definition.tools !== 'object'
  ) {
    throw new ProtocolError('invalid-definition', 'defineProtocol expects { tools: { [toolName]: params } }');
  }
  const globalParams = (definition.globalParams ?? []).map((p) => checkName(p, 'parameter'));
  const reasoningTags = (definition.reasoningTags ?? ['think']).map((t) => checkName(t, 'reasoning tag'));
  const tools: ToolDefinition[] = [];
  for (const name of Object.keys(definition.tools)) {
    checkName(name, 'tool');
    const spec = definition.tools[name];
    const own = Array.isArray(spec) ? spec : (spec as { params?: readonly string[] })?.params;
    const raw = Array.isArray(spec) ? [] : ((spec as { raw?: readonly string[] })?.raw ?? []);
    if (!Array.isArray(own) || !Array.isArray(raw)) {
      throw new ProtocolError(
        'invalid-definition',
        `tool "${name}": expected an array of parameter names or { params, raw }`,
      );
    }
    const params = [...new Set([...own.map((p) => checkName(p, `parameter of "${name}":`)), ...globalParams])];
    for (const r of raw) {
      checkName(r, `raw parameter of "${name}":`);
      if (!params.includes(r)) {
        throw new ProtocolError(
          'unknown-raw-param',
          `raw parameter "${r}" is not among the parameters of tool "${name}"`,
        );
      }
    }
    tools.push(Object.freeze({ name, params: Object.freeze(params), raw: Object.freeze([...new Set(raw)]) }));
  }
  for (const tag of reasoningTags) {
    if (Object.hasOwn(definition.tools, tag)) {
      throw new ProtocolError('name-conflict', `"${tag}" is used both as a tool and as a reasoning tag`);
    }
  }
  return build(tools, [...new Set(reasoningTags)], undefined, undefined);
}

/**
 * @internal `protocol` with another choice of dialects and the scanning that recovers them (what
 * `withDialects` makes; the tag tables are shared, they do not depend on the dialects).
 */
export function withDialectChoice(
  protocol: Protocol,
  dialects: readonly DialectName[] | undefined,
  dialectScanning: object | undefined,
): Protocol {
  return build(protocol.tools, protocol.reasoningTags, dialects, dialectScanning, protocol.compiled);
}

function build(
  tools: readonly ToolDefinition[],
  reasoningTags: readonly string[],
  dialects: readonly DialectName[] | undefined,
  dialectScanning: object | undefined,
  reuse?: CompiledProtocol,
): Protocol {
  // Another choice of dialects changes none of the tag tables: they are shared.
  const compiled = reuse ?? compileTables(tools, reasoningTags);
  const byName = new Map<string, ToolDefinition>(tools.map((t) => [t.name, t]));
  const protocol: Protocol = {
    tools: Object.freeze([...tools]),
    reasoningTags: Object.freeze([...reasoningTags]),
    tool: (name) => byName.get(name),
    isReasoningTag: (name) => reasoningTags.includes(name),
    withReasoningTags(tags) {
      const next = tags.map((t) => checkName(t, 'reasoning tag'));
      for (const tag of next) {
        if (byName.has(tag))
          throw new ProtocolError('name-conflict', `"${tag}" is used both as a tool and as a reasoning tag`);
      }
      return build(tools, [...new Set(next)], dialects, dialectScanning);
    },
    dialects,
    compiled,
    dialectScanning,
  };
  return Object.freeze(protocol);
}

function compileTables(tools: readonly ToolDefinition[], reasoningTags: readonly string[]): CompiledProtocol {
  const compiledTools = new Map<string, CompiledTool>();
  const textOpen = new Map<string, { kind: 'tool'; tool: CompiledTool } | { kind: 'reasoning'; tag: string }>();
  let maxNameLength = 0;
  // Tools sharing one parameter list (Cline's) share one prefix set.
  const prefixCache = new Map<string, Set<string>>();
  for (const t of tools) {
    const key = t.params.join('\n');
    let paramPrefixes = prefixCache.get(key);
    if (!paramPrefixes) prefixCache.set(key, (paramPrefixes = prefixesOf(t.params)));
    const raw = new Set(t.raw);
    const compiled: CompiledTool = {
      name: t.name,
      params: new Map(t.params.map((p) => [p, raw.has(p)])),
      paramPrefixes,
    };
    compiledTools.set(t.name, compiled);
    textOpen.set(t.name, { kind: 'tool', tool: compiled });
    maxNameLength = Math.max(maxNameLength, t.name.length, ...t.params.map((p) => p.length));
  }
  for (const tag of reasoningTags) {
    textOpen.set(tag, { kind: 'reasoning', tag });
    maxNameLength = Math.max(maxNameLength, tag.length);
  }
  return {
    textOpen,
    textOpenPrefixes: prefixesOf(textOpen.keys()),
    tools: compiledTools,
    maxNameLength,
  };
}
