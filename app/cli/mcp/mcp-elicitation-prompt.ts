// A server's question at the terminal (MCP elicitation): a card saying which server and tool ask
// and what, then "fill in / decline / cancel", then one line per field of the form — choices by
// number or name, yes/no, numbers — each read again until it fits (a required field is not
// skipped). An abort while it waits cancels. The server's text is shown with hidden characters
// revealed, like every card.
import type { Writable } from 'node:stream';
import {
  elicitationFields,
  elicitationValue,
  type McpElicitationAnswer,
  type McpElicitationContent,
  type McpElicitationField,
  type McpElicitationRequest,
} from 'agent-turn/mcp';
import { printable, printableLine, type Style } from '../display/ansi-style.js';
import type { TerminalPrompter } from '../approval/terminal-prompter.js';

/** The three first answers. */
export const ELICITATION_CHOICES = ['fill in the form', 'decline', 'cancel'] as const;

/** The card above the question: who asks, what, and why the last answer was not sent. */
export function elicitationCard(request: McpElicitationRequest, style: Style): string[] {
  const who = `MCP server ${printableLine(request.server)}${request.tool ? ` (tool ${printableLine(request.tool)})` : ''}`;
  return [
    style.bold(`? ${who} asks for input`),
    ...printable(request.message)
      .split('\n')
      .map((line) => `  ${line}`),
    ...(request.problem ? [`  ${style.yellow(`not sent: ${printableLine(request.problem)}; answer again`)}`] : []),
  ];
}

/** The question of one field: its label, what it takes, and whether Enter skips it. */
function fieldQuestion(field: McpElicitationField): string {
  const takes =
    field.kind === 'boolean'
      ? 'yes/no'
      : field.kind === 'number' || field.kind === 'integer'
        ? field.kind === 'integer'
          ? 'a whole number'
          : 'a number'
        : field.kind === 'choices'
          ? 'numbers or names, separated by commas'
          : field.kind === 'choice'
            ? 'a number or a name'
            : (field.format ?? 'text');
  const extra = [
    takes,
    ...(field.defaultValue !== undefined ? [`Enter for ${JSON.stringify(field.defaultValue)}`] : []),
    ...(!field.required && field.defaultValue === undefined ? ['Enter to skip'] : []),
  ];
  const description = field.description ? ` — ${printableLine(field.description)}` : '';
  return `${printableLine(field.label)}${field.required ? ' *' : ''}${description} (${extra.join(', ')})`;
}

/** Reads one field until it fits; undefined: skipped; null: the question was abandoned (abort). */
async function readField(
  prompter: Pick<TerminalPrompter, 'ask'>,
  output: Writable,
  style: Style,
  field: McpElicitationField,
  signal: AbortSignal,
): Promise<McpElicitationContent[string] | undefined | null> {
  const choices = (field.choices ?? []).map((c) => printableLine(c.label));
  for (;;) {
    const text = await prompter.ask(fieldQuestion(field), choices, signal);
    if (signal.aborted) return null;
    const read = elicitationValue(field, text);
    if (!read.ok) {
      output.write(`  ${style.yellow(printableLine(read.problem))}\n`);
      continue;
    }
    const value = read.value ?? field.defaultValue;
    if (value === undefined && field.required) {
      output.write(`  ${style.yellow(`${printableLine(field.label)} is required`)}\n`);
      continue;
    }
    return value;
  }
}

/**
 * Puts a server's question to the person at the terminal: the card, the choice to fill in the
 * form, decline or cancel, then the form's fields one by one. The answer is checked again against
 * the schema by the MCP client before it is sent (asked again with the problem when it does not fit).
 */
export async function askElicitationAtTerminal(
  prompter: Pick<TerminalPrompter, 'ask'>,
  output: Writable,
  style: Style,
  request: McpElicitationRequest,
  signal: AbortSignal,
): Promise<McpElicitationAnswer> {
  output.write(`${elicitationCard(request, style).join('\n')}\n`);
  const first = (await prompter.ask('Answer it?', [...ELICITATION_CHOICES], signal)).trim().toLowerCase();
  if (signal.aborted || first === 'cancel' || first === 'c') return { action: 'cancel' };
  if (first === 'decline' || first === 'd') return { action: 'decline' };
  const content: McpElicitationContent = {};
  for (const field of elicitationFields(request.requestedSchema)) {
    const value = await readField(prompter, output, style, field, signal);
    if (value === null) return { action: 'cancel' };
    if (value !== undefined) content[field.name] = value;
  }
  return { action: 'accept', content };
}
