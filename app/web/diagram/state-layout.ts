// A small layered layout for a hierarchical state graph: each compound state lays its children
// out in layers (longest path from its initial child, back edges ignored), top-to-bottom at even
// depths and left-to-right at odd ones, so nested states sit across the flow of their parent.
import { cubicSamples, polylineSamples, type Point } from '../files/path-samples.js';
import { edgeLabelText, type GraphEdge, type GraphNode, type StateGraph } from './state-graph.js';
import type { Box } from './state-layout-types.js';
import { LABEL_CHAR_W, LABEL_H, placeLabels, type LabelRequest } from './state-labels.js';

export type { Box } from './state-layout-types.js';

export interface LaidOutNode extends Box {
  path: string;
  node: GraphNode;
}

export interface LaidOutEdge {
  edge: GraphEdge;
  /** SVG path data. */
  d: string;
  /** Points along the path (for placing labels clear of it). */
  samples: Point[];
  /** The label's text and box (beside the line, clear of lines, states and other labels); none for unnamed edges. */
  label?: Box & { text: string };
}

export interface StateLayout {
  width: number;
  height: number;
  nodes: LaidOutNode[];
  /** Edges between two states. */
  edges: LaidOutEdge[];
  /** Transitions the root takes from any state (ABORT), drawn as a short arrow into their target. */
  fromAny: LaidOutEdge[];
}

/** State names are 12 px text at scale 1: about this many units per character. */
const CHAR_W = 7.2;
const LEAF_H = 28;
const LEAF_PAD = 14;
const GAP_MAIN = 34;
const GAP_CROSS = 14;
const PAD = 12;
const HEADER = 40;
const MARGIN = 30;

type Dir = 'TB' | 'LR';

const dirAt = (depth: number): Dir => (depth % 2 === 0 ? 'TB' : 'LR');

/** The child of `ancestor` that contains `path` (or is it), if any. */
function childUnder(graph: StateGraph, ancestor: string, path: string): string | undefined {
  let p: string | undefined = path;
  while (p !== undefined) {
    const node = graph.nodes.get(p);
    if (!node) return undefined;
    if (node.parent === ancestor) return p;
    p = node.parent;
  }
  return undefined;
}

interface Level {
  layers: string[][];
  layerOf: Map<string, number>;
}

function layerChildren(graph: StateGraph, parent: GraphNode, dir: Dir): Level {
  const children = parent.children;
  const succ = new Map<string, string[]>(children.map((c) => [c, []]));
  for (const e of graph.edges) {
    const a = childUnder(graph, parent.path, e.from);
    const b = childUnder(graph, parent.path, e.to);
    if (a === undefined || b === undefined || a === b) continue;
    if (!succ.get(a)!.includes(b)) succ.get(a)!.push(b);
  }
  // Depth-first from the initial child; an edge to a state on the current path is a back edge.
  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const forward = new Map<string, string[]>(children.map((c) => [c, []]));
  const dfs = (n: string) => {
    state.set(n, 'open');
    for (const m of succ.get(n)!) {
      if (state.get(m) === 'open') continue;
      forward.get(n)!.push(m);
      if (!state.has(m)) dfs(m);
    }
    state.set(n, 'done');
    order.push(n);
  };
  const start = parent.initial && succ.has(parent.initial) ? [parent.initial, ...children] : children;
  for (const c of start) if (!state.has(c)) dfs(c);
  const layerOf = new Map<string, number>();
  for (const n of order.reverse()) {
    if (!layerOf.has(n)) layerOf.set(n, n === parent.initial ? 0 : 1);
    for (const m of forward.get(n)!) layerOf.set(m, Math.max(layerOf.get(m) ?? 0, layerOf.get(n)! + 1));
  }
  const layers: string[][] = [];
  for (const c of children) {
    const l = layerOf.get(c)!;
    (layers[l] ??= []).push(c);
  }
  // Within a layer: states reached from earlier layers first (by their sources' order), unreached ones last.
  const position = new Map<string, number>();
  const dense = layers.filter((l) => l !== undefined);
  for (const layer of dense) {
    const score = (n: string) => {
      const from = children.filter((p) => forward.get(p)!.includes(n) && position.has(p)).map((p) => position.get(p)!);
      return from.length === 0 ? Number.POSITIVE_INFINITY : from.reduce((a, b) => a + b, 0) / from.length;
    };
    const scored = layer.map((n, i) => ({ n, i, s: score(n) }));
    scored.sort((a, b) => a.s - b.s || a.i - b.i);
    // Top to bottom, a state with an edge back up goes last in its row: its edge leaves by the
    // free right side instead of crossing its neighbours.
    const goesBack = (n: string) =>
      dir === 'TB' &&
      graph.nodes.get(n)!.children.length === 0 &&
      succ.get(n)!.some((m) => (layerOf.get(m) ?? 0) < layerOf.get(n)!);
    scored.sort((a, b) => Number(goesBack(a.n)) - Number(goesBack(b.n)));
    layer.splice(0, layer.length, ...scored.map((x) => x.n));
    layer.forEach((n, i) => position.set(n, i));
  }
  return { layers: dense, layerOf };
}

/**
 * The gap after each layer: GAP_MAIN, or wider left to right where a labelled edge joins two
 * neighbouring layers (its label sits above or below the edge, between the two states).
 */
function layerGaps(graph: StateGraph, parent: GraphNode, level: Level, dir: Dir): number[] {
  const gaps = level.layers.slice(0, -1).map(() => GAP_MAIN);
  if (dir !== 'LR') return gaps;
  const index = new Map<string, number>();
  level.layers.forEach((layer, i) => layer.forEach((c) => index.set(c, i)));
  for (const e of graph.edges) {
    const a = childUnder(graph, parent.path, e.from);
    const b = childUnder(graph, parent.path, e.to);
    if (a === undefined || b === undefined) continue;
    const ia = index.get(a)!;
    if (index.get(b) !== ia + 1) continue;
    const text = edgeLabelText(e.transitions);
    if (text !== '') gaps[ia] = Math.max(gaps[ia], text.length * LABEL_CHAR_W + 16);
  }
  return gaps;
}

interface Sized {
  w: number;
  h: number;
  /** Child offsets relative to this node's top-left. */
  place: (x: number, y: number, out: LaidOutNode[]) => void;
}

function size(graph: StateGraph, path: string, levels: Map<string, Level>): Sized {
  const node = graph.nodes.get(path)!;
  if (node.children.length === 0) {
    const w = Math.round(node.key.length * CHAR_W + LEAF_PAD * 2);
    return { w, h: LEAF_H, place: (x, y, out) => out.push({ path, node, x, y, w, h: LEAF_H }) };
  }
  const dir = dirAt(node.depth);
  const level = layerChildren(graph, node, dir);
  levels.set(path, level);
  const sized = new Map(node.children.map((c) => [c, size(graph, c, levels)]));
  // Main axis: along the flow; cross axis: within a layer.
  const main = (s: Sized) => (dir === 'TB' ? s.h : s.w);
  const cross = (s: Sized) => (dir === 'TB' ? s.w : s.h);
  const layerMain = level.layers.map((l) => Math.max(...l.map((c) => main(sized.get(c)!))));
  const layerCross = level.layers.map(
    (l) => l.reduce((sum, c) => sum + cross(sized.get(c)!), 0) + GAP_CROSS * (l.length - 1),
  );
  const gaps = layerGaps(graph, node, level, dir);
  const totalMain = layerMain.reduce((a, b) => a + b, 0) + gaps.reduce((a, b) => a + b, 0);
  const totalCross = Math.max(...layerCross);
  const isRoot = node.parent === undefined;
  const pad = isRoot ? MARGIN : PAD;
  const header = isRoot ? 0 : HEADER;
  const w = (dir === 'TB' ? totalCross : totalMain) + pad * 2;
  const h = (dir === 'TB' ? totalMain : totalCross) + pad * 2 + header;
  return {
    w,
    h,
    place(x, y, out) {
      if (!isRoot) out.push({ path, node, x, y, w, h });
      let m = 0;
      level.layers.forEach((layer, i) => {
        let c = (totalCross - layerCross[i]) / 2;
        for (const child of layer) {
          const s = sized.get(child)!;
          const offMain = m + (layerMain[i] - main(s)) / 2;
          const cx = dir === 'TB' ? c : offMain;
          const cy = dir === 'TB' ? offMain : c;
          s.place(x + pad + cx, y + pad + header + cy, out);
          c += cross(s) + GAP_CROSS;
        }
        m += layerMain[i] + (gaps[i] ?? 0);
      });
    },
  };
}

/** The deepest state containing both paths. */
function commonAncestor(graph: StateGraph, a: string, b: string): string {
  const chain = (p: string) => {
    const list: string[] = [];
    for (let n: string | undefined = p; n !== undefined; n = graph.nodes.get(n)?.parent) list.push(n);
    return list;
  };
  const up = new Set(chain(a).slice(1));
  for (const n of chain(b).slice(1)) if (up.has(n)) return n;
  return '';
}

const f = (n: number) => n.toFixed(1);

/** One edge's line: SVG path data and points along it. */
export type Route = { edge: GraphEdge; d: string; samples: Point[] };

/** A polyline with rounded corners, and points along it. */
export function rounded(edge: GraphEdge, points: readonly [number, number][], r = 8): Route {
  let d = `M${f(points[0][0])},${f(points[0][1])}`;
  const path: Point[] = [points[0]];
  for (let i = 1; i < points.length - 1; i++) {
    const [px, py] = points[i - 1];
    const [x, y] = points[i];
    const [nx, ny] = points[i + 1];
    const l1 = Math.hypot(x - px, y - py) || 1;
    const l2 = Math.hypot(nx - x, ny - y) || 1;
    const k1 = Math.min(r, l1 / 2) / l1;
    const k2 = Math.min(r, l2 / 2) / l2;
    const a: Point = [x - (x - px) * k1, y - (y - py) * k1];
    const b: Point = [x + (nx - x) * k2, y + (ny - y) * k2];
    d += ` L${f(a[0])},${f(a[1])} Q${f(x)},${f(y)} ${f(b[0])},${f(b[1])}`;
    // The rounded corner as a quadratic curve, sampled.
    for (let t = 0; t <= 1; t += 0.25)
      path.push([
        (1 - t) * (1 - t) * a[0] + 2 * (1 - t) * t * x + t * t * b[0],
        (1 - t) * (1 - t) * a[1] + 2 * (1 - t) * t * y + t * t * b[1],
      ]);
  }
  const last = points[points.length - 1];
  path.push(last);
  return { edge, d: `${d} L${f(last[0])},${f(last[1])}`, samples: polylineSamples(path) };
}

/** A cubic curve from p0 to p3, and points along it. */
function curve(edge: GraphEdge, p0: Point, p1: Point, p2: Point, p3: Point): Route {
  return {
    edge,
    d: `M${f(p0[0])},${f(p0[1])} C${f(p1[0])},${f(p1[1])} ${f(p2[0])},${f(p2[1])} ${f(p3[0])},${f(p3[1])}`,
    samples: cubicSamples(p0, p1, p2, p3),
  };
}

interface RouteContext {
  graph: StateGraph;
  boxes: Map<string, LaidOutNode>;
  levels: Map<string, Level>;
  centerX: number;
}

function isAncestor(graph: StateGraph, ancestor: string, path: string): boolean {
  for (let p = graph.nodes.get(path)?.parent; p !== undefined; p = graph.nodes.get(p)?.parent)
    if (p === ancestor) return true;
  return false;
}

/** Whether the states beside `s` in its row (same parent, overlapping rows) leave its left and right sides free. */
function freeSides(ctx: RouteContext, s: LaidOutNode): { left: boolean; right: boolean } {
  let left = true;
  let right = true;
  for (const n of ctx.boxes.values()) {
    if (n === s || n.node.parent !== s.node.parent || n.y >= s.y + s.h || n.y + n.h <= s.y) continue;
    if (n.x + n.w <= s.x) left = false;
    if (n.x >= s.x + s.w) right = false;
  }
  return { left, right };
}

function route(ctx: RouteContext, edge: GraphEdge, bend: number): Route {
  const { graph, boxes, levels } = ctx;
  const s = boxes.get(edge.from)!;
  const t = boxes.get(edge.to)!;
  const lca = commonAncestor(graph, edge.from, edge.to);
  const level = levels.get(lca);
  const a = childUnder(graph, lca, edge.from);
  const b = childUnder(graph, lca, edge.to);
  const la = a !== undefined ? level?.layerOf.get(a) : undefined;
  const lb = b !== undefined ? level?.layerOf.get(b) : undefined;
  const forward = la !== undefined && lb !== undefined && lb > la;
  const adjacent = forward && lb === la! + 1;
  const dir = dirAt(graph.nodes.get(lca)?.depth ?? 0);

  if (dir === 'TB') {
    if (forward && t.y > s.y + s.h) {
      const x1 = s.x + s.w / 2,
        y1 = s.y + s.h,
        x2 = t.x + t.w / 2,
        y2 = t.y;
      const dy = Math.max(12, (y2 - y1) / 2);
      return curve(edge, [x1, y1], [x1, y1 + dy], [x2, y2 - dy], [x2, y2]);
    }
    // Back edge: straight up when nothing is in between, else up a channel beside the states in between.
    const top = t.y + t.h;
    const between = [...boxes.values()].filter(
      (n) =>
        n !== s &&
        n !== t &&
        n.y < s.y &&
        n.y + n.h > top &&
        !isAncestor(graph, n.path, edge.from) &&
        !isAncestor(graph, n.path, edge.to),
    );
    const sx = s.x + s.w / 2;
    if (between.length === 0 && sx > t.x && sx < t.x + t.w) {
      return rounded(edge, [
        [sx, s.y],
        [sx, top],
      ]);
    }
    // Leave by a side where no state of the same row is in the way; else by the nearer half.
    const free = freeSides(ctx, s);
    const left = free.left !== free.right ? free.left : sx <= ctx.centerX;
    const channel = left
      ? Math.min(s.x, ...between.map((n) => n.x)) - 16 - bend
      : Math.max(s.x + s.w, ...between.map((n) => n.x + n.w)) + 16 + bend;
    const y1 = s.y + s.h / 2;
    const end: [number, number] =
      channel > t.x && channel < t.x + t.w ? [channel, top] : [left ? t.x : t.x + t.w, t.y + t.h / 2];
    const points: [number, number][] =
      end[1] === top
        ? [[left ? s.x : s.x + s.w, y1], [channel, y1], end]
        : [[left ? s.x : s.x + s.w, y1], [channel, y1], [channel, end[1]], end];
    return rounded(edge, points);
  }
  if (adjacent) {
    const x1 = s.x + s.w,
      y1 = s.y + s.h / 2,
      x2 = t.x,
      y2 = t.y + t.h / 2;
    const dx = Math.max(10, (x2 - x1) / 2);
    return curve(edge, [x1, y1], [x1 + dx, y1], [x2 - dx, y2], [x2, y2]);
  }
  // Back or layer-skipping edge in a left-to-right row: an arc over the top, higher for longer spans.
  const span = la !== undefined && lb !== undefined ? Math.abs(lb - la) : 1;
  const back = !forward;
  const x1 = s.x + s.w / 2 + (back ? -10 : 10),
    y1 = s.y;
  const x2 = t.x + t.w / 2 + (back ? 10 : -10),
    y2 = t.y;
  const cy = Math.min(y1, y2) - 6 - span * 11 - bend;
  return rounded(
    edge,
    [
      [x1, y1],
      [x1, cy],
      [x2, cy],
      [x2, y2],
    ],
    10,
  );
}

/** The arrow of a transition the root takes from any state: into its target from a free side (the right if both are). */
function fromAnyRoute(ctx: RouteContext, edge: GraphEdge, target: LaidOutNode): Route {
  const y = target.y + target.h / 2;
  const fromRight = freeSides(ctx, target).right || !freeSides(ctx, target).left;
  const x1 = fromRight ? target.x + target.w : target.x;
  const x0 = fromRight ? x1 + 56 : x1 - 56;
  return {
    edge,
    d: `M${f(x0)},${f(y)} L${f(x1)},${f(y)}`,
    samples: polylineSamples([
      [x0, y],
      [x1, y],
    ]),
  };
}

/** The title of a compound state (drawn at its top left): labels keep off it. */
function titleBox(n: LaidOutNode): Box {
  return { x: n.x, y: n.y, w: n.node.key.length * CHAR_W + 20, h: 24 };
}

export function layoutStateGraph(graph: StateGraph): StateLayout {
  const levels = new Map<string, Level>();
  const root = size(graph, '', levels);
  const nodes: LaidOutNode[] = [];
  root.place(0, 0, nodes);
  const boxes = new Map<string, LaidOutNode>(nodes.map((n) => [n.path, n]));
  const ctx: RouteContext = { graph, boxes, levels, centerX: root.w / 2 };
  const routes: Route[] = [];
  const bends = new Map<string, number>();
  for (const edge of graph.edges) {
    if (!boxes.has(edge.from) || !boxes.has(edge.to) || edge.from === edge.to) continue;
    // Several arcs from one state fan out instead of overlapping.
    const n = bends.get(edge.from) ?? 0;
    bends.set(edge.from, n + 1);
    routes.push(route(ctx, edge, n * 8));
  }
  return finishLayout(graph, nodes, routes, root);
}

/**
 * The rest of a layout once its states are placed and its edges routed (by this file's layers or
 * by ELK, see state-layout-elk.ts): the arrows from any state, every label placed beside its line,
 * and a drawing size that holds it all.
 */
export function finishLayout(
  graph: StateGraph,
  nodes: LaidOutNode[],
  routes: Route[],
  root: { w: number; h: number },
  /** The arrows from any state, when the caller routed them; else a short arrow into each target. */
  routedFromAny?: Route[],
): StateLayout {
  const boxes = new Map<string, LaidOutNode>(nodes.map((n) => [n.path, n]));
  const ctx: RouteContext = { graph, boxes, levels: new Map(), centerX: root.w / 2 };
  const anyRoutes: Route[] = routedFromAny ?? [];
  for (const edge of routedFromAny ? [] : graph.edges) {
    const target = boxes.get(edge.to);
    if (edge.from === '' && target) anyRoutes.push(fromAnyRoute(ctx, edge, target));
  }

  // Labels: transitions a person triggers or waits for first (they matter most), then the rest.
  const all = [...anyRoutes, ...routes];
  const priority = (e: GraphEdge) =>
    e.from === '' || e.transitions.some((t) => t.kind === 'event')
      ? 0
      : e.transitions.some((t) => t.kind === 'after')
        ? 1
        : 2;
  const requests: LabelRequest[] = [];
  for (const r of [...all].sort((a, b) => priority(a.edge) - priority(b.edge))) {
    const text = edgeLabelText(r.edge.transitions, r.edge.from === '');
    if (text !== '') requests.push({ id: r.edge.id, text, samples: r.samples });
  }
  const leaves = nodes.filter((n) => n.node.children.length === 0);
  const compounds = nodes.filter((n) => n.node.children.length > 0);
  const placed = placeLabels(requests, {
    lines: all.map((r) => r.samples),
    boxes: [
      ...leaves.map(({ x, y, w, h }) => ({ x: x - 2, y: y - 2, w: w + 4, h: h + 4 })),
      ...compounds.map(titleBox),
    ],
    outlines: compounds,
  });
  const laidOut = (r: Route): LaidOutEdge => {
    const box = placed.get(r.edge.id);
    const text = requests.find((q) => q.id === r.edge.id)?.text;
    return { edge: r.edge, d: r.d, samples: r.samples, ...(box && text ? { label: { ...box, text } } : {}) };
  };
  const edges = routes.map(laidOut);
  const fromAny = anyRoutes.map(laidOut);

  // The drawing holds every state, line and label.
  let width = root.w;
  let height = root.h;
  for (const e of [...edges, ...fromAny]) {
    for (const [x, y] of e.samples) {
      width = Math.max(width, x + 8);
      height = Math.max(height, y + 8);
    }
    if (e.label) {
      width = Math.max(width, e.label.x + e.label.w + 8);
      height = Math.max(height, e.label.y + LABEL_H + 8);
    }
  }
  return { width: Math.ceil(width), height: Math.ceil(height), nodes, edges, fromAny };
}
