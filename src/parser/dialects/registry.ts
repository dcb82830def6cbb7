// The recognizers of the dialects that are on, compiled into the lookups the scan uses: plain-tag
// openers (`<tool_call>`, `<function_calls>`) join the protocol's text-position tags; special
// tokens (`<|…|>`, `<｜…｜>`) get a table of their own.

import { anthropic, anthropicInToolCall, minimaxToolCall } from './anthropic.js';
import { deepseek, deepseekDsml, deepseekDsmlToolCalls } from './deepseek.js';
import type { DialectName } from '../../protocol/dialect-names.js';
import { withDialectChoice, type Protocol } from '../../protocol/define-protocol.js';
import { glm } from './glm.js';
import { granite } from './granite.js';
import { harmonyChannel, harmonyStart } from './harmony.js';
import { hermes } from './hermes.js';
import { kimiCall, kimiSection } from './kimi.js';
import { llama, llamaFunctionTag } from './llama.js';
import { MISTRAL_MARKER, mistralBlock } from './mistral.js';
import { lfm2Block, pythonicBlock, pythonicFunctionCalls } from './pythonic.js';
import { BARE_FUNCTION_OPENER, qwen3Coder, qwen3CoderBare } from './qwen3-coder.js';
import type { BlockRecognizer } from './recognizer.js';
import { REASONING_VARIANTS, reasoningCloses } from './reasoning-variants.js';
import { LEAKED_TOKENS } from './special-tokens.js';

/** Every in-scan recognizer; several may share an opener (`<tool_call>`), tried in this order. */
const RECOGNIZERS: readonly BlockRecognizer[] = [
  hermes,
  qwen3Coder,
  glm,
  anthropicInToolCall,
  kimiSection,
  kimiCall,
  deepseek,
  harmonyChannel,
  harmonyStart,
  llama,
  granite,
  pythonicBlock,
  lfm2Block,
  anthropic,
  pythonicFunctionCalls,
  qwen3CoderBare,
  llamaFunctionTag,
  deepseekDsml,
  deepseekDsmlToolCalls,
  minimaxToolCall,
];

/**
 * Openers that are neither a plain tag nor a `<|…|>` token, met by prefix at a '<': Qwen3-Coder's
 * and Llama's bare `<function=NAME>`, DeepSeek's `<｜DSML｜function_calls>`, MiniMax's `<minimax:tool_call>`.
 */
// pure: made inside a function, so a bundle that never turns a dialect on drops it with the recognizers
const PREFIX_OPENERS = /* @__PURE__ */ (() =>
  new Set([BARE_FUNCTION_OPENER, deepseekDsml.opener, deepseekDsmlToolCalls.opener, minimaxToolCall.opener]))();

/** The recognizers that share one opener, with the closes and header rule of the first. */
export interface OpenerEntry {
  readonly opener: string;
  readonly closes: readonly string[];
  readonly headerEnd: string | undefined;
  readonly endsWithReply: boolean;
  readonly recognizers: readonly BlockRecognizer[];
}

/** What a special token does in text position. */
export type SpecialTokenEntry = { readonly kind: 'drop' } | { readonly kind: 'open'; readonly entry: OpenerEntry };

/** The compiled dialect lookups of a protocol. */
export interface CompiledDialects {
  readonly on: ReadonlySet<DialectName>;
  /** Plain-tag openers by tag name (`tool_call` → its entry). */
  readonly tagOpeners: ReadonlyMap<string, OpenerEntry>;
  /** Special tokens by their full text. */
  readonly specialTokens: ReadonlyMap<string, SpecialTokenEntry>;
  /** Every prefix of a special token (from `<|` / `<｜` on), to hold an unfinished one. */
  readonly specialPrefixes: ReadonlySet<string>;
  /** The longest special token. */
  readonly maxSpecialLength: number;
  /** Reasoning tag names the dialect adds (not the protocol's own). */
  readonly reasoningOpen: ReadonlySet<string>;
  /** Every close that ends a reasoning block (the protocol's own, plus the variants'). */
  readonly reasoningCloses: readonly string[];
  /** Prefixes of the plain-tag openers and added reasoning tags. */
  readonly tagPrefixes: ReadonlySet<string>;
  /** The longest plain-tag opener or added reasoning tag name. */
  readonly maxTagName: number;
  /** Openers read by prefix at a '<' (`<function=`, `<｜DSML｜function_calls>`, `<minimax:tool_call>`), when on. */
  readonly prefixOpeners: readonly OpenerEntry[];
  /** The characters after the '<' of the prefix openers (a quick filter). */
  readonly prefixSecond: ReadonlySet<number>;
  /** Mistral's `[TOOL_CALLS]` (no '<': searched for on its own), when on. */
  readonly mistralMarker: OpenerEntry | undefined;
  /** Mistral's bracket markers are searched for (`[TOOL_CALLS]`, `[THINK]`, `[/THINK]`): Mistral is on. */
  readonly bracketMarkers: boolean;
  /** Whether any dialect is on (else the scan is exactly the strict one). */
  readonly any: boolean;
}

function entriesOf(recognizers: readonly BlockRecognizer[]): Map<string, OpenerEntry> {
  const byOpener = new Map<string, BlockRecognizer[]>();
  for (const r of recognizers) {
    const list = byOpener.get(r.opener);
    if (list === undefined) byOpener.set(r.opener, [r]);
    else list.push(r);
  }
  const out = new Map<string, OpenerEntry>();
  for (const [opener, list] of byOpener) {
    const first = list[0]!;
    out.set(opener, {
      opener,
      closes: first.closes,
      headerEnd: first.headerEnd,
      endsWithReply: first.endsWithReply === true,
      recognizers: list,
    });
  }
  return out;
}

const TAG_OPENER = /^<([A-Za-z_][A-Za-z0-9_.-]*)>$/;

const cache = new WeakMap<Protocol, CompiledDialects>();

/** The compiled dialect lookups of `protocol` (made once per protocol). */
export function dialectsOf(protocol: Protocol): CompiledDialects {
  let compiled = cache.get(protocol);
  if (compiled === undefined) {
    const taken = (name: string) => protocol.compiled.textOpen.has(name);
    compiled = compileDialects(new Set(protocol.dialects ?? []), taken, protocol.reasoningTags);
    cache.set(protocol, compiled);
  }
  return compiled;
}

/** The lookups for the dialects `on`; `isTaken(name)`: the protocol already uses this tag name (its own tool wins). */
export function compileDialects(
  on: ReadonlySet<DialectName>,
  isTaken: (name: string) => boolean,
  ownReasoningTags: readonly string[] = [],
): CompiledDialects {
  const entries = entriesOf([...RECOGNIZERS, mistralBlock].filter((r) => on.has(r.dialect)));
  const mistralMarker = entries.get(MISTRAL_MARKER);
  entries.delete(MISTRAL_MARKER);
  const prefixOpeners: OpenerEntry[] = [];
  for (const opener of PREFIX_OPENERS) {
    const entry = entries.get(opener);
    entries.delete(opener);
    if (entry !== undefined) prefixOpeners.push(entry);
  }
  const tagOpeners = new Map<string, OpenerEntry>();
  const specialTokens = new Map<string, SpecialTokenEntry>();
  for (const [opener, entry] of entries) {
    const tag = TAG_OPENER.exec(opener);
    if (tag !== null) {
      if (!isTaken(tag[1]!)) tagOpeners.set(tag[1]!, entry);
    } else specialTokens.set(opener, { kind: 'open', entry });
  }
  if (on.has('special-tokens')) {
    for (const token of LEAKED_TOKENS) if (!specialTokens.has(token)) specialTokens.set(token, { kind: 'drop' });
  }
  const specialPrefixes = new Set<string>();
  let maxSpecialLength = 0;
  for (const token of specialTokens.keys()) {
    for (let i = 2; i < token.length; i++) specialPrefixes.add(token.slice(0, i));
    maxSpecialLength = Math.max(maxSpecialLength, token.length);
  }
  const reasoningOpen = new Set<string>();
  let closes = reasoningCloses(ownReasoningTags);
  if (on.has('reasoning')) {
    for (const tag of REASONING_VARIANTS) if (!isTaken(tag)) reasoningOpen.add(tag);
    closes = [...new Set([...closes, ...reasoningCloses(REASONING_VARIANTS)])];
  }
  const tagPrefixes = new Set<string>();
  let maxTagName = 0;
  for (const name of [...tagOpeners.keys(), ...reasoningOpen]) {
    for (let i = 0; i <= name.length; i++) tagPrefixes.add(name.slice(0, i));
    maxTagName = Math.max(maxTagName, name.length);
  }
  return {
    on,
    tagOpeners,
    specialTokens,
    specialPrefixes,
    maxSpecialLength,
    reasoningOpen,
    reasoningCloses: closes,
    tagPrefixes,
    maxTagName,
    prefixOpeners,
    prefixSecond: new Set(prefixOpeners.map((e) => e.opener.charCodeAt(1))),
    mistralMarker,
    bracketMarkers: mistralMarker !== undefined,
    any: on.size > 0,
  };
}

const strictCache = new WeakMap<Protocol, Protocol>();

/** The same protocol with every dialect off (for reading unescaped Cline XML). */
export function strictOf(protocol: Protocol): Protocol {
  let strict = strictCache.get(protocol);
  if (strict === undefined) strictCache.set(protocol, (strict = withDialectChoice(protocol, [], undefined)));
  return strict;
}
