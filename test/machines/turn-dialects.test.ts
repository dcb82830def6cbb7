// Which dialects a turn parses: the caller's choice, else the model's profile; never bare JSON
// calls when the task talks about JSON.
import { describe, expect, it } from 'vitest';
import { turnProtocol } from '../../machines/machine/turn-dialects.js';
import { initialContext } from '../../machines/machine/turn-context.js';
import { clineThinkProtocol, SAFE_DIALECTS } from '../../src/protocol/index.js';
import { dialectsForModel, startsInReasoningFor } from '../../machines/machine/model-dialects.js';
import { profileFor, registerModelProfile } from '../../src/profiles/index.js';
import { withDialects } from '../../src/parser/index.js';

const task = (content: string) => [{ role: 'user' as const, content }];

describe('the dialects of a turn', () => {
  it('come from the model family when the protocol chose none', () => {
    expect(turnProtocol(clineThinkProtocol, 'Qwen/Qwen3-Coder-30B-A3B-Instruct', task('fix it')).dialects).toEqual(
      expect.arrayContaining(['hermes', 'qwen3-coder']),
    );
    expect(turnProtocol(clineThinkProtocol, 'zai-org/GLM-4.6', task('x')).dialects).toContain('glm');
    expect(turnProtocol(clineThinkProtocol, 'moonshotai/Kimi-K2-Instruct', task('x')).dialects).toContain('kimi');
    expect(turnProtocol(clineThinkProtocol, 'openai/gpt-oss-120b', task('x')).dialects).toContain('harmony');
    expect(turnProtocol(clineThinkProtocol, 'glm-5.1', task('x')).dialects).not.toContain('hermes');
    expect(turnProtocol(clineThinkProtocol, 'some-new-model', task('x')).dialects).toEqual(SAFE_DIALECTS);
  });

  it("keep the caller's choice", () => {
    const none = withDialects(clineThinkProtocol, 'none');
    expect(turnProtocol(none, 'qwen3-coder', task('x'))).toBe(none);
    expect(turnProtocol(withDialects(clineThinkProtocol, ['glm']), 'qwen3', task('x')).dialects).toEqual(['glm']);
  });

  it('drop bare JSON calls when the task mentions JSON', () => {
    const llama = 'meta-llama/Llama-3.3-70B-Instruct';
    expect(dialectsForModel(llama)).toContain('json');
    expect(turnProtocol(clineThinkProtocol, llama, task('List the files')).dialects).toContain('json');
    expect(turnProtocol(clineThinkProtocol, llama, task('Print an example JSON tool call')).dialects).not.toContain(
      'json',
    );
    const all = withDialects(clineThinkProtocol, 'all');
    expect(turnProtocol(all, llama, task('show me the json')).dialects).not.toContain('json');
  });

  it('start inside reasoning when the profile says the template opens <think> in the prompt', () => {
    registerModelProfile({
      id: 'qwen3-30b-a3b-thinking-2507',
      reasoning: 'inline-think',
      inactiveKey: 'absent',
      structured: { jsonSchema: 'unknown', jsonObject: true },
      startsInReasoning: true,
    });
    expect(startsInReasoningFor('Qwen/Qwen3-30B-A3B-Thinking-2507')).toBe(true);
    expect(startsInReasoningFor('qwen3.6-plus')).toBe(false); // its thinking comes as reasoning_content
    expect(startsInReasoningFor('an-unknown-model')).toBe(false); // never guessed: the lone </think> is detected instead
    const c = initialContext({ client: {} as never, model: 'Qwen/Qwen3-30B-A3B-Thinking-2507', messages: task('hi') });
    expect(c.options.startInReasoning).toBe(true);
    expect(() => registerModelProfile({ ...profileFor('qwen3.6-plus'), id: 'bad', dialects: [3 as never] })).toThrow(
      /dialects must be a list of dialect names/,
    );
    registerModelProfile({ ...profileFor('qwen3.6-plus'), id: 'bad-dialect-model', dialects: ['klingon' as never] });
    expect(() => turnProtocol(clineThinkProtocol, 'bad-dialect-model', task('x'))).toThrow(/unknown dialect "klingon"/);
  });
});
