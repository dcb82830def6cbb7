// Anthropic-style calls written as text: `<function_calls><invoke name="N"><parameter name="P">v</parameter></invoke></function_calls>`.

import { decodeInvokes } from './invoke-markup.js';
import type { BlockRecognizer } from './recognizer.js';

/** `<function_calls>` with one or several `<invoke>`. */
export const anthropic: BlockRecognizer = {
  dialect: 'anthropic',
  opener: '<function_calls>',
  closes: ['</function_calls>'],
  decode: decodeInvokes,
};

/** `<invoke>` inside `<tool_call>` (Kimi and GLM fine-tunes fall back to it; ik_llama.cpp's function_calls.md shows it). */
export const anthropicInToolCall: BlockRecognizer = {
  dialect: 'anthropic',
  opener: '<tool_call>',
  closes: ['</tool_call>'],
  decode: decodeInvokes,
};

/** MiniMax M2: the same invoke markup inside `<minimax:tool_call>` (its chat template; vLLM's minimax_m2 parser). */
export const minimaxToolCall: BlockRecognizer = {
  dialect: 'anthropic',
  opener: '<minimax:tool_call>',
  closes: ['</minimax:tool_call>'],
  decode: decodeInvokes,
};
