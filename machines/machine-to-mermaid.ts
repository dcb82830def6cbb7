// A Mermaid stateDiagram-v2 of a machine, read from its definition (state nodes and their
// transitions), so the diagram in the README can never drift from the code.
import type { AnyStateMachine } from 'xstate';

type StateNodeLike = AnyStateMachine['root'];

const ANY_STATE = 'any_state';

interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: readonly StateNodeLike[];
}

function nameOf(node: StateNodeLike): string {
  return node.path.length === 0 ? node.id : node.path.join('_');
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard !== null && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  if (typeof guard === 'function') return guard.name || 'guard';
  return '';
}

/** Event labels: `xstate.after.<delay>.<id>` as `after <delay>`, invoke results as `done: <id>` / `error: <id>`. */
function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]}: ${done[2]}`;
  return eventType;
}

function transitionLines(node: StateNodeLike, indent: string): string[] {
  const lines: string[] = [];
  const all: TransitionLike[] = [];
  for (const defs of node.transitions.values()) all.push(...(defs as TransitionLike[]));
  all.push(...((node.always ?? []) as TransitionLike[]));
  for (const t of all) {
    const guard = guardName(t.guard);
    const label = `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
    const targets = t.target && t.target.length > 0 ? t.target : [node];
    for (const target of targets) lines.push(`${indent}${nameOf(node)} --> ${nameOf(target)} : ${label}`);
  }
  return lines;
}

function nodeLines(node: StateNodeLike, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as StateNodeLike[];
  if (children.length > 0) {
    const initial = (node.config as { initial?: string }).initial;
    if (initial !== undefined) lines.push(`${indent}[*] --> ${nameOf(node.states[initial] as StateNodeLike)}`);
    for (const child of children) {
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${nameOf(child)} {`, ...nodeLines(child, indent + '  '), `${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${nameOf(child)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${nameOf(child)} --> [*]`);
    }
  }
  // Transitions of the children, drawn at this level (Mermaid accepts edges across nesting).
  for (const child of children) lines.push(...transitionLines(child, indent));
  return lines;
}

/** The machine as a Mermaid `stateDiagram-v2`: states nested as in the machine, transitions labelled `event [guard]`. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ['stateDiagram-v2', ...nodeLines(root, '  ')];
  // The root's own transitions (e.g. ABORT) leave any state: drawn from a pseudo state.
  const fromAnywhere = transitionLines(root, '  ');
  if (fromAnywhere.length > 0) {
    lines.push(`  state "(any state)" as ${ANY_STATE}`);
    for (const line of fromAnywhere) lines.push(line.replace(`${nameOf(root)} -->`, `${ANY_STATE} -->`));
  }
  return lines.join('\n');
}

/** Every state of the machine as a dotted path ("request.streaming"), for UIs that highlight the active one. */
export function machineStatePaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: StateNodeLike) => {
    for (const child of Object.values(node.states) as StateNodeLike[]) {
      out.push(child.path.join('.'));
      visit(child);
    }
  };
  visit(machine.root);
  return out;
}
