// Chat-template tokens that leak into content when a server does not strip them. With the
// 'special-tokens' dialect on they are dropped wherever the scan meets them in text position.

/** Tokens dropped from text (end of turn, role markers, harmony's lone markers). */
export const LEAKED_TOKENS: readonly string[] = /* @__PURE__ */ Object.freeze([
  // ChatML (Qwen, Hermes, many fine-tunes)
  '<|im_end|>',
  '<|im_start|>',
  '<|endoftext|>',
  // harmony (gpt-oss), Phi
  '<|end|>',
  '<|return|>',
  '<|call|>',
  '<|message|>',
  '<|constrain|>',
  // Llama 3
  '<|eot_id|>',
  '<|eom_id|>',
  '<|end_of_text|>',
  '<|begin_of_text|>',
  '<|start_header_id|>',
  '<|end_header_id|>',
  // GLM
  '<|user|>',
  '<|assistant|>',
  '<|observation|>',
  '<|system|>',
  // Kimi
  '<|im_middle|>',
  '<|tool_calls_section_end|>',
  // DeepSeek (full-width bars, U+2581 for spaces)
  '<｜end▁of▁sentence｜>',
  '<｜begin▁of▁sentence｜>',
  '<｜Assistant｜>',
  '<｜User｜>',
  '<｜tool▁calls▁end｜>',
  // a tool's output echoed back (Ollama's DeepSeek parser drops these and keeps what is between)
  '<｜tool▁outputs▁begin｜>',
  '<｜tool▁outputs▁end｜>',
  '<｜tool▁output▁begin｜>',
  '<｜tool▁output▁end｜>',
]);

/** The characters a special token's name may hold (between `<|` and `|>`). */
export function isSpecialNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 46 ||
    c === 45 ||
    c === 0x2581
  );
}
