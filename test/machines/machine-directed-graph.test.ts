// The graph export keeps every transition of the machine's definition: each `on`, `after`,
// `invoke.onDone` / `onError` and eventless `always` transition of `.config` is one transition of
// its state in machineToDirectedGraph, with its guard; and for the transitions @xstate/graph's
// toDirectedGraph does list, the two agree edge for edge (ids, source, target, label text).
import { toDirectedGraph } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { agentTurnMachine } from '../../machines/machine/agent-turn-machine.js';
import { machineToDirectedGraph, type DirectedGraphNode } from '../../machines/graph/machine-directed-graph.js';
import { machineToMermaid } from '../../machines/graph/machine-to-mermaid.js';

type Config = Record<string, any>;

/** Every transition of a state's config, as `kind trigger [guard]`, in no particular order. */
function configTransitions(config: Config): string[] {
  const list = (t: unknown): Config[] =>
    (Array.isArray(t) ? t : t === undefined ? [] : [typeof t === 'string' ? { target: t } : t]) as Config[];
  const guard = (t: Config) =>
    typeof t.guard === 'string' ? ` [${t.guard}]` : t.guard?.type ? ` [${t.guard.type}]` : '';
  const out: string[] = [];
  for (const [event, ts] of Object.entries(config.on ?? {}))
    for (const t of list(ts)) out.push(`event ${event}${guard(t)}`);
  for (const t of list(config.always)) out.push(`always always${guard(t)}`);
  for (const [delay, ts] of Object.entries(config.after ?? {}))
    for (const t of list(ts)) out.push(`after after ${delay}${guard(t)}`);
  for (const invoke of list(config.invoke)) {
    for (const t of list(invoke.onDone)) out.push(`done done: ${invoke.id}${guard(t)}`);
    for (const t of list(invoke.onError)) out.push(`error error: ${invoke.id}${guard(t)}`);
  }
  return out.sort();
}

function graphTransitions(node: DirectedGraphNode): string[] {
  const seen = new Set<unknown>();
  const out: string[] = [];
  for (const edge of node.edges) {
    if (seen.has(edge.transition)) continue;
    seen.add(edge.transition);
    out.push(`${edge.label.kind} ${edge.label.text}${edge.label.guard ? ` [${edge.label.guard}]` : ''}`);
  }
  return out.sort();
}

function walk(config: Config, node: DirectedGraphNode, visit: (config: Config, node: DirectedGraphNode) => void) {
  visit(config, node);
  const children = Object.entries(config.states ?? {});
  expect(node.children.map((c) => c.stateNode.key)).toEqual(children.map(([key]) => key));
  children.forEach(([, child], i) => walk(child as Config, node.children[i]!, visit));
}

describe('machineToDirectedGraph', () => {
  it('has every transition of the agent-turn machine’s config, guards included', () => {
    const graph = machineToDirectedGraph(agentTurnMachine);
    let total = 0;
    let eventless = 0;
    walk(agentTurnMachine.config as Config, graph, (config, node) => {
      const expected = configTransitions(config);
      expect(graphTransitions(node)).toEqual(expected);
      total += expected.length;
      eventless += expected.filter((t) => t.startsWith('always')).length;
    });
    // The machine decides most things eventlessly: those are what the standard views drop.
    expect(eventless).toBeGreaterThanOrEqual(30);
    expect(total).toBeGreaterThan(eventless);
  });

  it('loses to XState’s definition (what Stately’s viewer draws) only the eventless transitions, and no name', () => {
    const edges = (n: DirectedGraphNode): DirectedGraphNode['edges'] => [...n.edges, ...n.children.flatMap(edges)];
    const all = edges(machineToDirectedGraph(agentTurnMachine));
    type DefinitionNode = { transitions?: unknown[]; states?: Record<string, DefinitionNode> };
    const inDefinition = (n: DefinitionNode): number =>
      (n.transitions?.length ?? 0) + Object.values(n.states ?? {}).reduce((a, c) => a + inDefinition(c), 0);
    const definition = agentTurnMachine.toJSON() as DefinitionNode;
    // Issue 33: the inspector's graph showed 15 of 47 — the 32 missing are exactly the eventless ones.
    expect(inDefinition(definition)).toBe(all.filter((e) => e.label.kind !== 'always').length);
    expect(all.length - inDefinition(definition)).toBe(all.filter((e) => e.label.kind === 'always').length);
    // Every guard and action is named in setup(): the definition sent to an inspector holds no inline function.
    const config = JSON.stringify(agentTurnMachine.config, (_k, v) => (typeof v === 'function' ? '[inline]' : v));
    const named = config.replace(/"(input|context|output)":"\[inline\]"/g, '');
    expect(named).not.toContain('[inline]');
  });

  it('agrees with @xstate/graph’s toDirectedGraph on every edge that one lists', () => {
    const ours = machineToDirectedGraph(agentTurnMachine);
    const theirs = toDirectedGraph(agentTurnMachine);
    let compared = 0;
    const compare = (a: DirectedGraphNode, b: ReturnType<typeof toDirectedGraph>) => {
      expect(a.id).toBe(b.id);
      const byId = new Map(a.edges.map((e) => [e.id, e]));
      for (const edge of b.edges) {
        const mine = byId.get(edge.id);
        expect(mine, edge.id).toBeDefined();
        expect(mine!.source.id).toBe(edge.source.id);
        expect(mine!.target.id).toBe(edge.target.id);
        expect(mine!.transition).toBe(edge.transition);
        compared += 1;
      }
      // What toDirectedGraph leaves out is exactly the eventless transitions.
      expect(a.edges.filter((e) => e.label.kind !== 'always').length).toBe(b.edges.length);
      a.children.forEach((child, i) => compare(child, b.children[i]!));
    };
    compare(ours, theirs);
    expect(compared).toBeGreaterThan(10);
  });

  it('serialises to JSON with ids, labels, guards and kinds', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { GO: 'b' }, always: { guard: 'ready', target: 'c' } },
        b: { after: { 100: 'c' } },
        c: { type: 'final' },
      },
    });
    const json = JSON.parse(JSON.stringify(machineToDirectedGraph(machine)));
    expect(json.children[0]).toEqual({
      id: 'm.a',
      children: [],
      edges: [
        { source: 'm.a', target: 'm.b', label: { text: 'GO', kind: 'event' } },
        { source: 'm.a', target: 'm.c', label: { text: 'always', guard: 'ready', kind: 'always' } },
      ],
    });
    expect(json.children[1].edges).toEqual([
      { source: 'm.b', target: 'm.c', label: { text: 'after 100', kind: 'after' } },
    ]);
  });

  it('is what the Mermaid export draws: every eventless transition is an edge there', () => {
    const mermaid = machineToMermaid(agentTurnMachine);
    let eventless = 0;
    const count = (node: DirectedGraphNode) => {
      eventless += node.edges.filter((e) => e.label.kind === 'always').length;
      node.children.forEach(count);
    };
    count(machineToDirectedGraph(agentTurnMachine));
    expect(mermaid.split('\n').filter((l) => / : always/.test(l)).length).toBe(eventless);
  });
});
