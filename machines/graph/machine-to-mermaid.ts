// A Mermaid stateDiagram-v2 of a machine, drawn from its graph (machine-graph.ts), so the diagram
// in the README can never drift from the code.
import type { AnyStateMachine } from 'xstate';
import { readMachineGraph, type MachineGraph, type MachineGraphNode, type StateNodeLike } from './machine-graph.js';

const ANY_STATE = 'any_state';

function graphOf(machine: AnyStateMachine): MachineGraph {
  return readMachineGraph(machine.root as unknown as StateNodeLike);
}

function nameOf(graph: MachineGraph, path: string): string {
  return path === '' ? graph.rootId : path.replaceAll('.', '_');
}

function transitionLines(graph: MachineGraph, node: MachineGraphNode, indent: string): string[] {
  const lines: string[] = [];
  for (const t of node.transitions) {
    const label = `${t.event}${t.guard ? ` [${t.guard}]` : ''}`;
    const targets = t.targets.length > 0 ? t.targets : [node.path];
    for (const target of targets)
      lines.push(`${indent}${nameOf(graph, node.path)} --> ${nameOf(graph, target)} : ${label}`);
  }
  return lines;
}

function nodeLines(graph: MachineGraph, node: MachineGraphNode, indent: string): string[] {
  const lines: string[] = [];
  const children = node.children.map((path) => graph.nodes.get(path)!);
  if (children.length > 0) {
    if (node.initial !== undefined) lines.push(`${indent}[*] --> ${nameOf(graph, node.initial)}`);
    for (const child of children) {
      const name = nameOf(graph, child.path);
      if (child.children.length > 0)
        lines.push(`${indent}state ${name} {`, ...nodeLines(graph, child, indent + '  '), `${indent}}`);
      else lines.push(`${indent}state "${child.key}" as ${name}`);
      if (child.kind === 'final') lines.push(`${indent}${name} --> [*]`);
    }
  }
  // Transitions of the children, drawn at this level (Mermaid accepts edges across nesting).
  for (const child of children) lines.push(...transitionLines(graph, child, indent));
  return lines;
}

/** The machine as a Mermaid `stateDiagram-v2`: states nested as in the machine, transitions labelled `event [guard]`. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const graph = graphOf(machine);
  const root = graph.nodes.get('')!;
  const lines = ['stateDiagram-v2', ...nodeLines(graph, root, '  ')];
  // The root's own transitions (e.g. ABORT) leave any state: drawn from a pseudo state.
  const fromAnywhere = transitionLines(graph, root, '  ');
  if (fromAnywhere.length > 0) {
    lines.push(`  state "(any state)" as ${ANY_STATE}`);
    for (const line of fromAnywhere) lines.push(line.replace(`${nameOf(graph, '')} -->`, `${ANY_STATE} -->`));
  }
  return lines.join('\n');
}

/** Every state of the machine as a dotted path ("request.streaming"), for UIs that highlight the active one. */
export function machineStatePaths(machine: AnyStateMachine): string[] {
  return [...graphOf(machine).nodes.keys()].filter((path) => path !== '');
}
