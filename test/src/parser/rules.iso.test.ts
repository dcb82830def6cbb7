// One test group per rule of the parse contract (DESIGN.md, "Parse semantics").
import { describe, expect, it } from 'vitest';
import { createStreamParser, parseAssistantMessage, type AssistantMessageContent } from '../../../src/parser/index.js';
import { clineThinkProtocol, defineProtocol } from '../../../src/protocol/index.js';

const text = (content: string, partial = false) => ({ type: 'text', content, partial });
const reasoning = (r: string, partial = false) => ({ type: 'reasoning', reasoning: r, partial });
const tool = (name: string, params: Record<string, string>, partial = false) =>
  expect.objectContaining({ type: 'tool_use', name, params, partial });

const final = (s: string, o = {}) => parseAssistantMessage(s, { final: true, ...o });
const streaming = (s: string, o = {}) => parseAssistantMessage(s, o);

/** Cut in two at every offset, the stream answers as the snapshot of what arrived, and ends as `final`. */
function expectSameAtEveryCut(s: string, o = {}): void {
  for (let cut = 0; cut <= s.length; cut++) {
    const parser = createStreamParser(o);
    expect(parser.push(s.slice(0, cut)), `first ${cut}`).toEqual(streaming(s.slice(0, cut), o));
    expect(parser.push(s.slice(cut)), `rest from ${cut}`).toEqual(streaming(s, o));
    expect(parser.end(), `end after a cut at ${cut}`).toEqual(final(s, o));
  }
}

describe('rule 1: only exact tags of the protocol count', () => {
  it('reads a tool call inside prose', () => {
    expect(final('Let me look. <read_file><path>src/a.ts</path></read_file> Done.')).toEqual([
      text('Let me look.'),
      tool('read_file', { path: 'src/a.ts' }),
      text('Done.'),
    ]);
  });

  it('keeps unknown tags, tags with attributes and malformed tags as text', () => {
    const s = 'a <div>b</div> <read_file path="x"> <read_file > < read_file> <READ_FILE> </read_file> <read_file/>';
    expect(final(s)).toEqual([text(s)]);
  });

  it('treats an open tag right after a backtick as a mention in inline code', () => {
    const s = 'Use `<read_file>` to read, and `<think>` too.';
    expect(final(s, { protocol: clineThinkProtocol })).toEqual([text(s)]);
  });

  it('a backtick elsewhere does not stop a real call', () => {
    expect(final('`code` <read_file><path>a</path></read_file>')).toEqual([
      text('`code`'),
      tool('read_file', { path: 'a' }),
    ]);
  });
});

describe('rule 1: tag names', () => {
  it('tool and parameter names may hold capitals, digits, dots, dashes and underscores', () => {
    const p = defineProtocol({ tools: { 'zA.a-Z_90': ['Za09', 'b.c-d'] }, reasoningTags: [] });
    const s = 'Go <zA.a-Z_90><Za09>v</Za09><b.c-d>w</b.c-d></zA.a-Z_90>';
    expect(final(s, { protocol: p })).toEqual([text('Go'), tool('zA.a-Z_90', { Za09: 'v', 'b.c-d': 'w' })]);
    expect(streaming('Go <zA.a-Z_9', { protocol: p })).toEqual([text('Go', true)]);
    expectSameAtEveryCut(s, { protocol: p });
  });

  it('a name with any other character is no tag', () => {
    const p = defineProtocol({ tools: { a: ['b'] }, reasoningTags: [] });
    for (const odd of ['a@', 'a[', 'a`', 'a{', 'a/', 'a:', 'a ', '@a', '[a', '{a', ':a']) {
      expect(final(`<${odd}><b>x</b></${odd}>`, { protocol: p })).toEqual([text(`<${odd}><b>x</b></${odd}>`)]);
    }
  });
});

describe('rule 2: text', () => {
  it('is trimmed and an empty text block is not emitted', () => {
    expect(final('  \n <read_file><path>a</path></read_file>\n\n ')).toEqual([tool('read_file', { path: 'a' })]);
    expect(final('   ')).toEqual([]);
    expect(final('')).toEqual([]);
    expect(streaming('')).toEqual([]);
  });

  it('trims exactly what String.prototype.trim trims (tabs, CR, Unicode spaces), in text, parameters and reasoning', () => {
    // every character .trim() removes, and neighbours of those ranges it keeps
    const trimmed = '\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    const kept = [
      '\u0008',
      '\u000e',
      '\u001f',
      '\u0085',
      '\u009f',
      '\u00a1',
      '\u180e',
      '\u1fff',
      '\u200b',
      '\u2027',
      '\u202a',
      '\u205e',
      '\u2060',
      '\u2fff',
      '\u3001',
      '\ufefe',
      '!',
    ];
    expect(trimmed.trim()).toBe('');
    for (const k of kept) {
      const value = `${trimmed}${k}a${trimmed}b${k}${trimmed}`;
      expect(value.trim(), JSON.stringify(k)).toBe(`${k}a${trimmed}b${k}`);
      const o = { protocol: clineThinkProtocol };
      const s = `${value}<read_file><path>${value}</path></read_file><think>${value}</think>${value}`;
      const expected = [
        text(value.trim()),
        tool('read_file', { path: value.trim() }),
        reasoning(value.trim()),
        text(value.trim()),
      ];
      expect(final(s, o), JSON.stringify(k)).toEqual(expected);
      const parser = createStreamParser(o);
      for (const ch of s) parser.push(ch);
      expect(parser.end(), JSON.stringify(k)).toEqual(expected);
    }
  });

  it('ends where a tool opens', () => {
    const blocks = streaming('Hi <read_file><pa');
    expect(blocks[0]).toEqual(text('Hi'));
    expect(blocks[1]).toEqual(tool('read_file', {}, true));
  });
});

describe('rule 3: tool use', () => {
  it('opens partial and closes complete', () => {
    expect(streaming('<read_file><path>a</path>')).toEqual([tool('read_file', { path: 'a' }, true)]);
    expect(streaming('<read_file><path>a</path></read_file>')).toEqual([tool('read_file', { path: 'a' })]);
  });

  it('ignores anything inside a tool that is not a parameter tag', () => {
    const s = '<read_file>junk <b>x</b> <path>a</path> more junk</read_file>';
    expect(final(s)).toEqual([tool('read_file', { path: 'a' })]);
  });

  it('nested tool tags are ignored inside a tool', () => {
    const s = '<read_file><list_files><path>a</path></list_files></read_file>';
    expect(final(s)).toEqual([tool('read_file', { path: 'a' })]);
  });

  it('a tool opened inside a parameter value is part of the value', () => {
    const s = '<execute_command><command>echo <read_file>x</command></execute_command>';
    expect(final(s)).toEqual([tool('execute_command', { command: 'echo <read_file>x' })]);
  });

  it('the close tag does not count while a parameter is open', () => {
    const s = '<read_file><path>a</read_file></path></read_file>';
    expect(final(s)).toEqual([tool('read_file', { path: 'a</read_file>' })]);
  });

  it('only parameters of that tool count (per-tool lists)', () => {
    const p = defineProtocol({ tools: { read: ['path'], run: ['cmd'] }, reasoningTags: [] });
    expect(final('<read><cmd>x</cmd><path>a</path></read>', { protocol: p })).toEqual([tool('read', { path: 'a' })]);
  });

  it('a stray </ or </x between parameters drops nothing, wherever the stream is cut', () => {
    const s = '<read_file></<path>a</path></ </x></read></read_filex></read_file>';
    expect(final(s)).toEqual([tool('read_file', { path: 'a' })]);
    expect(streaming('<read_file><path>a</path></')).toEqual([tool('read_file', { path: 'a' }, true)]);
    expect(streaming('<read_file><path>a</path></read_fil')).toEqual([tool('read_file', { path: 'a' }, true)]);
    expectSameAtEveryCut(s);
    expectSameAtEveryCut('<read_file></<pa</ <path>a</path></read_file> after');
  });
});

describe('rule 4: parameters', () => {
  it('are trimmed and run to their own first close tag', () => {
    expect(final('<read_file><path>\n  a b  \n</path></read_file>')).toEqual([tool('read_file', { path: 'a b' })]);
    expect(final('<execute_command><command>a</path>b</command></execute_command>')).toEqual([
      tool('execute_command', { command: 'a</path>b' }),
    ]);
  });

  it('a later value of the same parameter replaces the earlier one', () => {
    expect(final('<read_file><path>a</path><path>b</path></read_file>')).toEqual([tool('read_file', { path: 'b' })]);
  });

  it('an open value is shown trimmed on the partial tool use', () => {
    expect(streaming('<read_file><path>  src/a')).toEqual([tool('read_file', { path: 'src/a' }, true)]);
  });

  it('a global parameter list applies to every tool', () => {
    const p = defineProtocol({ tools: { a: [], b: [] }, globalParams: ['x'], reasoningTags: [] });
    expect(final('<b><x>1</x></b>', { protocol: p })).toEqual([tool('b', { x: '1' })]);
  });
});

describe('rule 5: raw parameters', () => {
  it('a fake </content> inside file content does not cut the file', () => {
    const s = '<write_to_file><path>a.xml</path><content>\n<doc>\n</content>\n</doc>\n</content></write_to_file>';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'a.xml', content: '<doc>\n</content>\n</doc>' })]);
  });

  it('a fake </write_to_file> inside file content does not end the tool', () => {
    const s = '<write_to_file><path>a.md</path><content>\nSee </write_to_file> here\n</content>\n</write_to_file>';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'a.md', content: 'See </write_to_file> here' })]);
  });

  it('a fake </content></write_to_file> pair needs to be the real end: the later one wins', () => {
    const s = '<write_to_file><path>a</path><content>x</content> y</content></write_to_file>';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'a', content: 'x</content> y' })]);
  });

  it('</diff> inside a diff does not cut it', () => {
    const diff = '------- SEARCH\nold </diff> text\n=======\nnew\n+++++++ REPLACE';
    const s = `<replace_in_file><path>a</path><diff>\n${diff}\n</diff>\n</replace_in_file>`;
    expect(final(s)).toEqual([tool('replace_in_file', { path: 'a', diff })]);
  });

  it('a <path> inside file content does not hijack the path', () => {
    const s = '<write_to_file><path>real.txt</path><content>\n<path>evil.txt</path>\n</content></write_to_file>';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'real.txt', content: '<path>evil.txt</path>' })]);
  });

  it('closes at </content> followed by whitespace and another parameter of the tool', () => {
    const s = '<write_to_file><content>\nabc\n</content>\n  <path>p</path></write_to_file>';
    expect(final(s)).toEqual([tool('write_to_file', { content: 'abc', path: 'p' })]);
  });

  it("after a fake </content>, only the tool's own close tag or another of its parameters makes it the real one", () => {
    const head = '<write_to_file><path>a</path><content>x';
    const tail = '</content></write_to_file>';
    for (const next of ['<b>y</b>', '</read_file>', '<content>y', '</path>', '<think>', '<read_file>', 'y']) {
      expect(final(`${head}</content>${next}${tail}`), next).toEqual([
        tool('write_to_file', { path: 'a', content: `x</content>${next}` }),
      ]);
    }
    expect(final(`${head}</content>\t\r\n\u00a0\u3000<path>b</path></write_to_file>`)).toEqual([
      tool('write_to_file', { path: 'b', content: 'x' }),
    ]);
    expect(final(`${head}</content> \u2028 </write_to_file>`)).toEqual([
      tool('write_to_file', { path: 'a', content: 'x' }),
    ]);
    // a zero-width space is no whitespace: the </content> was content, and so is what follows
    expect(final(`${head}</content>\u200b</write_to_file>`)).toEqual([
      tool('write_to_file', { path: 'a', content: 'x</content>\u200b</write_to_file>' }, true),
    ]);
  });

  it('the judgement of a held </content> does not depend on how the stream is cut', () => {
    const head = '<write_to_file><path>a</path><content>x';
    for (const rest of [
      '</content> <path>b</path></write_to_file>',
      '</content> </write_to_file>',
      '</content> <b>y</content></write_to_file>',
      '</content> </read_file></content></write_to_file>',
      '</content><content>y</content></write_to_file>',
      '</content> </write_to_fi</content></write_to_file>',
      '</content> <pat</content></write_to_file>',
    ]) {
      expectSameAtEveryCut(head + rest);
    }
  });

  it('loses exactly one leading and one trailing line break, nothing else', () => {
    const s = '<write_to_file><path>a</path><content>\n\n  x  \n\n</content></write_to_file>';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'a', content: '\n  x  \n' })]);
    const crlf = '<write_to_file><path>a</path><content>\r\nx\r\n</content></write_to_file>';
    expect(final(crlf)).toEqual([tool('write_to_file', { path: 'a', content: 'x' })]);
    const none = '<write_to_file><path>a</path><content> x </content></write_to_file>';
    expect(final(none)).toEqual([tool('write_to_file', { path: 'a', content: ' x ' })]);
  });
});

describe('rule 6: reasoning', () => {
  const o = { protocol: clineThinkProtocol };
  it('a think block in text position is reasoning, nothing inside it is parsed', () => {
    const s = '<think>\nI should <read_file><path>a</path></read_file>\n</think>Answer';
    expect(final(s, o)).toEqual([reasoning('I should <read_file><path>a</path></read_file>'), text('Answer')]);
  });

  it('an unclosed think block is partial while streaming and complete when final', () => {
    expect(streaming('<think>hmm', o)).toEqual([reasoning('hmm', true)]);
    expect(final('<think>hmm', o)).toEqual([reasoning('hmm', false)]);
  });

  it('is text inside a parameter and ignored inside a tool', () => {
    expect(final('<read_file><path><think>x</think></path></read_file>', o)).toEqual([
      tool('read_file', { path: '<think>x</think>' }),
    ]);
  });

  it('the Cline protocol has no reasoning tags', () => {
    expect(final('<think>x</think>')).toEqual([text('<think>x</think>')]);
  });

  it('startInReasoning treats the text as if <think> opened before it', () => {
    expect(final('plan it</think>Done', { ...o, startInReasoning: true })).toEqual([
      reasoning('plan it'),
      text('Done'),
    ]);
    expect(streaming('plan', { ...o, startInReasoning: true })).toEqual([reasoning('plan', true)]);
  });

  it("startInReasoning opens the protocol's first reasoning tag, and <think> for a protocol without one", () => {
    const p = defineProtocol({ tools: {}, reasoningTags: ['thought', 'think'] });
    expect(final('plan</think> more</thought>Done', { protocol: p, startInReasoning: true })).toEqual([
      reasoning('plan</think> more'),
      text('Done'),
    ]);
    expect(final('plan</think>Done', { startInReasoning: true })).toEqual([reasoning('plan'), text('Done')]);
    expect(final('', { startInReasoning: true })).toEqual([reasoning('')]);
  });

  it('honours custom reasoning tags', () => {
    const p = defineProtocol({ tools: {}, reasoningTags: ['reasoning', 'thought'] });
    expect(final('<thought>a</thought><reasoning>b</reasoning>', { protocol: p })).toEqual([
      reasoning('a'),
      reasoning('b'),
    ]);
  });
});

describe('rule 7: partial flags', () => {
  it('the last text block is partial while streaming', () => {
    expect(streaming('Hello')).toEqual([text('Hello', true)]);
    expect(streaming('Hello <read_file><path>a</path></read_file> bye')).toEqual([
      text('Hello'),
      tool('read_file', { path: 'a' }),
      text('bye', true),
    ]);
  });
});

describe('rule 8: held-back suffix', () => {
  it('Hello <read_fi is held back while streaming and emitted when final', () => {
    expect(streaming('Hello <read_fi')).toEqual([text('Hello', true)]);
    expect(final('Hello <read_fi')).toEqual([text('Hello <read_fi')]);
    expect(streaming('Hello <')).toEqual([text('Hello', true)]);
    expect(streaming('Hello <xyz')).toEqual([text('Hello <xyz', true)]);
  });

  it('a parameter value never shows a prefix of its close tag', () => {
    for (const tail of ['<', '</', '</p', '</pa', '</pat', '</path']) {
      expect(streaming(`<read_file><path>src/a.ts${tail}`)).toEqual([tool('read_file', { path: 'src/a.ts' }, true)]);
    }
    expect(streaming('<read_file><path>a</x')).toEqual([tool('read_file', { path: 'a</x' }, true)]);
  });

  it('reasoning never shows a prefix of its close tag', () => {
    expect(streaming('<think>abc</thi', { protocol: clineThinkProtocol })).toEqual([reasoning('abc', true)]);
  });

  it('a raw value does not show a close tag that may yet be the real one', () => {
    const head = '<write_to_file><path>a</path><content>\nline\n';
    expect(streaming(`${head}</content>`)).toEqual([tool('write_to_file', { path: 'a', content: 'line' }, true)]);
    expect(streaming(`${head}</content>\n  </write_to`)).toEqual([
      tool('write_to_file', { path: 'a', content: 'line' }, true),
    ]);
    expect(streaming(`${head}</content> x`)).toEqual([
      tool('write_to_file', { path: 'a', content: 'line\n</content> x' }, true),
    ]);
  });
});

describe('rule 9: final', () => {
  it('a tool use whose close tag never came stays partial (cut off)', () => {
    const s = '<write_to_file><path>a</path><content>\nhalf a fi';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'a', content: 'half a fi' }, true)]);
  });

  it('a raw value whose close was never confirmed keeps everything', () => {
    const s = '<write_to_file><path>a</path><content>\nx\n</content>\n';
    expect(final(s)).toEqual([tool('write_to_file', { path: 'a', content: 'x\n</content>' }, true)]);
  });
});

describe('rule 10: prefix stability', () => {
  it('a complete block is the same object in every later answer, and blocks are only appended', () => {
    const parser = createStreamParser();
    const s = 'Intro <read_file><path>a</path></read_file> middle <list_files><path>.</path></list_files> end';
    let previous: AssistantMessageContent[] = [];
    for (const ch of s) {
      const blocks = parser.push(ch);
      expect(blocks.length).toBeGreaterThanOrEqual(previous.length);
      previous.forEach((block, i) => {
        if (!block.partial) expect(blocks[i]).toBe(block);
      });
      previous = blocks;
    }
  });
});

describe('rule 11: call_id', () => {
  it('is derived from idPrefix and the start offset, unique within a message', () => {
    const s = 'ab <read_file><path>a</path></read_file><read_file><path>b</path></read_file>';
    const blocks = final(s, { idPrefix: 'turn1' }).filter((b) => b.type === 'tool_use');
    expect(blocks.map((b) => (b as { call_id: string }).call_id)).toEqual(['turn1_3', 'turn1_40']);
    const other = final(s, { idPrefix: 'turn2' }).filter((b) => b.type === 'tool_use');
    expect((other[0] as { call_id: string }).call_id).toBe('turn2_3');
  });
});

describe('text of any kind', () => {
  it('keeps unicode and emoji intact, also when chunks split surrogate pairs', () => {
    const s = 'Grüße 👋🏽 <read_file><path>docs/日本語 🎉.md</path></read_file> ✓';
    const expected = [text('Grüße 👋🏽'), tool('read_file', { path: 'docs/日本語 🎉.md' }), text('✓')];
    expect(final(s)).toEqual(expected);
    const parser = createStreamParser();
    for (let i = 0; i < s.length; i++) parser.push(s[i]!); // code units: splits every pair
    expect(parser.end()).toEqual(expected);
  });

  it('reads NUL, lone surrogates and a flood of < as ordinary characters', () => {
    expect(final('\u0000<read_file>\u0000')).toEqual([text('\u0000'), tool('read_file', {}, true)]);
    expect(streaming('\u0000<read_file>\u0000')).toEqual([text('\u0000'), tool('read_file', {}, true)]);
    expect(final('\ud800<read_file><path>\udfff')).toEqual([
      text('\ud800'),
      tool('read_file', { path: '\udfff' }, true),
    ]);
    expect(streaming('\ud800<read_file><path>\udfff')).toEqual([
      text('\ud800'),
      tool('read_file', { path: '\udfff' }, true),
    ]);
    const opens = '<'.repeat(100_000);
    expect(final(opens)).toEqual([text(opens)]);
    expect(streaming(opens)).toEqual([text(opens.slice(1), true)]); // the last < may still open a tag
    const closes = '</'.repeat(50_000);
    expect(final(closes)).toEqual([text(closes)]);
    expect(streaming(closes)).toEqual([text(closes, true)]); // a close tag never opens a block in text
  });

  it('refuses pushes after end with a typed error', () => {
    const parser = createStreamParser();
    parser.end();
    expect(() => parser.push('x')).toThrow(expect.objectContaining({ code: 'parser-ended' }));
  });

  it('a second end() and a write() after end() are refused too, and the answer stays as it was', () => {
    const parser = createStreamParser();
    parser.push('Hi <read_file><path>a</path></read_file>');
    const ended = parser.end();
    expect(() => parser.end()).toThrow(
      expect.objectContaining({
        name: 'ParserError',
        code: 'parser-ended',
        message: expect.stringMatching(/end\(\) called twice/),
      }),
    );
    expect(() => parser.write('x')).toThrow(
      expect.objectContaining({ code: 'parser-ended', message: expect.stringMatching(/^write\(\) after end\(\)/) }),
    );
    expect(parser.blocks).toBe(ended);
    expect(ended).toEqual([text('Hi'), tool('read_file', { path: 'a' })]);
  });
});

describe('raw line breaks split across chunks', () => {
  it('a \\r\\n split between two pushes is still one line break', () => {
    const s = '<write_to_file><path>a</path><content>\r\nx\r\n</content></write_to_file>';
    const cut = s.indexOf('\n</content>');
    const parser = createStreamParser();
    parser.push(s.slice(0, cut));
    expect(parser.push(s.slice(cut))).toEqual([tool('write_to_file', { path: 'a', content: 'x' })]);
    const lead = s.indexOf('\nx');
    const p2 = createStreamParser();
    p2.push(s.slice(0, lead));
    expect(p2.push(s.slice(lead))).toEqual([tool('write_to_file', { path: 'a', content: 'x' })]);
  });
});

describe('bad input', () => {
  it('the stream form refuses a chunk that is not a string, with a typed error naming it', () => {
    const parser = createStreamParser();
    expect(() => parser.push(undefined as never)).toThrow(expect.objectContaining({ code: 'invalid-chunk' }));
    expect(() => parser.push(new Uint8Array(2) as never)).toThrow(/Uint8Array/);
    expect(parser.push('still fine')).toEqual([text('still fine', true)]);
  });

  it('the pure form refuses what is not text with a ParserError that says what it got', () => {
    expect(() => parseAssistantMessage(undefined as never)).toThrow(
      expect.objectContaining({ code: 'invalid-chunk', message: expect.stringContaining('got undefined') }),
    );
    expect(() => parseAssistantMessage(null as never, { final: true })).toThrow(/got null/);
    expect(parseAssistantMessage('', { final: true })).toEqual([]);
  });
});
