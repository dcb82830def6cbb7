// How a profile shows a reply's thinking: in a delta field, inline as <think>, only as a token
// count, or not at all.
import type { ModelProfile } from '../../src/profiles/profiles.js';
import type { ScriptedReply } from './scripted-reply.js';
import { estimateTokens } from './scripted-tokens.js';

export interface ShapedReply extends ScriptedReply {
  /** Field for visible reasoning text ('' reasoning means none is sent). */
  reasoningField: 'reasoning_content' | 'reasoning';
  /** Whether the profile has a reasoning field at all (then the inactive-key convention applies to it). */
  hasReasoningField: boolean;
  /** Reasoning tokens the profile counts without showing them. */
  hiddenReasoningTokens: number;
}

export function shapeForProfile(reply: ScriptedReply, profile: ModelProfile): ShapedReply {
  const reasoningField = profile.reasoningField ?? 'reasoning_content';
  const base = {
    ...reply,
    reasoningField,
    hasReasoningField: profile.reasoning === 'reasoning_content',
    hiddenReasoningTokens: 0,
  };
  switch (profile.reasoning) {
    case 'reasoning_content':
      return base;
    case 'none':
      return { ...base, reasoning: '' };
    case 'tokens-only':
      // Hidden thinking dwarfs the answer: hundreds of tokens even for "1+1".
      return {
        ...base,
        reasoning: '',
        hiddenReasoningTokens: (profile.typicalReasoningTokens ?? 300) + estimateTokens(reply.reasoning) * 8,
      };
    case 'inline-think': {
      if (reply.reasoning === '') return base;
      const prefix = `<think>\n${reply.reasoning}\n</think>\n\n`;
      const shift = reply.faultText === 'content' ? prefix.length : 0;
      return {
        ...base,
        reasoning: '',
        content: prefix + reply.content,
        toolStart: reply.toolStart === undefined ? undefined : reply.toolStart + shift,
        writeContent: reply.writeContent && {
          start: reply.writeContent.start + shift,
          end: reply.writeContent.end + shift,
        },
      };
    }
  }
}
