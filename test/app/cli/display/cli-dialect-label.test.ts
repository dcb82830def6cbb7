// A call recovered from another dialect (the model wrote Hermes, GLM, … instead of Cline's XML)
// says so in the CLI: beside the tool's name on its card, and first on its approval card. A call
// in Cline's XML gets no label.
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../../../app/cli/display/ansi-style.js';
import { approvalCard } from '../../../../app/cli/approval/approval-card.js';
import { formatToolHeader } from '../../../../app/cli/display/tool-card-format.js';
import { fullHelpText } from '../../../../app/cli/options/help-output.js';
import { scriptedDialects } from '../../../../scripted/index.js';

const plain = createStyle(false);

describe('the dialect of a recovered call in the CLI', () => {
  it('the tool card names it beside the tool, and the headline still fits the width', () => {
    const block = { name: 'read_file', params: { path: 'src/a.ts' }, status: 'done' as const, dialect: 'hermes' };
    expect(formatToolHeader(block, plain, 80)).toEqual(['⏺ read_file [hermes] src/a.ts']);
    const long = { ...block, params: { path: 'x'.repeat(200) } };
    const [line] = formatToolHeader(long, plain, 40);
    expect(line.startsWith('⏺ read_file [hermes] xxx')).toBe(true);
    expect(line.length).toBeLessThanOrEqual(40);
  });

  it('Cline XML gets no label', () => {
    const block = { name: 'read_file', params: { path: 'src/a.ts' }, status: 'done' as const };
    expect(formatToolHeader(block, plain, 80)).toEqual(['⏺ read_file src/a.ts']);
  });

  it('the approval card says first how the call was read, for every kind of card', () => {
    const command = approvalCard(
      { name: 'execute_command', params: { command: 'ls' }, dialect: 'glm' },
      undefined,
      plain,
    );
    expect(command.lines).toEqual([
      "  ↳ recovered from the model's glm tool-call format (it did not write Cline's XML)",
      '  │ ls',
    ]);
    expect(command.question).toBe('Run this command?');
    const other = approvalCard(
      { name: 'use_mcp_tool', params: { server_name: 's' }, dialect: 'kimi' },
      undefined,
      plain,
    );
    expect(other.lines[0]).toContain('kimi tool-call format');
    const plainCommand = approvalCard({ name: 'execute_command', params: { command: 'ls' } }, undefined, plain);
    expect(plainCommand.lines).toEqual(['  │ ls']);
  });

  it('--help names the flag and lists every dialect the scripted model writes', () => {
    const help = fullHelpText();
    expect(help).toContain('--scripted-dialect NAME');
    const list = help.slice(help.indexOf('Scripted dialects (--scripted-dialect):'));
    for (const dialect of scriptedDialects) expect(list).toContain(dialect);
  });
});
