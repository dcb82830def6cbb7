// What a dialect recognizer is: a construct that opens at a marker the scan meets in text
// position, runs to one of its close markers, and is then decoded once into tool calls.

import type { DialectName } from '../../protocol/dialect-names.js';

/** A tool call a recognizer read: its name and parameters as strings (non-strings JSON-encoded). */
export interface DecodedCall {
  readonly name: string;
  readonly params: Record<string, string>;
}

/** What a recognizer may ask about the protocol while decoding. */
export interface DecodeContext {
  /** Whether the protocol offers this tool (a call of any other tool is text). */
  hasTool(name: string): boolean;
  /** Whether this parameter of this tool is raw (a file content, a diff): its value keeps its text. */
  isRaw(tool: string, param: string): boolean;
}

/** What a harmony-style header (the text between the opener and `headerEnd`) turns into. */
export type HeaderOutcome =
  /** A reasoning block that runs to one of `closes`. */
  | { readonly kind: 'reasoning'; readonly closes: readonly string[] }
  /** Plain text follows: the opener and header are dropped. */
  | { readonly kind: 'text' }
  /** A call: its body runs to one of the recognizer's closes. */
  | { readonly kind: 'call' };

/** One construct: an opener met in text position, its closes, and the decoding of its body. */
export interface BlockRecognizer {
  readonly dialect: DialectName;
  /** The opener exactly as the model writes it, e.g. `<tool_call>` or `<|python_tag|>`. */
  readonly opener: string;
  /** Any of these ends the body. */
  readonly closes: readonly string[];
  /** The body may also end with the reply (Llama's `<|python_tag|>`, Granite's `<|tool_call|>` end the message). */
  readonly endsWithReply?: boolean;
  /**
   * A construct that runs to the reply's end may be followed by prose (`[TOOL_CALLS]a[ARGS]{…}` then
   * a sentence): where its calls end in `body`, so the rest is text. Absent: the calls are the whole body.
   */
  callsEnd?(body: string): number;
  /** Calls in `body`, or undefined when the body is not this dialect (then another recognizer of the same opener may try, else it is text). */
  decode(body: string, context: DecodeContext, header: string): DecodedCall[] | undefined;
  /** A header that ends at this marker comes first (harmony's `<|channel|>analysis<|message|>`). */
  readonly headerEnd?: string;
  /** What the header means; undefined: not this dialect (text). */
  header?(header: string): HeaderOutcome | undefined;
}
