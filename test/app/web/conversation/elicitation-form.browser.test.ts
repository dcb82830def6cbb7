// An MCP server's question as the page's form, in Chromium: the fields come from the requested
// schema (text by format, numbers, yes/no, a choice, several), Send answers with the typed values
// (checked against the schema first), Decline and Cancel answer so, and an abort cancels.
import type { McpElicitationAnswer, McpElicitationRequest } from 'agent-turn/mcp';
import { beforeEach, describe, expect, it } from 'vitest';
import { askInPage, elicitationCard } from '../../../../app/web/conversation/elicitation-form.js';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 1, description: 'As on your badge' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number', default: 0.5 },
    agree: { type: 'boolean', title: 'Agree' },
    colour: { type: 'string', enum: ['red', 'green', 'blue'], enumNames: ['Red', 'Green', 'Blue'] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
  },
  required: ['name', 'agree'],
};
const REQUEST: McpElicitationRequest = {
  server: 'deploy',
  tool: 'ship',
  message: 'Who ships this?\u200b',
  requestedSchema: SCHEMA,
};

let container: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '';
  container = document.createElement('div');
  document.body.append(container);
});

/** A card in the page and the answers it gave. */
function card(request: McpElicitationRequest = REQUEST) {
  const answers: McpElicitationAnswer[] = [];
  const made = elicitationCard(request, (a) => answers.push(a));
  container.append(made.element);
  const field = <T extends HTMLElement>(name: string, selector = 'input, select, div') =>
    made.element.querySelector<T>(`[data-field=${name}] :is(${selector})`)!;
  const button = (id: string) => made.element.querySelector<HTMLButtonElement>(`[data-testid=${id}]`)!;
  return { ...made, answers, field, button };
}

describe('the elicitation form', () => {
  it('shows who asks and what (hidden characters shown), and a control per field of the schema', () => {
    const c = card();
    expect(c.element.getAttribute('aria-label')).toBe('MCP server deploy (tool ship) asks for input');
    expect(c.element.querySelector('[data-testid=elicit-message]')?.textContent).toContain('⟨U+200B');
    const fields = [...c.element.querySelectorAll<HTMLElement>('.elicit-field')].map((f) => f.dataset.field);
    expect(fields).toEqual(['name', 'email', 'age', 'ratio', 'agree', 'colour', 'tags']);
    expect(c.field<HTMLInputElement>('name', 'input').type).toBe('text');
    expect(c.field<HTMLInputElement>('name', 'input').required).toBe(true);
    expect(c.element.querySelector('[data-field=name] label')?.textContent).toBe('Your name *');
    expect(c.element.querySelector('[data-field=name]')?.textContent).toContain('As on your badge');
    expect(c.field<HTMLInputElement>('email', 'input').type).toBe('email');
    const age = c.field<HTMLInputElement>('age', 'input');
    expect([age.type, age.step, age.min, age.max]).toEqual(['number', '1', '0', '150']);
    expect(c.field<HTMLInputElement>('ratio', 'input').value).toBe('0.5');
    expect(c.field<HTMLInputElement>('agree', 'input').type).toBe('checkbox');
    const colour = c.field<HTMLSelectElement>('colour', 'select');
    expect([...colour.options].map((o) => o.label)).toEqual(['—', 'Red', 'Green', 'Blue']);
    expect(c.element.querySelectorAll('[data-field=tags] input[type=checkbox]').length).toBe(3);
    // Each control is named by its label.
    expect(c.element.querySelector<HTMLLabelElement>('[data-field=age] label')?.control).toBe(age);
  });

  it('Send answers with the values typed, typed as the schema says; empty optional fields are left out', () => {
    const c = card();
    c.field<HTMLInputElement>('name', 'input').value = 'Ada';
    c.field<HTMLInputElement>('age', 'input').value = '36';
    c.field<HTMLInputElement>('agree', 'input').checked = true;
    c.field<HTMLSelectElement>('colour', 'select').value = 'green';
    c.element.querySelector<HTMLInputElement>('[data-field=tags] input[value=c]')!.checked = true;
    c.button('elicit-accept').click();
    expect(c.answers).toEqual([
      { action: 'accept', content: { name: 'Ada', age: 36, ratio: 0.5, agree: true, colour: 'green', tags: ['c'] } },
    ]);
    expect(c.button('elicit-accept').disabled).toBe(true);
    expect(c.element.querySelector('[data-testid=elicit-note]')?.textContent).toBe('Sent.');
  });

  it('an answer that does not fit the schema is not sent: the problem is shown and the form stays open', () => {
    const c = card();
    c.field<HTMLInputElement>('name', 'input').value = 'Ada';
    c.field<HTMLInputElement>('age', 'input').value = '200';
    // Past the browser's own checks (as a script or an old browser would), the schema's check holds.
    c.element.noValidate = true;
    c.button('elicit-accept').click();
    expect(c.answers).toEqual([]);
    const problem = c.element.querySelector<HTMLElement>('[data-testid=elicit-problem]')!;
    expect(problem.hidden).toBe(false);
    expect(problem.textContent).toContain('age');
    c.field<HTMLInputElement>('age', 'input').value = '40';
    c.button('elicit-accept').click();
    expect(c.answers).toEqual([{ action: 'accept', content: { name: 'Ada', age: 40, ratio: 0.5, agree: false } }]);
  });

  it('Decline and Cancel answer so, once', () => {
    const declined = card();
    declined.button('elicit-decline').click();
    declined.button('elicit-cancel').click();
    expect(declined.answers).toEqual([{ action: 'decline' }]);
    const cancelled = card();
    cancelled.button('elicit-cancel').click();
    expect(cancelled.answers).toEqual([{ action: 'cancel' }]);
    expect(cancelled.element.dataset.answered).toBe('Cancelled.');
  });

  it('a request asked again says why the last answer was not sent', () => {
    const c = card({ ...REQUEST, problem: 'name: must have at least 1 character' });
    const problem = c.element.querySelector<HTMLElement>('[data-testid=elicit-problem]')!;
    expect(problem.hidden).toBe(false);
    expect(problem.textContent).toBe('Not sent: name: must have at least 1 character. Answer again.');
  });
});

describe('askInPage', () => {
  it('puts the card in the container, focuses its first field, and resolves with the answer', async () => {
    const ask = askInPage(() => container);
    const answer = ask(REQUEST, { signal: new AbortController().signal });
    const form = container.querySelector<HTMLFormElement>('[data-testid=elicit-form]')!;
    expect(document.activeElement).toBe(form.querySelector('[data-field=name] input'));
    form.querySelector<HTMLButtonElement>('[data-testid=elicit-decline]')!.click();
    expect(await answer).toEqual({ action: 'decline' });
  });

  it('an abort (the turn stopped) cancels, and the card says so with its controls off', async () => {
    const ask = askInPage(() => container);
    const stop = new AbortController();
    const answer = ask(REQUEST, { signal: stop.signal });
    stop.abort();
    expect(await answer).toEqual({ action: 'cancel' });
    const form = container.querySelector<HTMLFormElement>('[data-testid=elicit-form]')!;
    expect(form.querySelector<HTMLButtonElement>('[data-testid=elicit-accept]')!.disabled).toBe(true);
    expect(form.dataset.answered).toBe('Cancelled: the call was stopped.');
  });

  it('already aborted: cancelled without a card', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(await askInPage(() => container)(REQUEST, { signal: stop.signal })).toEqual({ action: 'cancel' });
    expect(container.childElementCount).toBe(0);
  });
});
