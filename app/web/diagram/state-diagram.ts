// The machine's state diagram as SVG, drawn from the layout at 1 unit per pixel (12 px text);
// `update` marks the active states and the transitions just taken, without redrawing.
import { edgeId, type GraphTransition, type StateGraph } from './state-graph.js';
import type { LaidOutEdge, StateLayout } from './state-layout.js';

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

function describe(t: GraphTransition): string {
  return t.guard ? `${t.event} [${t.guard}]` : t.event;
}

export interface StateDiagram {
  element: SVGSVGElement;
  /** Active state paths (ancestors included) and the edges of the last step's transitions. */
  update(active: readonly string[], taken: readonly { from: string; to: string }[]): void;
  /** Draws the diagram `scale` times its natural size (1: 12 px text). */
  setScale(scale: number): void;
  /** The active state's box in the diagram's own units, if any. */
  activeBox(): { x: number; y: number; w: number; h: number } | undefined;
  /** The diagram's natural size in pixels. */
  readonly width: number;
  readonly height: number;
}

/** The arrowheads: one for every edge, one for the transitions just taken. */
function drawMarkers(svg: SVGSVGElement) {
  const defs = el('defs', {}, svg);
  for (const [id, cls] of [
    ['arrow', 'arrowhead'],
    ['arrow-taken', 'arrowhead taken'],
  ]) {
    const marker = el(
      'marker',
      { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      defs,
    );
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: cls }, marker);
  }
}

/** Each state as a box with its name (a final one ringed), by path. */
function drawNodes(graph: StateGraph, layout: StateLayout, nodesLayer: SVGGElement): Map<string, SVGGElement> {
  const nodeEls = new Map<string, SVGGElement>();
  // Compound states first so their children draw on top.
  const ordered = [...layout.nodes].sort((a, b) => a.node.depth - b.node.depth);
  for (const n of ordered) {
    const compound = n.node.children.length > 0;
    const g = el(
      'g',
      {
        class: `state-node ${compound ? 'compound' : 'leaf'} ${n.node.kind === 'final' ? 'final' : ''}`.trim(),
        'data-state': n.path,
        'data-testid': `state-${n.path}`,
      },
      nodesLayer,
    );
    el('rect', { x: n.x, y: n.y, width: n.w, height: n.h, rx: compound ? 10 : 14 }, g);
    if (n.node.kind === 'final')
      el('rect', { x: n.x + 3, y: n.y + 3, width: n.w - 6, height: n.h - 6, rx: 11, class: 'final-ring' }, g);
    const label = el(
      'text',
      compound ? { x: n.x + 10, y: n.y + 16 } : { x: n.x + n.w / 2, y: n.y + n.h / 2 + 4, 'text-anchor': 'middle' },
      g,
    );
    label.textContent = n.node.key;
    const actions = graph.selfActions.get(n.path);
    const title = el('title', {}, g);
    title.textContent = `${n.path}${actions?.length ? `\non ${actions.map(describe).join(', ')} (actions only)` : ''}`;
    nodeEls.set(n.path, g);
  }
  return nodeEls;
}

/** A transition's arrow with its label (`fromAny`: dashed, from outside every state). */
function drawEdge(e: LaidOutEdge, fromAny: boolean, edgesLayer: SVGGElement): SVGGElement {
  const g = el('g', { class: fromAny ? 'edge from-any' : 'edge', 'data-edge': e.edge.id }, edgesLayer);
  el('path', { d: e.d, 'marker-end': 'url(#arrow)' }, g);
  if (e.label) {
    const t = el(
      'text',
      { x: e.label.x + e.label.w / 2, y: e.label.y + e.label.h - 4, 'text-anchor': 'middle', class: 'edge-label' },
      g,
    );
    t.textContent = e.label.text;
  }
  const title = el('title', {}, g);
  title.textContent = `${fromAny ? 'any state' : e.edge.from} → ${e.edge.to}\n${e.edge.transitions.map(describe).join('\n')}`;
  return g;
}

/** Marks the active states (the innermost one as the current step); returns that innermost one. */
function markActive(
  graph: StateGraph,
  nodeEls: Map<string, SVGGElement>,
  active: readonly string[],
): string | undefined {
  const activeSet = new Set(active);
  let activeLeaf: string | undefined;
  for (const p of active) {
    const g = nodeEls.get(p);
    if (!g) continue;
    g.classList.add('active');
    const node = graph.nodes.get(p);
    const isLeaf = node !== undefined && !node.children.some((c) => activeSet.has(c));
    if (isLeaf) {
      activeLeaf = p;
      g.classList.add('active-leaf');
      g.setAttribute('aria-current', 'step');
    }
  }
  return activeLeaf;
}

export function createStateDiagram(graph: StateGraph, layout: StateLayout): StateDiagram {
  const svg = el('svg', {
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    width: layout.width,
    height: layout.height,
    class: 'state-diagram',
    role: 'img',
    'aria-label': 'State diagram of the agent-turn machine',
    'data-testid': 'state-diagram',
  });
  drawMarkers(svg);
  const nodesLayer = el('g', { class: 'nodes' }, svg);
  const edgesLayer = el('g', { class: 'edges' }, svg);
  const nodeEls = drawNodes(graph, layout, nodesLayer);
  const edgeEls = new Map<string, SVGGElement>();
  for (const e of layout.edges) edgeEls.set(e.edge.id, drawEdge(e, false, edgesLayer));
  // ABORT-style transitions on the root leave every state: a dashed arrow from outside.
  for (const e of layout.fromAny) edgeEls.set(e.edge.id, drawEdge(e, true, edgesLayer));

  let lastActive: string[] = [];
  let lastTaken: string[] = [];
  let activeLeaf: string | undefined;
  return {
    element: svg,
    width: layout.width,
    height: layout.height,
    setScale(scale) {
      svg.setAttribute('width', String(Math.round(layout.width * scale)));
      svg.setAttribute('height', String(Math.round(layout.height * scale)));
    },
    activeBox() {
      return activeLeaf === undefined ? undefined : layout.nodes.find((n) => n.path === activeLeaf);
    },
    update(active, taken) {
      for (const p of lastActive) {
        const g = nodeEls.get(p);
        g?.classList.remove('active', 'active-leaf');
        g?.removeAttribute('aria-current');
      }
      for (const id of lastTaken) edgeEls.get(id)?.classList.remove('taken');
      activeLeaf = markActive(graph, nodeEls, active);
      lastActive = [...active];
      lastTaken = taken.map((t) => edgeId(t.from, t.to));
      for (const id of lastTaken) {
        const g = edgeEls.get(id);
        if (!g) continue;
        g.classList.add('taken');
        g.querySelector('path')?.setAttribute('marker-end', 'url(#arrow-taken)');
      }
      for (const [id, g] of edgeEls)
        if (!lastTaken.includes(id)) g.querySelector('path')?.setAttribute('marker-end', 'url(#arrow)');
    },
  };
}
