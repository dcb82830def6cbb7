// DeepSeek V3 / R1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
// V3.1 writes `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`. (The bars are U+FF5C, the spaces U+2581.)

import { allOffered, isBlank, paramsFromFencedJsonIn, trimmedSlice } from './call-values.js';
import { decodeInvokes, decodeInvokesWith, invokeTags } from './invoke-markup.js';
import type { BlockRecognizer, DecodedCall } from './recognizer.js';

const CALL_BEGIN = '<｜tool▁call▁begin｜>';
const CALL_END = '<｜tool▁call▁end｜>';
const SEP = '<｜tool▁sep｜>';

/** One call in `body[from, to)` (`NAME SEP json`, or V3's `function SEP NAME\n fenced json`), or undefined. */
function decodeCall(body: string, from: number, to: number): DecodedCall | undefined {
  const sep = body.indexOf(SEP, from);
  if (sep === -1 || sep + SEP.length > to) return undefined;
  let name = trimmedSlice(body, from, sep);
  let args = sep + SEP.length;
  if (name === 'function') {
    // V3 / R1: the name on the first line, the arguments in a fence
    const lineEnd = body.indexOf('\n', args);
    const nameEnd = lineEnd === -1 || lineEnd >= to ? to : lineEnd;
    name = trimmedSlice(body, args, nameEnd);
    args = nameEnd === to ? to : nameEnd + 1;
  }
  const params = paramsFromFencedJsonIn(body, args, to);
  return params === undefined ? undefined : { name, params };
}

/** A DeepSeek tool-call section: calls between CALL_BEGIN and CALL_END, read in place. */
export const deepseek: BlockRecognizer = {
  dialect: 'deepseek',
  opener: '<｜tool▁calls▁begin｜>',
  closes: ['<｜tool▁calls▁end｜>'],
  decode(body, context) {
    let at = body.indexOf(CALL_BEGIN);
    if (!isBlank(body, 0, at === -1 ? body.length : at)) return undefined;
    const calls: DecodedCall[] = [];
    while (at !== -1) {
      const start = at + CALL_BEGIN.length;
      at = body.indexOf(CALL_BEGIN, start);
      const stop = at === -1 ? body.length : at;
      const endAt = stop - CALL_END.length;
      const end = endAt < start ? -1 : body.lastIndexOf(CALL_END, endAt);
      if (end < start || !isBlank(body, end + CALL_END.length, stop)) return undefined;
      const call = decodeCall(body, start, end);
      if (call === undefined) return undefined;
      calls.push(call);
    }
    return allOffered(calls, context);
  },
};

const DSML = '｜DSML｜';
const dsmlTags = /* @__PURE__ */ invokeTags(DSML);

// (The recognizers below are made in pure-marked functions: their template strings and spread
// would otherwise keep them in a bundle that never turns a dialect on.)

/**
 * DeepSeek V3.2's DSML: `<｜DSML｜function_calls><｜DSML｜invoke name="N"><｜DSML｜parameter name="P"
 * string="true">v</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>` (SGLang's
 * deepseekv32 detector): Anthropic's invoke markup with the DSML mark in each tag, or a JSON object in the invoke.
 */
export const deepseekDsml: BlockRecognizer = /* @__PURE__ */ (() => ({
  dialect: 'deepseek',
  opener: `<${DSML}function_calls>`,
  closes: [`</${DSML}function_calls>`],
  // the mark in every tag; a model that drops it inside the block writes Anthropic's own tags
  decode: (body, context) => decodeInvokesWith(body, context, dsmlTags) ?? decodeInvokes(body, context),
}))();

/** DeepSeek V4 names the same block `<｜DSML｜tool_calls>` (its encoding_dsv4.py; vLLM accepts both). */
export const deepseekDsmlToolCalls: BlockRecognizer = /* @__PURE__ */ (() => ({
  ...deepseekDsml,
  opener: `<${DSML}tool_calls>`,
  closes: [`</${DSML}tool_calls>`],
}))();
