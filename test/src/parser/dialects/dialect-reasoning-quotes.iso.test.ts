// Issue 35, class 2: a call quoted inside reasoning never runs beside the real one — when the reply
// begins inside reasoning the template opened (only `</think>` appears), and when `<think>` never
// closes (then only the calls that end the reasoning count, at a normal end). One-shot and at every cut.
import { describe, expect, it } from 'vitest';
import { createStreamParser, withDialects } from '../../../../src/parser/index.js';
import { atEveryCut, completeCalls, proseOf } from './every-cut.js';
import { allDialects } from './dialect-examples.js';

const options = { protocol: allDialects, idPrefix: 'q' };
const hermes = (path: string) => `<tool_call>\n{"name": "read_file", "arguments": {"path": "${path}"}}\n</tool_call>`;
const QUOTED = [
  hermes('quoted.ts'),
  '<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>quoted.ts</arg_value>\n</tool_call>',
  '<function=read_file>\n<parameter=path>\nquoted.ts\n</parameter>\n</function>',
  '<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "quoted.ts"}<|tool_call_end|><|tool_calls_section_end|>',
  '<function_calls>\n<invoke name="read_file">\n<parameter name="path">quoted.ts</parameter>\n</invoke>\n</function_calls>',
];

describe('a reply that begins inside reasoning the template opened', () => {
  it('[/THINK] makes the held calls reasoning too', () => {
    const text = `Maybe ${hermes('quoted.ts')} would do.[/THINK][TOOL_CALLS]read_file[ARGS]{"path": "real.ts"}`;
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([['read_file', { path: 'real.ts' }, 'mistral']]);
    expect((blocks[0] as { reasoning: string }).reasoning).toContain('quoted.ts');
  });

  it.each(QUOTED)('a call the reasoning quotes never runs; the real one after </think> does: %s', (quoted) => {
    const text = `The user wants a file. I could call ${quoted} but first let me think.\n</think>\n\n${hermes('real.ts')}`;
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([['read_file', { path: 'real.ts' }, 'hermes']]);
    expect(blocks[0]).toMatchObject({ type: 'reasoning', partial: false });
    expect((blocks[0] as { reasoning: string }).reasoning).toContain('quoted.ts');
  });

  it('while streaming, no snapshot holds the quoted call complete, nor shows its markup', () => {
    const text = `Maybe ${hermes('quoted.ts')} would do.\n</think>\n${hermes('real.ts')}`;
    const parser = createStreamParser(options);
    for (const ch of text) {
      const blocks = parser.push(ch);
      expect(completeCalls(blocks).filter(([, p]) => p.path === 'quoted.ts')).toEqual([]);
      expect(proseOf(blocks).join('')).not.toMatch(/<tool_call>|"arguments"/);
    }
    expect(completeCalls(parser.end({ finishReason: 'stop' }))).toEqual([['read_file', { path: 'real.ts' }, 'hermes']]);
  });

  it('a reply with no reasoning close: the held call runs at the end, in place, with its prose', () => {
    const text = `Let me look.\n${hermes('a.ts')}\nThen I will summarise.`;
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([['read_file', { path: 'a.ts' }, 'hermes']]);
    expect(proseOf(blocks)).toEqual(['Let me look.', 'Then I will summarise.']);
    expect(blocks[1]).toMatchObject({ call_id: `q_${text.indexOf('<tool_call>')}` });
  });

  it('while calls are held, the text block shows all the prose around them, and each text is its own at the end', () => {
    const text = `Intro words.\n${hermes('a.ts')}\n  middle part\n${hermes('b.ts')}\nmore text`;
    const parser = createStreamParser(options);
    let blocks = parser.push(text.slice(0, text.indexOf(hermes('b.ts'))));
    expect(blocks).toEqual([{ type: 'text', content: 'Intro words.\n\n  middle part', partial: true }]);
    blocks = parser.push(text.slice(text.indexOf(hermes('b.ts'))));
    expect(blocks).toEqual([{ type: 'text', content: 'Intro words.\n\n  middle part\n\nmore text', partial: true }]);
    const final = parser.end({ finishReason: 'stop' });
    expect(proseOf(final)).toEqual(['Intro words.', 'middle part', 'more text']);
    expect(completeCalls(final).map(([, p]) => p.path)).toEqual(['a.ts', 'b.ts']);
  });

  it('held calls that turn out to be reasoning come back as written: their prose in order, every space in place', () => {
    const a = hermes('a.ts');
    const b = hermes('b.ts');
    const reasoning = `Intro.\n${a}\n mid \n${b}\n\n${b}\t end`;
    const text = `\n ${reasoning} \n</think>\n${hermes('real.ts')}`;
    const blocks = atEveryCut(text, options);
    expect(blocks[0]).toEqual({ type: 'reasoning', reasoning, partial: false });
    expect(completeCalls(blocks).map(([, p]) => p.path)).toEqual(['real.ts']);
  });

  it('a block opening after a held call decides it: the call runs, before the block', () => {
    const text = `Reading.\n${hermes('a.ts')}\n<read_file><path>b.ts</path></read_file>`;
    expect(completeCalls(atEveryCut(text, options))).toEqual([
      ['read_file', { path: 'a.ts' }, 'hermes'],
      ['read_file', { path: 'b.ts' }, 'cline'],
    ]);
  });

  it('a held call counts as a call for the Markdown state: a backtick in its argument opens no code span', () => {
    const odd = '<tool_call>\n{"name": "execute_command", "arguments": {"command": "echo `"}}\n</tool_call>';
    const text = `Running.\n${odd}\n${hermes('b.ts')}`;
    const expected = [
      ['execute_command', { command: 'echo `' }, 'hermes'],
      ['read_file', { path: 'b.ts' }, 'hermes'],
    ];
    expect(completeCalls(atEveryCut(text, options))).toEqual(expected);
    // as when nothing is held (a block came before): the same calls
    expect(completeCalls(atEveryCut(`<think>ok</think>\n${text}`, options))).toEqual(expected);
  });

  it('with the reasoning dialect off nothing is held', () => {
    const noReasoning = withDialects(allDialects, ['hermes']);
    const parser = createStreamParser({ protocol: noReasoning });
    expect(completeCalls(parser.push(`Reading.\n${hermes('a.ts')}`))).toHaveLength(1);
  });
});

describe('a <think> that never closes', () => {
  it.each(QUOTED)('the call that ends the reasoning runs at a normal end: %s', (call) => {
    const text = `<think>I need the file, so I call it now.\n${call.replace('quoted.ts', 'real.ts')}\n`;
    const blocks = atEveryCut(text, { ...options, finishReason: 'stop' });
    expect(completeCalls(blocks).map(([n, p]) => [n, p])).toEqual([['read_file', { path: 'real.ts' }]]);
    expect(blocks[0]).toEqual({ type: 'reasoning', reasoning: 'I need the file, so I call it now.', partial: false });
  });

  it('a call it quotes with more reasoning after it never runs', () => {
    const text = `<think>One could write ${hermes('quoted.ts')} here, but I am not sure yet what to do`;
    expect(completeCalls(atEveryCut(text, { ...options, finishReason: 'stop' }))).toEqual([]);
  });

  it('a quoted call and then the real one ending the reasoning: only the real one runs', () => {
    const text = `<think>Like ${hermes('quoted.ts')} maybe. Yes, I will read it.\n${hermes('real.ts')}`;
    expect(completeCalls(atEveryCut(text, { ...options, finishReason: 'tool_calls' }))).toEqual([
      ['read_file', { path: 'real.ts' }, 'hermes'],
    ]);
  });

  it('cut off by length, or with no finish reason: nothing in the reasoning runs', () => {
    const text = `<think>I call it now.\n${hermes('real.ts')}`;
    for (const finishReason of ['length', undefined]) {
      expect(completeCalls(atEveryCut(text, { ...options, finishReason }))).toEqual([]);
    }
  });
});
