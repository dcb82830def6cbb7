// The system message of a page turn: who the agent is and, for the tag protocol, how to write
// tool uses (the package's own toolUsePrompt), listing only the tools the page provides.
import { defaultToolDescriptions, toolUsePrompt, type Protocol } from '../../src/protocol/index.js';

export function systemPrompt(protocol: Protocol, toolNames: readonly string[], nativeTools: boolean): string {
  const intro = [
    'You are a careful coding agent working in a small project workspace held in the browser.',
    'Read before you write, keep changes small, and finish with attempt_completion summarizing what you did.',
  ].join(' ');
  if (nativeTools) return intro;
  return `${intro}\n\n${toolUsePrompt(protocol, defaultToolDescriptions, { toolNames })}`;
}
