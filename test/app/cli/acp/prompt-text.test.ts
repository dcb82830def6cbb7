// An ACP prompt's content blocks as the turn's task: text, an attached file, a link; what is not
// offered (images, audio) refused with the block's place.
import { describe, expect, it } from 'vitest';
import { promptText } from '../../../../app/cli/acp/prompt-text.js';

describe('promptText', () => {
  it('joins text, an attached file with its path, and a link as its path', () => {
    expect(
      promptText([
        { type: 'text', text: 'Fix the greeting in' },
        { type: 'resource', resource: { uri: 'file:///w/src/greet%20me.ts', text: 'export const hi = 1;' } },
        { type: 'resource_link', uri: 'file:///w/README.md', name: 'README.md' },
      ]),
    ).toEqual({
      ok: true,
      task: 'Fix the greeting in\n\n<attached_file path="/w/src/greet me.ts">\nexport const hi = 1;\n</attached_file>\n\n(The user points at /w/README.md.)',
    });
  });

  it('refuses an image with its place, and a prompt with no text', () => {
    expect(
      promptText([
        { type: 'text', text: 'look' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ]),
    ).toEqual({
      ok: false,
      message: 'prompt[1]: image content is not supported (agent-turn reads text, and files as text).',
    });
    expect(promptText([{ type: 'text', text: '  ' }])).toEqual({ ok: false, message: 'the prompt has no text.' });
  });
});
