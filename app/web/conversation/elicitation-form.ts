// An MCP server's question in the page (elicitation, form mode), as the CLI's card asks it: which
// server and tool ask and what (hidden characters shown), then a form made from the requested
// schema — text (by its format), numbers, yes/no, one choice or several — sent with Send (checked
// against the schema first, as the binding checks it again), Decline or Cancel. The turn's abort
// cancels it. The fields and the check are the binding's (elicitationFields, elicitationProblem).
import {
  elicitationFields,
  elicitationProblem,
  type McpElicitationAnswer,
  type McpElicitationContent,
  type McpElicitationField,
  type McpElicitationHandler,
  type McpElicitationRequest,
} from 'agent-turn/mcp';
import { h, setText } from '../dom.js';
import { setRevealed } from './revealed-text.js';

/** An `<input type>` for a string's format. */
const INPUT_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** One field's control, and how its value is read back (undefined: left empty). */
interface FieldControl {
  element: HTMLElement;
  read(): McpElicitationContent[string] | undefined;
}

function numberControl(field: McpElicitationField, id: string): FieldControl {
  const { minimum, maximum } = field.schema;
  const input = h('input', {
    id,
    name: field.name,
    type: 'number',
    step: field.kind === 'integer' ? 1 : 'any',
    min: typeof minimum === 'number' ? minimum : undefined,
    max: typeof maximum === 'number' ? maximum : undefined,
    required: field.required,
    value: typeof field.defaultValue === 'number' ? field.defaultValue : undefined,
  });
  return { element: input, read: () => (input.value.trim() === '' ? undefined : Number(input.value)) };
}

function choiceControl(field: McpElicitationField, id: string): FieldControl {
  const select = h('select', { id, name: field.name, required: field.required });
  if (!field.required || field.defaultValue === undefined) select.add(new Option('—', ''));
  for (const choice of field.choices ?? []) select.add(new Option(choice.label, choice.value));
  if (typeof field.defaultValue === 'string') select.value = field.defaultValue;
  return { element: select, read: () => (select.value === '' ? undefined : select.value) };
}

function choicesControl(field: McpElicitationField, id: string): FieldControl {
  const picked = Array.isArray(field.defaultValue) ? field.defaultValue : [];
  const boxes = (field.choices ?? []).map((choice) =>
    h('input', { type: 'checkbox', name: field.name, value: choice.value, checked: picked.includes(choice.value) }),
  );
  const element = h(
    'div',
    { id, class: 'elicit-choices', role: 'group' },
    ...boxes.map((box, i) => h('label', { class: 'check' }, box, ` ${field.choices?.[i]?.label ?? box.value}`)),
  );
  // None picked: left out when the field may be, else an empty list (the schema says whether it fits).
  const read = () => {
    const values = boxes.filter((b) => b.checked).map((b) => b.value);
    return values.length === 0 && !field.required ? undefined : values;
  };
  return { element, read };
}

function textControl(field: McpElicitationField, id: string): FieldControl {
  const { minLength, maxLength } = field.schema;
  const input = h('input', {
    id,
    name: field.name,
    type: INPUT_TYPES[field.format ?? ''] ?? 'text',
    required: field.required,
    minlength: typeof minLength === 'number' ? minLength : undefined,
    maxlength: typeof maxLength === 'number' ? maxLength : undefined,
    value: typeof field.defaultValue === 'string' ? field.defaultValue : undefined,
  });
  // A date-time control gives no seconds or zone; the schema's date-time is sent as typed plus them.
  const read = () => {
    if (input.value === '') return undefined;
    return field.format === 'date-time' ? new Date(input.value).toISOString() : input.value;
  };
  return { element: input, read };
}

/** The control for one field of the form. */
export function fieldControl(field: McpElicitationField, id: string): FieldControl {
  switch (field.kind) {
    case 'boolean': {
      const box = h('input', { id, name: field.name, type: 'checkbox', checked: field.defaultValue === true });
      return { element: box, read: () => box.checked };
    }
    case 'number':
    case 'integer':
      return numberControl(field, id);
    case 'choice':
      return choiceControl(field, id);
    case 'choices':
      return choicesControl(field, id);
    default:
      return textControl(field, id);
  }
}

let forms = 0;

/** The form's rows: a label (with the description) and the control per field. */
function formRows(fields: McpElicitationField[], prefix: string) {
  const controls = new Map<string, FieldControl>();
  const rows = fields.map((field, i) => {
    const id = `${prefix}-${i}`;
    const control = fieldControl(field, id);
    controls.set(field.name, control);
    const label = h('label', { for: id }, `${field.label}${field.required ? ' *' : ''}`);
    const about = field.description ? h('span', { class: 'elicit-about' }, field.description) : '';
    return h(
      'div',
      { class: `elicit-field kind-${field.kind}`, 'data-field': field.name },
      label,
      about,
      control.element,
    );
  });
  return { rows, controls };
}

/**
 * The card for one request; `answer` is called once, with what the person chose. Returns the
 * card and `close` (the request was abandoned: the card says so and its controls are off).
 */
export function elicitationCard(
  request: McpElicitationRequest,
  answer: (choice: McpElicitationAnswer) => void,
): { element: HTMLFormElement; close(note: string): void } {
  const prefix = `elicit-${++forms}`;
  const who = `MCP server ${request.server}${request.tool ? ` (tool ${request.tool})` : ''} asks for input`;
  const message = h('p', { class: 'elicit-message', 'data-testid': 'elicit-message' });
  setRevealed(message, request.message);
  const problem = h('p', { class: 'elicit-problem', 'data-testid': 'elicit-problem', role: 'alert' });
  problem.hidden = request.problem === undefined;
  setRevealed(problem, request.problem === undefined ? '' : `Not sent: ${request.problem}. Answer again.`);
  const fields = elicitationFields(request.requestedSchema);
  const { rows, controls } = formRows(fields, prefix);
  const send = h('button', { type: 'submit', class: 'primary small', 'data-testid': 'elicit-accept' }, 'Send');
  const decline = h('button', { type: 'button', class: 'small', 'data-testid': 'elicit-decline' }, 'Decline');
  const cancel = h('button', { type: 'button', class: 'small', 'data-testid': 'elicit-cancel' }, 'Cancel');
  const form = h(
    'form',
    { class: 'block elicit-card', 'data-testid': 'elicit-form', 'aria-label': who },
    h('div', { class: 'tool-head' }, h('span', { class: 'tool-name' }, who)),
    message,
    problem,
    ...rows,
    h('div', { class: 'approval elicit-actions' }, cancel, decline, send),
  );
  let done = false;
  const close = (note: string) => {
    done = true;
    for (const control of form.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLSelectElement>(
      'input, select, button',
    ))
      control.disabled = true;
    form.dataset.answered = note;
    form.append(h('p', { class: 'elicit-note', 'data-testid': 'elicit-note' }, note));
  };
  const finish = (choice: McpElicitationAnswer, note: string) => {
    if (done) return;
    close(note);
    answer(choice);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const content: McpElicitationContent = {};
    for (const [name, control] of controls) {
      const value = control.read();
      if (value !== undefined) content[name] = value;
    }
    const wrong = elicitationProblem(content, request.requestedSchema);
    if (wrong !== undefined) {
      problem.hidden = false;
      setText(problem, `Not sent: ${wrong}.`);
      return;
    }
    finish({ action: 'accept', content }, 'Sent.');
  });
  decline.addEventListener('click', () => finish({ action: 'decline' }, 'Declined.'));
  cancel.addEventListener('click', () => finish({ action: 'cancel' }, 'Cancelled.'));
  return { element: form, close };
}

/**
 * The page's elicitation handler: each request is a card appended to `container`, its first field
 * focused; the answer is the person's, and an abort (the turn stopped) cancels it.
 */
export function askInPage(container: () => HTMLElement): McpElicitationHandler {
  return (request, { signal }) =>
    new Promise<McpElicitationAnswer>((resolve) => {
      if (signal.aborted) {
        resolve({ action: 'cancel' });
        return;
      }
      const card = elicitationCard(request, (choice) => {
        signal.removeEventListener('abort', onAbort);
        resolve(choice);
      });
      const onAbort = () => {
        card.close('Cancelled: the call was stopped.');
        resolve({ action: 'cancel' });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      container().append(card.element);
      card.element.scrollIntoView({ block: 'nearest' });
      card.element.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
    });
}
