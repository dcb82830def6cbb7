// A turn's protocol must know every tool the turn has: a tool missing from it could never be
// parsed from tags, nor offered in the prompt or as a native function. The caller's protocol
// with the tools it lacks added (their parameters as given), the same object when it lacks none.
import { defineProtocol, withDialectChoice, type Protocol } from './define-protocol.js';

/** A tool to add: its name and parameter names. */
export interface AddedTool {
  name: string;
  params: readonly string[];
}

/** One extended protocol per protocol and set of additions: the parser compiles its tables once per object. */
const made = new WeakMap<Protocol, Map<string, Protocol>>();

/** `protocol` with each of `tools` that it lacks added (as a tool of its own parameters); `protocol` itself when it lacks none. */
export function protocolWithTools(protocol: Protocol, tools: readonly AddedTool[]): Protocol {
  const missing = tools.filter(
    (t, i) => protocol.tool(t.name) === undefined && tools.findIndex((u) => u.name === t.name) === i,
  );
  if (missing.length === 0) return protocol;
  const key = JSON.stringify(missing.map((t) => [t.name, t.params]));
  let byKey = made.get(protocol);
  if (byKey === undefined) made.set(protocol, (byKey = new Map()));
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const definition = {
    tools: Object.fromEntries([
      ...protocol.tools.map((t) => [t.name, { params: t.params, raw: t.raw }] as const),
      ...missing.map((t) => [t.name, { params: t.params }] as const),
    ]),
    reasoningTags: protocol.reasoningTags,
  };
  // the same choice of dialects, and the scanning that recovers them
  const extended = withDialectChoice(defineProtocol(definition), protocol.dialects, protocol.dialectScanning);
  byKey.set(key, extended);
  return extended;
}
