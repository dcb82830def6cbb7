// Everything the scanner carries from one chunk to the next: the mode it is in, the block it is
// building, and the blocks it has finished. One object with a fixed shape, created once per
// parser, so the mode functions that read it stay monomorphic.

import type { CompiledProtocol, CompiledTool, Protocol } from '../../protocol/define-protocol.js';
import type { CompiledDialects, OpenerEntry } from '../dialects/registry.js';
import type { AssistantMessageContent } from '../blocks.js';
import type { HeldCalls } from './held-text.js';
import type { TagRecord } from '../tag-reader.js';
import { createTrimmedBuilder, type TextBuilder, type ValueBuilder } from '../text-builders.js';
import { createMarkdownState, type MarkdownState } from './markdown-context.js';

/** Prose between blocks. */
export const MODE_TEXT = 0;
/** Inside a tool, outside any parameter: only parameter tags and the close tag count. */
export const MODE_TOOL = 1;
/** Inside a parameter value. */
export const MODE_PARAM = 2;
/** A raw value's close tag was seen: is it the real one? */
export const MODE_RAW_AFTER_CLOSE = 3;
/** Inside a reasoning block: only its close tag counts. */
export const MODE_REASONING = 4;
/** Inside another dialect's construct (`<tool_call>…`): its body is collected and decoded at its close. */
export const MODE_DIALECT = 5;
export type Mode =
  | typeof MODE_DIALECT
  | typeof MODE_TEXT
  | typeof MODE_TOOL
  | typeof MODE_PARAM
  | typeof MODE_RAW_AFTER_CLOSE
  | typeof MODE_REASONING;

export interface ScanState {
  readonly protocol: CompiledProtocol;
  /** Prefix of every call_id. */
  readonly idPrefix: string;
  /** Reused by every readTag call: a tag read allocates no record. */
  readonly tag: TagRecord;
  /** Finished blocks, in order; never changed once pushed (held calls released first become it: see deferred-calls.ts). */
  done: AssistantMessageContent[];
  mode: Mode;
  /** Undecided tail (starts with '<'), carried to the next scan; bounded by the longest tag. */
  carry: string;
  /** The character before the next unscanned one (for the inline-code rule); -1 at the start. */
  previousCode: number;
  /** The value of the block or parameter being built. */
  builder: ValueBuilder;
  /** The open tool (MODE_TOOL, MODE_PARAM, MODE_RAW_AFTER_CLOSE). */
  tool: CompiledTool | undefined;
  callId: string;
  /** The open tool's finished parameters. */
  params: Record<string, string>;
  /** The open parameter (MODE_PARAM, MODE_RAW_AFTER_CLOSE). */
  paramName: string;
  paramRaw: boolean;
  /** Close string the current parameter or reasoning block waits for, e.g. `</path>`. */
  closeTag: string;
  /** MODE_RAW_AFTER_CLOSE: the raw value's close tag and the whitespace after it, not yet judged. */
  heldClose: string;
  /** The dialects that are on (compiled once per protocol); {@link NO_DIALECTS} for a strict protocol. */
  readonly dialects: CompiledDialects;
  /** The dialect-aware scanning, present only when a dialect is on (see {@link DialectScanning}). */
  readonly dialectScanning: DialectScanning | undefined;
  /** MODE_REASONING: every close that ends the block (one, unless the reasoning dialect adds variants). */
  reasoningCloses: readonly string[];
  /** Text mode: where the prose stands in Markdown (dialect openers inside a code form are examples). */
  readonly md: MarkdownState;
  /** MODE_TOOL before any parameter: the text after the tool's open tag (a tag named in a sentence). */
  mention: string;
  mentionOpen: boolean;
  /** MODE_DIALECT: the construct, where it opened, its opener and header text, its body so far. */
  dialectEntry: OpenerEntry | undefined;
  dialectOpenAt: number;
  dialectOpenText: string;
  dialectHeader: string;
  dialectHeaderPending: boolean;
  /** The body so far, appended with `+=`: V8 keeps the pieces as a rope and flattens it once, when the body is decoded. */
  dialectBody: string;
  /** MODE_DIALECT: the text before the construct, kept open: it goes on if the construct turns out to be text. */
  pendingText: TextBuilder | undefined;
  /**
   * At the reply's end: openers whose construct never closed, so their body was read again as
   * text; they open nothing more (each opener at most once, so the re-reads stay O(n)).
   */
  spentOpeners: Set<OpenerEntry> | undefined;
  /** Text mode, Mistral on: where the next bracket marker of the current input is (-1 none, -2 not yet searched). */
  markerAt: number;
  /** Recovered calls held as text while the reply may have begun inside reasoning (see deferred-calls.ts). */
  deferred: HeldCalls | undefined;
  /** The marker found there (`[TOOL_CALLS]`, `[THINK]`, `[/THINK]`). */
  markerText: string;
}

/**
 * The scanning a protocol with dialects on adds to the strict scan: attached to the protocol by
 * `withDialects`, so the parser itself never imports it and a bundle of the strict parser leaves
 * every recognizer out. The strict scan calls these only when a dialect is on.
 */
export interface DialectScanning {
  /** The compiled lookups of `protocol`'s dialects (made once per protocol). */
  compile(protocol: Protocol): CompiledDialects;
  /** MODE_TEXT with dialects on (the contract of scanText). */
  scanText(s: ScanState, input: string, pos: number, base: number, final: boolean): number;
  /** MODE_DIALECT: inside another dialect's construct. */
  scanDialect(s: ScanState, input: string, pos: number, final: boolean): number;
  /** A block opens: the recovered calls held while the reply might have begun inside reasoning are calls. */
  releaseDeferred(s: ScanState): void;
  /** At the reply's end, before the strict end rules: a construct still open is read or becomes text. */
  endConstructs(s: ScanState, endedNormally: boolean): void;
  /** At the reply's end, after them: held calls released, the whole-reply dialects, calls ending an unclosed reasoning. */
  endReply(s: ScanState, protocol: Protocol, endedNormally: boolean, reparse: ReparseWith): void;
}

/** Parses `text` as a whole reply with `protocol` (final); the stream parser supplies it, so the dialect scanning never imports it. */
export type ReparseWith = (
  protocol: Protocol,
  text: string,
  idPrefix: string,
  finishReason?: string,
) => AssistantMessageContent[];

/** The lookups of a protocol with no dialect on: the scan is exactly the strict one. */
export const NO_DIALECTS: CompiledDialects = {
  on: new Set(),
  tagOpeners: new Map(),
  specialTokens: new Map(),
  specialPrefixes: new Set(),
  maxSpecialLength: 0,
  reasoningOpen: new Set(),
  reasoningCloses: [],
  tagPrefixes: new Set(),
  maxTagName: 0,
  prefixOpeners: [],
  prefixSecond: new Set(),
  mistralMarker: undefined,
  bracketMarkers: false,
  any: false,
};

export function createScanState(
  protocol: CompiledProtocol,
  idPrefix: string,
  dialects: CompiledDialects,
  dialectScanning: DialectScanning | undefined,
): ScanState {
  return {
    dialects,
    dialectScanning,
    reasoningCloses: [],
    md: createMarkdownState(),
    mention: '',
    mentionOpen: false,
    dialectEntry: undefined,
    dialectOpenAt: 0,
    dialectOpenText: '',
    dialectHeader: '',
    dialectHeaderPending: false,
    dialectBody: '',
    pendingText: undefined,
    spentOpeners: undefined,
    markerAt: -2,
    markerText: '',
    deferred: undefined,
    protocol,
    idPrefix,
    // Stryker disable next-line BooleanLiteral,ObjectLiteral,StringLiteral: readTag sets closing and name before anything reads them
    tag: { closing: false, name: '', end: 0 },
    done: [],
    mode: MODE_TEXT,
    carry: '',
    // Stryker disable next-line UnaryOperator: only compared with the backtick (96): any other start value reads alike
    previousCode: -1,
    builder: createTrimmedBuilder(),
    tool: undefined,
    // Stryker disable next-line StringLiteral: openTool sets callId before any tool block is made
    callId: '',
    params: {},
    // Stryker disable next-line StringLiteral: paramName is read only in MODE_PARAM / MODE_RAW_AFTER_CLOSE, and openParam sets it before either
    paramName: '',
    // Stryker disable next-line BooleanLiteral: openParam sets paramRaw before any value is scanned
    paramRaw: false,
    // Stryker disable next-line StringLiteral: openParam / openReasoning set closeTag before any value is scanned
    closeTag: '',
    // Stryker disable next-line StringLiteral: heldClose is read only in MODE_RAW_AFTER_CLOSE, and holdRawClose sets it before entering it
    heldClose: '',
  };
}

/**
 * What a mode function returns when the input from `index` on is undecided (it may still become
 * a tag): a negative number, so one return value carries either the next position or a hold.
 */
export function holdFrom(index: number): number {
  return ~index;
}
