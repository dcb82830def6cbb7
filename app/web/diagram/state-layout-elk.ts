// The state diagram laid out by ELK (elkjs, the Eclipse Layout Kernel's layered algorithm): nested
// states placed with their parents, every edge routed orthogonally around the state boxes (the
// hand-made layers of state-layout.ts cannot route around boxes). Labels are placed by the same
// label placer as before (state-labels.ts), beside each routed line.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { edgeLabelText, type StateGraph } from './state-graph.js';
import { finishLayout, type LaidOutNode, type Route, rounded, type StateLayout } from './state-layout.js';
import { LABEL_CHAR_W, LABEL_H } from './state-labels.js';

/** State names are 12 px text at scale 1: about this many units per character (as state-layout.ts). */
const CHAR_W = 7.2;
const LEAF_H = 28;
const LEAF_PAD = 14;
const MARGIN = 14;

const ROOT_ID = '(root)';
/** A point-sized stand-in for "any state": ELK routes the root's ABORT from it like any edge. */
const ANY_ID = '(any state)';

function elkNode(graph: StateGraph, path: string): ElkNode {
  const node = graph.nodes.get(path)!;
  if (node.children.length === 0)
    return { id: path, width: Math.round(node.key.length * CHAR_W + LEAF_PAD * 2), height: LEAF_H };
  return {
    id: path,
    // Room at the top for the compound state's title.
    layoutOptions: { 'elk.padding': '[top=30,left=10,bottom=10,right=10]' },
    children: node.children.map((c) => elkNode(graph, c)),
  };
}

/**
 * Lays the graph out with ELK: the same {@link StateLayout} as `layoutStateGraph`, with edges that
 * never cross a state box. Asynchronous (ELK's API is); about half a second for the agent-turn
 * machine. `elk` runs the layout: ELK on this thread by default, the page passes one in a worker
 * (elk-off-thread.ts).
 */
export async function layoutStateGraphRouted(
  graph: StateGraph,
  elk: { layout(graph: ElkNode): Promise<ElkNode> } = new ELK(),
): Promise<StateLayout> {
  const root: ElkNode = {
    id: ROOT_ID,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '14',
      'elk.spacing.nodeNode': '16',
      'elk.spacing.edgeNode': '14',
      'elk.layered.spacing.edgeNodeBetweenLayers': '8',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '6',
      'elk.spacing.edgeEdge': '8',
      'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
    },
    children: [...graph.nodes.get('')!.children.map((c) => elkNode(graph, c)), { id: ANY_ID, width: 1, height: 1 }],
    edges: graph.edges
      .filter((e) => e.from !== e.to && graph.nodes.has(e.to) && (e.from === '' || graph.nodes.has(e.from)))
      .map((e): ElkExtendedEdge => {
        const text = edgeLabelText(e.transitions, e.from === '');
        if (e.from === '') return { id: e.id, sources: [ANY_ID], targets: [e.to], labels: [] };
        // A label of the label placer's size: ELK leaves room for it between the layers.
        const labels = text === '' ? [] : [{ text, width: text.length * LABEL_CHAR_W + 6, height: LABEL_H }];
        return { id: e.id, sources: [e.from], targets: [e.to], labels };
      }),
  };
  const out = await elk.layout(root);

  // ELK's coordinates are relative to each parent; the diagram's are absolute.
  const nodes: LaidOutNode[] = [];
  const origin = new Map<string, { x: number; y: number }>([[ROOT_ID, { x: 0, y: 0 }]]);
  const place = (n: ElkNode, ox: number, oy: number) => {
    for (const c of n.children ?? []) {
      const x = ox + (c.x ?? 0);
      const y = oy + (c.y ?? 0);
      origin.set(c.id, { x, y });
      if (c.id === ANY_ID) continue;
      nodes.push({ path: c.id, node: graph.nodes.get(c.id)!, x, y, w: c.width ?? 0, h: c.height ?? 0 });
      place(c, x, y);
    }
  };
  place(out, 0, 0);

  const byId = new Map(graph.edges.map((e) => [e.id, e]));
  const routes: Route[] = [];
  const fromAny: Route[] = [];
  const collect = (n: ElkNode) => {
    for (const e of n.edges ?? []) {
      const edge = byId.get(e.id)!;
      // An edge's points are relative to its container (the states' common ancestor).
      const o = origin.get((e as { container?: string }).container ?? ROOT_ID) ?? { x: 0, y: 0 };
      const points: [number, number][] = [];
      for (const s of e.sections ?? [])
        for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) points.push([o.x + p.x, o.y + p.y]);
      if (points.length >= 2) (edge.from === '' ? fromAny : routes).push(rounded(edge, points));
    }
    for (const c of n.children ?? []) collect(c);
  };
  collect(out);
  // The graph's edge order, so labels are placed in the same order as the hand-made layout's.
  const order = new Map(graph.edges.map((e, i) => [e.id, i]));
  routes.sort((a, b) => order.get(a.edge.id)! - order.get(b.edge.id)!);
  return finishLayout(graph, nodes, routes, { w: out.width ?? 0, h: out.height ?? 0 }, fromAny);
}
