// Ctrl-C while the model is writing a tool's close tag: the cut-off card a person sees (an
// xterm.js emulator) never shows the start of that tag (`</r`, `</wr`). The views are what the
// parser gives for such replies (parseAssistantMessage('<read_file><path>a.ts</r') keeps
// `a.ts</r` as the path while it cannot yet tell the tag from the value).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutPartialCloseTag } from '../../../../app/cli/display/tool-card-format.js';
import { createTerminalRenderer } from '../../../../app/cli/display/terminal-renderer.js';
import { parseAssistantMessage } from '../../../../src/index.js';
import type { BlockView } from '../../../../machines/view/turn-view-types.js';
import { oneRequestView } from '../../../support/one-request-view.js';
import { xtermScreen } from '../../../support/xterm-screen.js';

const streamingTool = (reply: string): BlockView => {
  const [block] = parseAssistantMessage(reply);
  if (block?.type !== 'tool_use') throw new Error('expected a tool use');
  return {
    key: 'u1',
    request: 1,
    type: 'tool_use',
    name: block.name,
    params: block.params as Record<string, string>,
    call_id: 'u1',
    isNativeToolCall: false,
    isCompletion: false,
    status: 'streaming',
  } as BlockView;
};

const view = (block: BlockView) => oneRequestView(block, 'streaming');

async function cutOff(reply: string): Promise<string[]> {
  const screen = xtermScreen(80, 30);
  const r = createTerminalRenderer({ out: screen.out, live: true });
  r.update(view(streamingTool(reply)));
  r.finish(undefined, 'aborted');
  return screen.lines();
}

describe('a tool card cut off inside its close tag', () => {
  it('shows the path without the start of </read_file>', async () => {
    const rows = await cutOff('<read_file><path>a.ts</r');
    expect(rows).toContain('⏺ read_file a.ts');
    expect(rows).toContain('  ⎿ cut off');
    expect(rows.join('\n')).not.toContain('</');
  });

  it('shows a file content without the start of </write_to_file>', async () => {
    const rows = await cutOff('<write_to_file><path>a.txt</path><content>line one\nline two\n</wr');
    expect(rows.join('\n')).toContain('line two');
    expect(rows.join('\n')).not.toContain('</');
  });

  it('keeps tags that are the value, and never removes more than a tag start', () => {
    expect(withoutPartialCloseTag('<div>', 'content', 'write_to_file')).toBe('<div>');
    expect(withoutPartialCloseTag('a < b', 'content', 'write_to_file')).toBe('a < b');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 15 }), (value, n) => {
        const tail = '</write_to_file>'.slice(0, n);
        const out = withoutPartialCloseTag(value + tail, 'content', 'write_to_file');
        // The tag's start is gone; what remains is the value's own start.
        // At most the line feed before the tag goes with it.
        return value.startsWith(out) && out.length >= value.length - 1;
      }),
    );
  });
});
