// The page's state diagram is derived from the machine: every state a node, every transition an
// edge, laid out with no overlapping siblings and every child inside its parent.
import { describe, expect, it } from 'vitest';
import { agentTurnMachine } from '../../../../machines/machine/agent-turn-machine.js';
import {
  activePaths,
  buildStateGraph,
  describeEvent,
  type StateNodeLike,
} from '../../../../app/web/diagram/state-graph.js';
import { layoutStateGraph, type Box } from '../../../../app/web/diagram/state-layout.js';
import { layoutStateGraphRouted } from '../../../../app/web/diagram/state-layout-elk.js';

const graph = buildStateGraph(agentTurnMachine.root as unknown as StateNodeLike);

function allStatePaths(node: StateNodeLike, rootId: string, out: string[] = []): string[] {
  for (const child of Object.values(node.states)) {
    out.push(child.id.slice(rootId.length + 1));
    allStatePaths(child, rootId, out);
  }
  return out;
}

describe('state graph', () => {
  it('has a node for every state of the machine, nested as in the machine', () => {
    const expected = allStatePaths(agentTurnMachine.root as unknown as StateNodeLike, graph.rootId);
    expect(expected).toContain('request.awaitingApproval');
    expect([...graph.nodes.keys()].filter((p) => p !== '').sort()).toEqual(expected.sort());
    expect(graph.nodes.get('request.streaming')?.parent).toBe('request');
    expect(graph.nodes.get('done')?.kind).toBe('final');
    expect(graph.nodes.get('')?.initial).toBe('starting');
  });

  it('has the machine transitions as edges, merged per pair of states', () => {
    const byId = new Map(graph.edges.map((e) => [e.id, e]));
    expect(byId.get('request.awaitingApproval->request.executingTool')?.transitions).toEqual([
      { event: 'APPROVE', kind: 'event' },
    ]);
    expect(byId.get('request.awaitingApproval->request.streaming')?.transitions.map((t) => t.event)).toEqual([
      'REJECT',
    ]);
    expect(byId.get('(root)->aborted')?.transitions.map((t) => t.event)).toEqual(['ABORT']);
    expect(byId.get('retrying->fittingContext')?.transitions).toEqual([{ event: 'after retryDelay', kind: 'after' }]);
    expect(byId.get('request.streamFailed->fittingContext')?.transitions.map((t) => t.guard)).toEqual([
      'contextTooLong',
    ]);
    const toDraining = byId.get('request.streaming->request.draining')?.transitions.map((t) => t.guard);
    expect(toDraining).toEqual(['isStopped', 'atCompletionTool']);
    expect(byId.get('request.draining->finalizing')?.transitions.map((t) => t.event)).toEqual([
      'after drainGrace',
      'always',
    ]);
    expect(graph.selfActions.get('request')?.map((t) => [t.event, t.guard])).toEqual([
      ['CHAT.CHUNKS', 'countsAfterStop'],
      ['CHAT.CHUNKS', undefined],
      ['CHAT.END', undefined],
      ['CHAT.ERROR', undefined],
    ]);
  });

  it('names XState internal events briefly', () => {
    expect(describeEvent('xstate.done.actor.executeTool')).toEqual({ event: 'done: executeTool', kind: 'done' });
    expect(describeEvent('xstate.error.actor.chat')).toEqual({ event: 'error: chat', kind: 'error' });
    expect(describeEvent('')).toEqual({ event: 'always', kind: 'always' });
  });

  it('reads active paths from a snapshot value', () => {
    expect(activePaths({ request: 'streaming' })).toEqual(['request', 'request.streaming']);
    expect(activePaths('done')).toEqual(['done']);
  });
});

// The hand-made layers and ELK's layout (the page's) hold the same promises.
const layouts = [
  ['hand-made layers', layoutStateGraph(graph)],
  ['ELK', await layoutStateGraphRouted(graph)],
] as const;

describe.each(layouts)('state layout (%s)', (name, layout) => {
  const boxes = new Map(layout.nodes.map((n) => [n.path, n]));
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

  it('places every state once, inside the drawing', () => {
    expect(layout.nodes.map((n) => n.path).sort()).toEqual([...graph.nodes.keys()].filter((p) => p !== '').sort());
    for (const n of layout.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.x + n.w).toBeLessThanOrEqual(layout.width);
      expect(n.y + n.h).toBeLessThanOrEqual(layout.height);
    }
  });

  it('keeps children inside their parent and siblings apart', () => {
    for (const n of layout.nodes) {
      const parent = n.node.parent ? boxes.get(n.node.parent) : undefined;
      if (parent) {
        expect(n.x).toBeGreaterThan(parent.x);
        expect(n.x + n.w).toBeLessThan(parent.x + parent.w);
        expect(n.y).toBeGreaterThan(parent.y);
        expect(n.y + n.h).toBeLessThan(parent.y + parent.h);
      }
      for (const m of layout.nodes) {
        if (m !== n && m.node.parent === n.node.parent) expect(overlaps(n, m), `${n.path} / ${m.path}`).toBe(false);
      }
    }
  });

  it('puts the label of every named edge beside its line: clear of every line, state and other label, inside the drawing', () => {
    const all = [...layout.edges, ...layout.fromAny];
    const labels = all.filter((e) => e.label).map((e) => ({ id: e.edge.id, box: e.label! }));
    expect(labels.map((l) => l.box.text)).toEqual(
      expect.arrayContaining(['APPROVE', 'REJECT', 'ABORT (any state)', 'after retryDelay']),
    );
    const inside = (p: readonly [number, number], b: Box) =>
      p[0] > b.x && p[0] < b.x + b.w && p[1] > b.y && p[1] < b.y + b.h;
    for (const { id, box } of labels) {
      for (const e of all)
        expect(
          e.samples.some((p) => inside(p, box)),
          `${id} label on the line of ${e.edge.id}`,
        ).toBe(false);
      for (const n of layout.nodes.filter((x) => x.node.children.length === 0))
        expect(overlaps(box, n), `${id} label on ${n.path}`).toBe(false);
      for (const other of labels)
        if (other.id !== id) expect(overlaps(box, other.box), `${id} label on the label of ${other.id}`).toBe(false);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(layout.width);
      expect(box.y + box.h).toBeLessThanOrEqual(layout.height);
    }
    // Unnamed (eventless) edges carry no label: their guards are in the hover title.
    expect(all.find((e) => e.edge.id === 'request.toolReady->request.executingTool')?.label).toBeUndefined();
  });

  it('draws the initial state first in its flow and routes every edge between two placed states', () => {
    const requesting = boxes.get('request.requesting')!;
    const streaming = boxes.get('request.streaming')!;
    // The initial state comes first in its flow: left to right inside `request` (hand-made), or above (ELK).
    if (name === 'ELK') expect(requesting.y).toBeLessThan(streaming.y);
    else expect(requesting.x).toBeLessThan(streaming.x);
    expect(boxes.get('request')!.y).toBeLessThan(boxes.get('finalizing')!.y); // top to bottom at the root
    const routed = layout.edges.map((e) => e.edge.id).sort();
    expect(routed).toEqual(
      graph.edges
        .filter((e) => e.from !== '')
        .map((e) => e.id)
        .sort(),
    );
    expect(layout.fromAny.map((e) => e.edge.id)).toEqual(graph.edges.filter((e) => e.from === '').map((e) => e.id));
    for (const e of layout.edges) expect(e.d).toMatch(/^M[\d.]+,[\d.]+ /);
  });
});

describe("the page's layout (ELK)", () => {
  it('routes every edge around the states: no line goes through a state that is not its end', async () => {
    const layout = await layoutStateGraphRouted(graph);
    const leaves = layout.nodes.filter((n) => n.node.children.length === 0);
    const through: string[] = [];
    for (const e of [...layout.edges, ...layout.fromAny])
      for (const n of leaves) {
        if (n.path === e.edge.from || n.path === e.edge.to) continue;
        const inside = ([x, y]: readonly [number, number]) =>
          x > n.x + 1 && x < n.x + n.w - 1 && y > n.y + 1 && y < n.y + n.h - 1;
        if (e.samples.some(inside)) through.push(`${e.edge.id} through ${n.path}`);
      }
    expect(through).toEqual([]);
  });
});
