import { describe, expect, it } from 'vitest';
import {
  CLINE_PARAM_NAMES,
  CLINE_TOOL_NAMES,
  ProtocolError,
  clineProtocol,
  clineThinkProtocol,
  defineProtocol,
} from '../../../src/protocol/index.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return (error as ProtocolError).code;
  }
  return undefined;
}

describe('defineProtocol', () => {
  it('accepts parameter lists and { params, raw }, with think as the default reasoning tag', () => {
    const p = defineProtocol({ tools: { read: ['path'], write: { params: ['path', 'body'], raw: ['body'] } } });
    expect(p.reasoningTags).toEqual(['think']);
    expect(p.tool('read')).toEqual({ name: 'read', params: ['path'], raw: [] });
    expect(p.tool('write')).toEqual({ name: 'write', params: ['path', 'body'], raw: ['body'] });
    expect(p.tool('nope')).toBeUndefined();
    expect(p.isReasoningTag('think')).toBe(true);
  });

  it('adds global parameters to every tool', () => {
    const p = defineProtocol({ tools: { a: ['x'], b: [] }, globalParams: ['g'] });
    expect(p.tool('a')!.params).toEqual(['x', 'g']);
    expect(p.tool('b')!.params).toEqual(['g']);
  });

  it.each([
    ['a tool name that is not a tag name', () => defineProtocol({ tools: { 'read file': ['path'] } }), 'invalid-name'],
    ['a tool name starting with a digit', () => defineProtocol({ tools: { '1x': [] } }), 'invalid-name'],
    ['a parameter name with a >', () => defineProtocol({ tools: { read: ['pa>th'] } }), 'invalid-name'],
    ['an empty reasoning tag', () => defineProtocol({ tools: {}, reasoningTags: [''] }), 'invalid-name'],
    ['__proto__ as a tool', () => defineProtocol({ tools: JSON.parse('{"__proto__": ["x"]}') }), 'reserved-name'],
    ['constructor as a parameter', () => defineProtocol({ tools: { read: ['constructor'] } }), 'reserved-name'],
    ['toString as a reasoning tag', () => defineProtocol({ tools: {}, reasoningTags: ['toString'] }), 'reserved-name'],
    [
      'a raw parameter the tool lacks',
      () => defineProtocol({ tools: { w: { params: ['path'], raw: ['content'] } } }),
      'unknown-raw-param',
    ],
    ['a name both tool and reasoning tag', () => defineProtocol({ tools: { think: [] } }), 'name-conflict'],
    ['tools that are not an object', () => defineProtocol({ tools: null as never }), 'invalid-definition'],
  ])('rejects %s', (_what, fn, code) => {
    expect(codeOf(fn)).toBe(code);
  });

  it('says what was wrong in the message', () => {
    expect(() => defineProtocol({ tools: { w: { params: ['path'], raw: ['content'] } } })).toThrow(
      /raw parameter "content".*"w"/,
    );
  });
});

describe('clineProtocol', () => {
  it("has Cline's 27 tools and 45 parameters, every tool accepting every parameter", () => {
    expect(CLINE_TOOL_NAMES).toHaveLength(27);
    expect(CLINE_PARAM_NAMES).toHaveLength(45);
    expect(clineProtocol.tools.map((t) => t.name)).toEqual([...CLINE_TOOL_NAMES]);
    for (const t of clineProtocol.tools) expect([...t.params].sort()).toEqual([...CLINE_PARAM_NAMES].sort());
  });

  it('marks exactly the raw parameters of Cline and has no reasoning tags', () => {
    const raw = clineProtocol.tools.flatMap((t) => t.raw.map((r) => `${t.name}.${r}`)).sort();
    expect(raw).toEqual(['apply_patch.input', 'new_rule.content', 'replace_in_file.diff', 'write_to_file.content']);
    expect(clineProtocol.reasoningTags).toEqual([]);
    expect(clineThinkProtocol.reasoningTags).toEqual(['think']);
    expect(clineThinkProtocol.tools).toEqual(clineProtocol.tools);
  });
});
