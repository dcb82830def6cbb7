// A small layered layout for a hierarchical state graph: each compound state lays its children
// out in layers (longest path from its initial child, back edges ignored), top-to-bottom at even
// depths and left-to-right at odd ones, so nested states sit across the flow of their parent.
import type { GraphEdge, GraphNode, StateGraph } from './state-graph.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LaidOutNode extends Box {
  path: string;
  node: GraphNode;
}

export interface LaidOutEdge {
  edge: GraphEdge;
  /** SVG path data. */
  d: string;
  /** Where a label fits. */
  label: { x: number; y: number; anchor?: 'start' | 'middle' };
}

export interface StateLayout {
  width: number;
  height: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

const CHAR_W = 6.6;
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

function layerChildren(graph: StateGraph, parent: GraphNode): Level {
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
    layer.splice(0, layer.length, ...scored.map((x) => x.n));
    layer.forEach((n, i) => position.set(n, i));
  }
  return { layers: dense, layerOf };
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
  const level = layerChildren(graph, node);
  levels.set(path, level);
  const dir = dirAt(node.depth);
  const sized = new Map(node.children.map((c) => [c, size(graph, c, levels)]));
  // Main axis: along the flow; cross axis: within a layer.
  const main = (s: Sized) => (dir === 'TB' ? s.h : s.w);
  const cross = (s: Sized) => (dir === 'TB' ? s.w : s.h);
  const layerMain = level.layers.map((l) => Math.max(...l.map((c) => main(sized.get(c)!))));
  const layerCross = level.layers.map(
    (l) => l.reduce((sum, c) => sum + cross(sized.get(c)!), 0) + GAP_CROSS * (l.length - 1),
  );
  const totalMain = layerMain.reduce((a, b) => a + b, 0) + GAP_MAIN * (level.layers.length - 1);
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
        m += layerMain[i] + GAP_MAIN;
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

/** A polyline with rounded corners. */
function rounded(points: readonly [number, number][], r = 8): string {
  let d = `M${f(points[0][0])},${f(points[0][1])}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [px, py] = points[i - 1];
    const [x, y] = points[i];
    const [nx, ny] = points[i + 1];
    const l1 = Math.hypot(x - px, y - py) || 1;
    const l2 = Math.hypot(nx - x, ny - y) || 1;
    const k1 = Math.min(r, l1 / 2) / l1;
    const k2 = Math.min(r, l2 / 2) / l2;
    d += ` L${f(x - (x - px) * k1)},${f(y - (y - py) * k1)} Q${f(x)},${f(y)} ${f(x + (nx - x) * k2)},${f(y + (ny - y) * k2)}`;
  }
  const last = points[points.length - 1];
  return `${d} L${f(last[0])},${f(last[1])}`;
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

function route(ctx: RouteContext, edge: GraphEdge, bend: number): LaidOutEdge {
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
      return {
        edge,
        d: `M${f(x1)},${f(y1)} C${f(x1)},${f(y1 + dy)} ${f(x2)},${f(y2 - dy)} ${f(x2)},${f(y2)}`,
        label: { x: (x1 + x2) / 2, y: (y1 + y2) / 2 },
      };
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
      return {
        edge,
        d: rounded([
          [sx, s.y],
          [sx, top],
        ]),
        label: { x: sx + 5, y: (s.y + top) / 2 + 4, anchor: 'start' },
      };
    }
    const left = sx <= ctx.centerX;
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
    return { edge, d: rounded(points), label: { x: channel, y: (y1 + end[1]) / 2 } };
  }
  if (adjacent) {
    const x1 = s.x + s.w,
      y1 = s.y + s.h / 2,
      x2 = t.x,
      y2 = t.y + t.h / 2;
    const dx = Math.max(10, (x2 - x1) / 2);
    return {
      edge,
      d: `M${f(x1)},${f(y1)} C${f(x1 + dx)},${f(y1)} ${f(x2 - dx)},${f(y2)} ${f(x2)},${f(y2)}`,
      label: { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 6 },
    };
  }
  // Back or layer-skipping edge in a left-to-right row: an arc over the top, higher for longer spans.
  const span = la !== undefined && lb !== undefined ? Math.abs(lb - la) : 1;
  const back = !forward;
  const x1 = s.x + s.w / 2 + (back ? -10 : 10),
    y1 = s.y;
  const x2 = t.x + t.w / 2 + (back ? 10 : -10),
    y2 = t.y;
  const cy = Math.min(y1, y2) - 6 - span * 11 - bend;
  return {
    edge,
    d: rounded(
      [
        [x1, y1],
        [x1, cy],
        [x2, cy],
        [x2, y2],
      ],
      10,
    ),
    label: { x: (x1 + x2) / 2, y: cy - 4 },
  };
}

export function layoutStateGraph(graph: StateGraph): StateLayout {
  const levels = new Map<string, Level>();
  const root = size(graph, '', levels);
  const nodes: LaidOutNode[] = [];
  root.place(0, 0, nodes);
  const boxes = new Map<string, LaidOutNode>(nodes.map((n) => [n.path, n]));
  const ctx: RouteContext = { graph, boxes, levels, centerX: root.w / 2 };
  const edges: LaidOutEdge[] = [];
  const bends = new Map<string, number>();
  for (const edge of graph.edges) {
    if (!boxes.has(edge.from) || !boxes.has(edge.to) || edge.from === edge.to) continue;
    // Several arcs from one state fan out instead of overlapping.
    const n = bends.get(edge.from) ?? 0;
    bends.set(edge.from, n + 1);
    edges.push(route(ctx, edge, n * 8));
  }
  return { width: Math.ceil(root.w), height: Math.ceil(root.h), nodes, edges };
}
