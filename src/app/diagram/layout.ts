// The diagram of a design, laid out in lanes (pure: no React, no DOM). Left to right:
// clusters, app profiles, queries, tables (an index table, `writtenWith`, right below the table
// it is written with), views. Each query links to the profile it goes through and to the table
// or view that serves it, coloured by its query plan; views point at their source table, app
// profiles at the clusters they route to. Within a lane, boxes keep a stable order and are
// placed near the boxes they link to (a box's wanted height is the mean of its neighbours'),
// then pushed down so none overlap: readable with 30 tables, with no layout library.
import { instanceOf, profileOfQuery } from '../../core/model/instance';
import type { PathPart } from '../../core/model/positions';
import type { Design, Query, Table } from '../../core/model/schema';
import type { QueryPlanKind, QueryPlan } from '../../core/analysis/query-plan';
import { checkSelect } from '../../core/export/views/check';

export type NodeKind = 'cluster' | 'profile' | 'query' | 'table' | 'materialized' | 'logical' | 'authorized';
export type EdgeKind = 'routes-to' | 'via-profile' | 'served-by' | 'written-with' | 'view-over';

export interface DiagramNode {
  id: string;
  kind: NodeKind;
  /** The name shown in bold. */
  label: string;
  /** Further lines: the key, the routing, the plan. */
  lines: string[];
  /** Where its form is: the design path `reveal` goes to, and the table the form shows. */
  path: PathPart[];
  table: string | null;
  /** A query's plan (its colour), when known. */
  plan?: QueryPlanKind;
  lane: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DiagramEdge {
  id: string;
  kind: EdgeKind;
  from: string;
  to: string;
  plan?: QueryPlanKind;
  /** Start and end points (right side of the left box, left side of the right box). */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Diagram {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  lanes: { title: string; x: number; w: number }[];
  width: number;
  height: number;
}

export const LANE_TITLES = ['Clusters', 'App profiles', 'Queries', 'Tables', 'Views'] as const;
const LANE_W = [160, 180, 210, 250, 240];
const LANE_GAP = 56;
const MARGIN = 16;
const TOP = 44;
const LINE_H = 16;
const PAD = 10;
const V_GAP = 12;
/** Longest text on a line, in characters (the box is a fixed width; longer text ends in …). */
const MAX_CHARS = [19, 21, 25, 30, 28];

const clip = (s: string, lane: number) => {
  const max = MAX_CHARS[lane]!;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

const planText = (p: QueryPlan) => (p.kind === 'full-scan' ? 'FULL SCAN' : p.kind === 'multi-scan' ? `${p.scans} SCANS` : p.kind.toUpperCase());

interface Draft {
  node: Omit<DiagramNode, 'x' | 'y' | 'w' | 'h'>;
}

/**
 * The diagram of `design`. `plans[ti]` are the query plans of table ti (the analysis's), used
 * for the colours and the plan line; a query with no plan is drawn without a colour.
 */
export function layoutDiagram(design: Design, plans: readonly (readonly QueryPlan[] | undefined)[]): Diagram {
  const drafts: Draft[] = [];
  const edges: Omit<DiagramEdge, 'x1' | 'y1' | 'x2' | 'y2'>[] = [];
  const add = (node: Draft['node']) => drafts.push({ node: { ...node, label: clip(node.label, node.lane), lines: node.lines.map((l) => clip(l, node.lane)) } });
  const edge = (kind: EdgeKind, from: string, to: string, plan?: QueryPlanKind) => {
    edges.push({ id: `${kind}:${from}->${to}`, kind, from, to, ...(plan ? { plan } : {}) });
  };

  // Clusters and app profiles (lanes 0, 1): only when the design declares an instance.
  const inst = instanceOf(design);
  const specs = design.instance?.clusters ?? [];
  specs.forEach((c, i) => {
    const size = c.autoscaling ? `${c.autoscaling.minNodes}-${c.autoscaling.maxNodes} nodes, CPU ${c.autoscaling.cpuTarget}%` : `${c.nodes ?? 3} nodes`;
    add({ id: `cluster:${c.id}`, kind: 'cluster', label: c.id, lines: [c.zone, size], path: ['instance', 'clusters', i], table: null, lane: 0 });
  });
  if (specs.length === 0 && design.cluster) {
    add({
      id: 'cluster:(cluster)',
      kind: 'cluster',
      label: 'cluster',
      lines: [`${design.cluster.nodes ?? 3} nodes`, (design.cluster.storage ?? 'ssd').toUpperCase()],
      path: ['cluster'],
      table: null,
      lane: 0,
    });
  }
  const clusterIds = new Set(specs.map((c) => c.id));
  const profiles = design.instance?.appProfiles ?? [];
  profiles.forEach((p, i) => {
    const routing =
      p.routing === 'single' ? `single → ${p.cluster ?? specs[0]?.id ?? '?'}` : `multi → ${(p.clusters ?? specs.map((c) => c.id)).length} clusters`;
    const extra = [
      p.allowTransactionalWrites ? 'transactional writes' : null,
      p.priority ? `priority ${p.priority}` : null,
      p.dataBoost ? 'Data Boost' : null,
    ].filter((x): x is string => x !== null);
    add({ id: `profile:${p.id}`, kind: 'profile', label: p.id, lines: [routing, ...extra], path: ['instance', 'appProfiles', i], table: null, lane: 1 });
    const targets = p.routing === 'single' ? [p.cluster ?? specs[0]?.id] : (p.clusters ?? specs.map((c) => c.id));
    for (const c of targets) if (c !== undefined && clusterIds.has(c)) edge('routes-to', `profile:${p.id}`, `cluster:${c}`);
  });
  const profileIds = new Set(profiles.map((p) => p.id));

  // Tables (lane 3): an index table (writtenWith) right after the table it is written with.
  const tableNames = new Set(design.tables.map((t) => t.name));
  const order: number[] = [];
  const placed = new Set<number>();
  const children = new Map<string, number[]>();
  design.tables.forEach((t, i) => {
    const parent = t.writtenWith;
    if (parent !== undefined && parent !== t.name && tableNames.has(parent)) children.set(parent, [...(children.get(parent) ?? []), i]);
  });
  const visit = (i: number) => {
    if (placed.has(i)) return;
    placed.add(i);
    order.push(i);
    for (const c of children.get(design.tables[i]!.name) ?? []) visit(c);
  };
  design.tables.forEach((t, i) => {
    const parent = t.writtenWith;
    if (parent === undefined || parent === t.name || !tableNames.has(parent)) visit(i);
  });
  design.tables.forEach((_, i) => visit(i)); // a cycle of writtenWith: still every table once
  for (const i of order) {
    const t = design.tables[i]!;
    // Counters show: an aggregate family carries its function (n (sum)).
    const families = (t.families ?? []).map((f) => (f.aggregate ? `${f.name} (${f.aggregate})` : f.name));
    const settings = [
      t.deletionProtection ? 'protected' : null,
      t.changeStreamRetention ? 'change stream' : null,
      t.backup ? 'backups' : null,
      t.tieredStorage ? 'tiered' : null,
    ].filter((x): x is string => x !== null);
    const lines = [t.rowKey.template, families.length ? `families: ${families.join(', ')}` : 'no families'];
    if (settings.length) lines.push(settings.join(', '));
    add({ id: `table:${t.name}`, kind: 'table', label: t.name, lines, path: ['tables', i], table: t.name, lane: 3 });
    const parent = t.writtenWith;
    if (parent !== undefined && tableNames.has(parent) && parent !== t.name) edge('written-with', `table:${t.name}`, `table:${parent}`);
  }

  // Views (lane 4).
  const viewIds = new Map<string, string>();
  (design.materializedViews ?? []).forEach((v, i) => {
    const key = v.groupBy
      ? `GROUP BY ${v.groupBy.fields.join(', ')}`
      : v.index
        ? `ORDER BY ${[...v.index.fields, 'source_key'].join(', ')}`
        : viewKeyOfSql(v.query ?? '', design);
    const id = `materialized:${v.name}`;
    viewIds.set(v.name, id);
    add({ id, kind: 'materialized', label: v.name, lines: ['materialized view', key], path: ['materializedViews', i], table: null, lane: 4 });
    if (tableNames.has(v.table)) edge('view-over', id, `table:${v.table}`);
  });
  (design.logicalViews ?? []).forEach((v, i) => {
    const id = `logical:${v.name}`;
    const from = fromTable(v.query, design);
    add({ id, kind: 'logical', label: v.name, lines: ['logical view', from ? `over ${from}` : 'SQL'], path: ['logicalViews', i], table: null, lane: 4 });
    if (from && tableNames.has(from)) edge('view-over', id, `table:${from}`);
  });
  (design.authorizedViews ?? []).forEach((v, i) => {
    const id = `authorized:${v.name}`;
    const prefixes = v.rowPrefixes?.filter((p) => p !== '') ?? [];
    const rows = prefixes.length ? `rows ${prefixes.map((p) => `${p}…`).join(', ')}` : 'every row';
    add({
      id,
      kind: 'authorized',
      label: v.name,
      lines: ['authorized view', rows, `families: ${Object.keys(v.families).join(', ') || 'none'}`],
      path: ['authorizedViews', i],
      table: null,
      lane: 4,
    });
    if (tableNames.has(v.table)) edge('view-over', id, `table:${v.table}`);
  });

  // Queries (lane 2): each along its route, cluster <- profile <- query -> the table or view serving it.
  design.tables.forEach((t: Table, ti) => {
    (t.queries ?? []).forEach((q: Query, qi) => {
      const plan = plans[ti]?.find((p) => p.index === qi);
      const id = `query:${t.name}:${qi}`;
      const servedBy = q.servedBy;
      const target =
        servedBy !== undefined && tableNames.has(servedBy)
          ? `table:${servedBy}`
          : servedBy !== undefined && viewIds.has(servedBy)
            ? viewIds.get(servedBy)!
            : `table:${t.name}`;
      const lines = [plan ? planText(plan) : 'no plan', ...(q.perSecond !== undefined ? [`${q.perSecond}/s`] : [])];
      add({ id, kind: 'query', label: q.name, lines, path: ['tables', ti, 'queries', qi], table: t.name, lane: 2, ...(plan ? { plan: plan.kind } : {}) });
      edge('served-by', id, target, plan?.kind);
      if (profiles.length) {
        const via = profileOfQuery(inst, t, q).id;
        if (via !== null && profileIds.has(via)) edge('via-profile', id, `profile:${via}`, plan?.kind);
      }
    });
  });

  return place(
    drafts.map((d) => d.node),
    edges,
  );
}

/** The FROM table of a view's SQL, or null when it has none that can be read. */
function fromTable(sql: string, design: Design): string | null {
  try {
    return checkSelect(sql, design).shape?.table ?? null;
  } catch {
    return null;
  }
}

function viewKeyOfSql(sql: string, design: Design): string {
  try {
    const shape = checkSelect(sql, design).shape;
    if (!shape || shape.key.length === 0) return 'SQL';
    return `${shape.form === 'group' ? 'GROUP BY' : 'ORDER BY'} ${shape.key.join(', ')}`;
  } catch {
    return 'SQL';
  }
}

const heightOf = (n: { lines: string[] }) => PAD * 2 + LINE_H * (1 + n.lines.length);

/** Places boxes lane by lane: tables first (design order), then each lane near its neighbours. */
function place(nodes: Omit<DiagramNode, 'x' | 'y' | 'w' | 'h'>[], rawEdges: Omit<DiagramEdge, 'x1' | 'y1' | 'x2' | 'y2'>[]): Diagram {
  // Only the lanes that hold a box take room (a design with no instance starts at its queries).
  const usedLanes = new Set(nodes.map((n) => n.lane));
  usedLanes.add(3);
  const laneX: number[] = [];
  let x = MARGIN;
  for (let l = 0; l < LANE_W.length; l++) {
    laneX.push(x);
    if (usedLanes.has(l)) x += LANE_W[l]! + LANE_GAP;
  }
  // An index table's arrow loops out right of the tables: room for it when no views lane is there.
  const loopRoom = rawEdges.some((e) => e.kind === 'written-with') && !usedLanes.has(4) ? 36 : 0;
  const width = x - LANE_GAP + MARGIN + loopRoom;
  const out = new Map<string, DiagramNode>();
  const neighbours = new Map<string, string[]>();
  for (const e of rawEdges) {
    neighbours.set(e.from, [...(neighbours.get(e.from) ?? []), e.to]);
    neighbours.set(e.to, [...(neighbours.get(e.to) ?? []), e.from]);
  }
  const stack = (
    lane: number,
    wanted: (n: Omit<DiagramNode, 'x' | 'y' | 'w' | 'h'>) => number | null,
    room: (n: Omit<DiagramNode, 'x' | 'y' | 'w' | 'h'>) => number = heightOf,
  ) => {
    const inLane = nodes.filter((n) => n.lane === lane);
    // Stable: by wanted centre, then by the order the design gives.
    const withWant = inLane.map((n, i) => ({ n, i, want: wanted(n) }));
    let last = TOP;
    const sorted = [...withWant].sort((a, b) => (a.want ?? Number.MAX_SAFE_INTEGER) - (b.want ?? Number.MAX_SAFE_INTEGER) || a.i - b.i);
    for (const { n, want } of sorted) {
      const h = heightOf(n);
      const y = Math.max(last, want === null ? last : Math.round(want - h / 2));
      out.set(n.id, { ...n, x: laneX[lane]!, y, w: LANE_W[lane]!, h });
      last = y + Math.max(h, room(n)) + V_GAP;
    }
  };
  const centreOfNeighbours = (n: { id: string }) => {
    const ys = (neighbours.get(n.id) ?? [])
      .map((id) => out.get(id))
      .filter((m): m is DiagramNode => m !== undefined)
      .map((m) => m.y + m.h / 2);
    return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : null;
  };
  // Tables: design order, index tables under their table; each takes the room of the queries it
  // serves or the views over it, whichever is taller, so those sit beside it and not below.
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const column = (ids: string[]) => (ids.length ? ids.reduce((sum, id) => sum + heightOf(byId.get(id)!) + V_GAP, -V_GAP) : 0);
  const room = (t: { id: string }) => {
    const linked = (neighbours.get(t.id) ?? []).filter((id, i, all) => all.indexOf(id) === i);
    return Math.max(
      heightOf(byId.get(t.id)!),
      column(linked.filter((id) => byId.get(id)?.lane === 2)),
      column(linked.filter((id) => byId.get(id)?.lane === 4)),
    );
  };
  stack(3, () => null, room);
  stack(2, centreOfNeighbours); // queries: beside what serves them
  stack(4, centreOfNeighbours); // views: beside their source table
  stack(1, centreOfNeighbours); // profiles: beside the queries that use them
  stack(0, centreOfNeighbours); // clusters: beside the profiles that route to them

  const edges: DiagramEdge[] = [];
  for (const e of rawEdges) {
    const a = out.get(e.from);
    const b = out.get(e.to);
    if (!a || !b) continue;
    const [l, r] = a.x <= b.x ? [a, b] : [b, a];
    const same = a.lane === b.lane;
    // Boxes in one lane (a table and its index table) link on their right side.
    edges.push({
      ...e,
      x1: same ? a.x + a.w : l === a ? a.x + a.w : a.x,
      y1: a.y + a.h / 2,
      x2: same ? b.x + b.w : r === b ? b.x : b.x + b.w,
      y2: b.y + b.h / 2,
    });
  }
  const nodesOut = nodes.map((n) => out.get(n.id)!);
  const height = Math.max(TOP + 40, ...nodesOut.map((n) => n.y + n.h)) + MARGIN;
  const lanes = LANE_TITLES.map((title, l) => ({ title, x: laneX[l]!, w: LANE_W[l]! })).filter((_, l) => usedLanes.has(l));
  return { nodes: nodesOut, edges, lanes, width, height };
}
