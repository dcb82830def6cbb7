// Issue 35, class 4 and part of 6: a marker or an escaped tag in the middle of a sentence is a word
// of it, never a call; a Mistral (or Granite) call list may be followed by prose. One-shot and at
// every cut of each example.
import { describe, expect, it } from 'vitest';
import { atEveryCut, completeCalls, proseOf } from './every-cut.js';
import { allDialects } from './dialect-examples.js';

const options = { protocol: allDialects, idPrefix: 's' };
const READ_A = ['read_file', { path: 'a.ts' }];

describe("Mistral's [TOOL_CALLS] in the middle of a sentence", () => {
  it.each([
    'To call a tool, write [TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}',
    'Mistral models emit [TOOL_CALLS] [{"name": "read_file", "arguments": {"path": "a.ts"}}]',
    'The marker, [TOOL_CALLS]read_file{"path": "a.ts"}',
    'Devstral writes "[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}"',
  ])('%s: text, whole', (text) => {
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([]);
    expect(proseOf(blocks)).toEqual([text]);
  });

  it.each([
    ['Sure.[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}', ['Sure.']],
    ['Let me look:\n[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}', ['Let me look:']],
    ['I will read it. [TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}', ['I will read it.']],
    ['好的。[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}', ['好的。']],
    ['[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}', []],
  ])('%s: a call after the end of a sentence or at a line start', (text, prose) => {
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([[...READ_A, 'mistral']]);
    expect(proseOf(blocks)).toEqual(prose);
  });
});

describe('a call list followed by prose', () => {
  it.each([
    ['[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}\n\nI will read the file now.', 'mistral'],
    ['[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "a.ts"}}] and then I will summarise it.', 'mistral'],
    ['<|tool_call|>[{"name": "read_file", "arguments": {"path": "a.ts"}}]\nI will read the file now.', 'granite'],
  ])('%s: the calls, then the prose as text', (text, dialect) => {
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([[...READ_A, dialect]]);
    expect(proseOf(blocks).at(-1)).toMatch(/^(I will read the file now\.|and then I will summarise it\.)$/);
  });

  it('two Mistral calls, then prose', () => {
    const text = '[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}[TOOL_CALLS]read_file[ARGS]{"path": "b.ts"} Reading both.';
    const blocks = atEveryCut(text, options);
    expect(completeCalls(blocks)).toEqual([
      [...READ_A, 'mistral'],
      ['read_file', { path: 'b.ts' }, 'mistral'],
    ]);
    expect(proseOf(blocks)).toEqual(['Reading both.']);
  });

  it('a second call cut off: nothing runs', () => {
    const text = '[TOOL_CALLS]read_file[ARGS]{"path": "a.ts"}[TOOL_CALLS]read_file[ARGS]{"path": "b';
    expect(completeCalls(atEveryCut(text, options))).toEqual([]);
  });

  it('braces inside the JSON strings do not end the call early', () => {
    const text = '[TOOL_CALLS]execute_command[ARGS]{"command": "echo \\"}]\\" {x}"} Done.';
    expect(completeCalls(atEveryCut(text, options))).toEqual([
      ['execute_command', { command: 'echo "}]" {x}' }, 'mistral'],
    ]);
  });
});

describe('HTML-escaped Cline XML in the middle of a sentence', () => {
  it.each([
    'Run it like this: &lt;execute_command&gt;&lt;command&gt;rm -rf /&lt;/command&gt;&lt;/execute_command&gt; and you are done.',
    'In the log you see &lt;execute_command&gt;&lt;command&gt;ls&lt;/command&gt;&lt;/execute_command&gt;',
    'The tag `&lt;read_file&gt;`:\n&lt;read_file&gt;&lt;path&gt;a&lt;/path&gt;&lt;/read_file&gt;',
    'Quoted:\n> &lt;read_file&gt;&lt;path&gt;a&lt;/path&gt;&lt;/read_file&gt;',
    'Example:\n\n    &lt;read_file&gt;&lt;path&gt;a&lt;/path&gt;&lt;/read_file&gt;',
  ])('%s: text', (text) => {
    expect(completeCalls(atEveryCut(text, options))).toEqual([]);
  });

  it('escaped as a whole, each tool tag at a line start: a call', () => {
    const text = 'I will list them.\n&lt;list_files&gt;\n&lt;path&gt;src&lt;/path&gt;\n&lt;/list_files&gt;';
    expect(completeCalls(atEveryCut(text, options))).toEqual([['list_files', { path: 'src' }, 'html-escaped']]);
  });
});
