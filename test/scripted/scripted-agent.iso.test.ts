import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../scripted/scripted-model.js';
import { modelProfiles } from '../../src/profiles/profiles.js';
import { nativeTools, runLoop, runVirtualTool, type ToolHandler } from '../support/scripted-agent-loop.js';
import { post } from '../support/scripted-helpers.js';

const workspace = {
  'README.md': '# Hello Project\n\nA sample.\n',
  'package.json': '{"name":"sample"}',
  'src/a.ts': 'export const a = 1;\nexport const b = 2;\n',
  'src/b.ts': 'export {};\n',
};

const model = () => createScriptedModel({ pace: 0 });

describe('the scripted agent over the tag protocol', () => {
  it('lists, reads the README, writes the file it was asked for, and reports what the tools said', async () => {
    const run = await runLoop(
      model(),
      'scripted',
      'Look around and write out/summary.md with what you find.',
      workspace,
    );
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file', 'write_to_file', 'attempt_completion']);
    expect(run.tools[0].params).toEqual({ path: '.', recursive: 'false' });
    expect(run.tools[1].params.path).toBe('README.md');
    expect(run.tools[2].params.path).toBe('out/summary.md');
    expect(run.completion).toBe(
      'Listed 3 entries in \'.\'. README.md starts with the heading "Hello Project". Wrote out/summary.md.',
    );
  });

  it('writes content with `<` and a fake </content> line that the parser keeps whole', async () => {
    const run = await runLoop(model(), 'scripted', 'Create notes/n.md please', workspace);
    const written = run.files.get('notes/n.md')!;
    expect(written).toContain('a < b && b > c');
    expect(written).toContain('<div class="x">tags</div>');
    expect(written).toMatch(/\n<\/content>\nIt really ends here\.$/);
    expect(written).toContain('Facts: 3 entries listed; read README.md.');
  });

  it('reads the file the task names instead of the README', async () => {
    const run = await runLoop(model(), 'scripted', 'Please read src/a.ts and explain it.', workspace);
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file', 'attempt_completion']);
    expect(run.tools[1].params.path).toBe('src/a.ts');
    expect(run.completion).toContain('src/a.ts has 2 lines and begins "export const a = 1;"');
  });

  it('reacts to the listing: without a README it reads nothing', async () => {
    const run = await runLoop(model(), 'scripted', 'What is here?', { 'x.txt': '1', 'y.txt': '2' });
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'attempt_completion']);
    expect(run.completion).toBe("Listed 2 entries in '.'.");
  });

  it('handles an error result by moving on', async () => {
    const run = await runLoop(model(), 'scripted', 'Read missing.ts', workspace);
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file', 'attempt_completion']);
    // The summary quotes the tool's own message, not the wrapper's opening line.
    expect(run.completion).toMatch(/Could not read missing\.ts: \S/);
    expect(run.completion).not.toContain('The tool execution failed');
  });

  it('quotes the message of each failed tool in its closing summary', async () => {
    const failing =
      (name: string, message: string): ToolHandler =>
      (toolUse, files) =>
        toolUse.name === name ? { content: message, isError: true } : runVirtualTool(toolUse, files);
    const listing = await runLoop(model(), 'scripted', 'What is here?', workspace, {
      handler: failing('list_files', "EACCES: permission denied, scandir '.'"),
    });
    expect(listing.completion).toContain("Could not list '.': EACCES: permission denied, scandir '.'");
    const write = await runLoop(model(), 'scripted', 'Write notes.md', workspace, {
      handler: failing('write_to_file', 'disk full\nsecond line'),
    });
    expect(write.completion).toContain('Writing notes.md failed: disk full');
  });

  it('stops and reports when the user rejects a tool use, quoting the feedback', async () => {
    const run = await runLoop(model(), 'scripted', 'Read README.md', workspace, {
      handler: (toolUse, files) =>
        toolUse.name === 'read_file'
          ? {
              content:
                "The user rejected this tool use; it did not run. The user's feedback:\n<feedback>\nnot that file\n</feedback>",
            }
          : runVirtualTool(toolUse, files),
    });
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file', 'attempt_completion']);
    expect(run.completion).toContain('Stopped because the user rejected read_file (feedback: "not that file")');
  });

  it('answers a "you used no tool" nudge with an apology and a tool use', async () => {
    const response = await post(model(), {
      model: 'scripted',
      messages: [
        { role: 'user', content: 'What is here?' },
        { role: 'assistant', content: 'Let me think.' },
        { role: 'user', content: '[ERROR] Your reply used no tool.\nEvery reply must use a tool.' },
      ],
    });
    const content = ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0].message
      .content;
    expect(content).toMatch(/^Sorry, my last reply used no tool\./);
    expect(content).toContain('<list_files>');
  });

  for (const id of Object.keys(modelProfiles)) {
    it(`finishes a whole turn with profile ${id}`, async () => {
      const run = await runLoop(
        model(),
        id === 'scripted' ? 'scripted' : `scripted:${id}`,
        'Read README.md',
        workspace,
      );
      expect(run.completion).toContain('README.md starts with the heading "Hello Project"');
    });
  }
});

describe('the scripted agent with native tools', () => {
  it('uses tool_calls typed by the tools schema and reads role:tool results', async () => {
    const run = await runLoop(model(), 'qwen3.6-plus', 'Look around and write out/s.md', workspace, { native: true });
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file', 'write_to_file', 'attempt_completion']);
    expect(run.tools.every((t) => t.isNativeToolCall && t.call_id.startsWith('call_'))).toBe(true);
    expect(new Set(run.tools.map((t) => t.call_id)).size).toBe(4);
    expect(run.tools[0].params).toEqual({ path: '.', recursive: 'false' }); // a JSON boolean, re-encoded by the loop
    expect(run.files.get('out/s.md')).toContain('</content>');
    expect(run.completion).toBe(
      'Listed 3 entries in \'.\'. README.md starts with the heading "Hello Project". Wrote out/s.md.',
    );
  });

  it('sends a boolean where the schema says boolean, and finish_reason tool_calls', async () => {
    const response = await post(model(), {
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'hi' }],
      tools: nativeTools,
    });
    const choice = (
      (await response.json()) as {
        choices: Array<{
          message: { content: string | null; tool_calls: Array<{ function: { arguments: string } }> };
          finish_reason: string;
        }>;
      }
    ).choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(JSON.parse(choice.message.tool_calls[0].function.arguments)).toEqual({ path: '.', recursive: false });
  });

  it('without a completion tool it ends with a plain answer', async () => {
    const run = await runLoop(model(), 'scripted', 'What is here?', workspace, {
      native: true,
      tools: nativeTools.slice(0, 2),
    });
    expect(run.tools.map((t) => t.name)).toEqual(['list_files', 'read_file']);
    expect(run.finalText).toContain('README.md starts with the heading "Hello Project"');
  });
});
