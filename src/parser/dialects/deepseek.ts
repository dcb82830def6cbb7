// DeepSeek V3 / R1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
// V3.1 writes `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`. (The bars are U+FF5C, the spaces U+2581.)

import { allOffered, paramsFromArguments, parseJson, unfence } from './call-values.js';
import { decodeInvokes } from './anthropic.js';
import type { BlockRecognizer, DecodedCall } from './recognizer.js';

const CALL_BEGIN = '<｜tool▁call▁begin｜>';
const CALL_END = '<｜tool▁call▁end｜>';
const SEP = '<｜tool▁sep｜>';

/** A DeepSeek tool-call section. */
export const deepseek: BlockRecognizer = {
  dialect: 'deepseek',
  opener: '<｜tool▁calls▁begin｜>',
  closes: ['<｜tool▁calls▁end｜>'],
  decode(body, context) {
    const parts = body.split(CALL_BEGIN);
    if (parts.shift()!.trim() !== '') return undefined;
    const calls: DecodedCall[] = [];
    for (const part of parts) {
      const end = part.lastIndexOf(CALL_END);
      if (end === -1 || part.slice(end + CALL_END.length).trim() !== '') return undefined;
      const call = part.slice(0, end);
      const sep = call.indexOf(SEP);
      if (sep === -1) return undefined;
      const before = call.slice(0, sep).trim();
      let after = call.slice(sep + SEP.length);
      let name = before;
      if (before === 'function') {
        // V3 / R1: the name on the first line, the arguments in a fence
        const lineEnd = after.indexOf('\n');
        name = (lineEnd === -1 ? after : after.slice(0, lineEnd)).trim();
        after = lineEnd === -1 ? '' : after.slice(lineEnd + 1);
      }
      const params = paramsFromArguments(parseJson(unfence(after)));
      if (params === undefined) return undefined;
      calls.push({ name, params });
    }
    return allOffered(calls, context);
  },
};

const DSML = '｜DSML｜';

/**
 * DeepSeek V3.2's DSML: `<｜DSML｜function_calls><｜DSML｜invoke name="N"><｜DSML｜parameter name="P"
 * string="true">v</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>` (SGLang's
 * deepseekv32 detector): Anthropic's invoke markup with the DSML mark in each tag, or a JSON object in the invoke.
 */
export const deepseekDsml: BlockRecognizer = {
  dialect: 'deepseek',
  opener: `<${DSML}function_calls>`,
  closes: [`</${DSML}function_calls>`],
  decode: (body, context) => decodeInvokes(body.replaceAll(`<${DSML}`, '<').replaceAll(`</${DSML}`, '</'), context),
};

/** DeepSeek V4 names the same block `<｜DSML｜tool_calls>` (its encoding_dsv4.py; vLLM accepts both). */
export const deepseekDsmlToolCalls: BlockRecognizer = {
  ...deepseekDsml,
  opener: `<${DSML}tool_calls>`,
  closes: [`</${DSML}tool_calls>`],
};
