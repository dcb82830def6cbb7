import { describe, expect, it } from 'vitest';
import {
  MEASURED_MODEL_IDS,
  ModelProfileError,
  defaultModelProfile,
  modelProfiles,
  profileFor,
  registerModelProfile,
} from '../../../src/profiles/index.js';

describe('modelProfiles', () => {
  it('holds the seven measured models with the facts of the tables', () => {
    for (const id of MEASURED_MODEL_IDS) expect(modelProfiles[id]?.id).toBe(id);
    expect(modelProfiles['gpt-4.1-mini'].structured).toEqual({ jsonSchema: 'strict', jsonObject: true });
    expect(modelProfiles['grok-4.3']).toMatchObject({ reasoning: 'reasoning_content', inactiveKey: 'absent' });
    expect(modelProfiles['qwen3.6-plus']).toMatchObject({
      inactiveKey: 'null',
      structured: { jsonSchema: 'needs-json-word' },
    });
    expect(modelProfiles['glm-5.1']).toMatchObject({
      inactiveKey: 'empty-string',
      structured: { jsonSchema: 'ignored-prose', jsonObject: true },
    });
    expect(modelProfiles['gpt-5.4-mini']).toMatchObject({
      reasoning: 'tokens-only',
      structured: { jsonSchema: 'think-prefix' },
    });
    expect(modelProfiles['claude-haiku-4-5']).toMatchObject({
      reasoning: 'none',
      structured: { jsonSchema: 'ignored-markdown' },
    });
    expect(modelProfiles['gemini-3.1-flash-lite'].reasoning).toBe('none');
    expect(modelProfiles['gateway-reasoning'].reasoningField).toBe('reasoning');
    expect(modelProfiles['inline-think'].reasoning).toBe('inline-think');
  });
});

describe('profileFor', () => {
  it('matches exact names, dated suffixes and provider paths', () => {
    expect(profileFor('gpt-4.1-mini').id).toBe('gpt-4.1-mini');
    expect(profileFor('gpt-4.1-mini-2025-04-14').id).toBe('gpt-4.1-mini');
    expect(profileFor('openai/gpt-4.1-mini').id).toBe('gpt-4.1-mini');
    expect(profileFor('x-ai/grok-4.3').id).toBe('grok-4.3');
    expect(profileFor('Qwen3.6-Plus').id).toBe('qwen3.6-plus');
    expect(profileFor('z-ai/glm-5.1:free').id).toBe('glm-5.1');
    expect(profileFor('openrouter/anthropic/claude-haiku-4-5-20251001').id).toBe('claude-haiku-4-5');
  });

  it("a scripted model's name `scripted:<id>` finds the profile it emulates, as the scripted model does", () => {
    expect(profileFor('scripted:glm-5.1').id).toBe('glm-5.1');
    expect(profileFor('scripted:claude-haiku-4-5').id).toBe('claude-haiku-4-5');
    expect(profileFor('scripted').id).toBe('scripted');
    expect(profileFor('scripted-v2').id).toBe('scripted');
  });

  it('does not match a profile id that is only a prefix of a different word', () => {
    expect(profileFor('gpt-4.1-minimal').id).toBe('default');
    expect(profileFor('gpt-4.1').id).toBe('default');
  });

  it('falls back to a safe default for unknown or empty names', () => {
    for (const name of ['llama-9', '', 'unknown/thing']) {
      const p = profileFor(name);
      expect(p).toBe(defaultModelProfile);
      expect(p.reasoning).toBe('none');
      expect(p.structured).toEqual({ jsonSchema: 'unknown', jsonObject: true });
    }
  });

  it('is extendable: registered profiles are found, by prefix too', () => {
    registerModelProfile({
      id: 'my-local-r1',
      reasoning: 'inline-think',
      inactiveKey: 'absent',
      structured: { jsonSchema: 'unknown', jsonObject: false },
    });
    expect(profileFor('ollama/my-local-r1:7b')).toMatchObject({ id: 'my-local-r1', reasoning: 'inline-think' });
  });

  it('rejects malformed profiles with a coded error saying what is wrong', () => {
    const bad = {
      id: 'x',
      reasoning: 'sometimes',
      inactiveKey: 'absent',
      structured: { jsonSchema: 'yes', jsonObject: true },
    };
    expect(() => registerModelProfile(bad as never)).toThrow(ModelProfileError);
    try {
      registerModelProfile(bad as never);
    } catch (e) {
      expect((e as ModelProfileError).code).toBe('invalid-profile');
      expect((e as Error).message).toContain('reasoning must be one of');
    }
    expect(() => registerModelProfile({ id: '' } as never)).toThrow(/id must be a non-empty string/);
  });

  it('takes a profile that names its wire, and refuses an unknown one', () => {
    const base = {
      reasoning: 'none',
      inactiveKey: 'absent',
      structured: { jsonSchema: 'unknown', jsonObject: false },
    } as const;
    registerModelProfile({ ...base, id: 'my-claude-proxy', wire: 'anthropic-messages' });
    expect(profileFor('my-claude-proxy-2')?.wire).toBe('anthropic-messages');
    expect(() => registerModelProfile({ ...base, id: 'bad-wire', wire: 'grpc' as never })).toThrow(
      /"bad-wire": wire must be 'chat-completions', 'anthropic-messages' or 'responses'/,
    );
  });
});
