import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../../core/load/load-design';
import type { Design, Table } from '../../core/model/schema';
import { analyze } from '../../core/analysis/design';
import { exampleDesigns } from '../../test-support/examples';
import { validDesign } from '../../test-support/design-arbitrary';
import { layoutDiagram, type Diagram } from './layout';

const diagramOf = (d: Design) =>
  layoutDiagram(
    d,
    analyze(d).tables.map((t) => t?.plans),
  );
const node = (g: Diagram, id: string) => {
  const n = g.nodes.find((x) => x.id === id);
  if (!n) throw new Error(`no node ${id} in ${g.nodes.map((x) => x.id).join(', ')}`);
  return n;
};
const edges = (g: Diagram, kind: string) => g.edges.filter((e) => e.kind === kind).map((e) => `${e.from} -> ${e.to}`);

/** No two boxes of one lane overlap, every box is inside the drawing, every edge joins two boxes. */
function expectWellFormed(g: Diagram): void {
  const ids = new Set(g.nodes.map((n) => n.id));
  expect(ids.size).toBe(g.nodes.length);
  for (const n of g.nodes) {
    expect(n.x >= 0 && n.y >= 0 && n.x + n.w <= g.width && n.y + n.h <= g.height, `${n.id} inside`).toBe(true);
    for (const v of [n.x, n.y, n.w, n.h]) expect(Number.isFinite(v)).toBe(true);
  }
  for (const lane of new Set(g.nodes.map((n) => n.lane))) {
    const boxes = g.nodes.filter((n) => n.lane === lane).sort((a, b) => a.y - b.y);
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]!.y, `${boxes[i]!.id} below ${boxes[i - 1]!.id}`).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.h);
  }
  for (const e of g.edges) {
    expect(ids.has(e.from) && ids.has(e.to), e.id).toBe(true);
    for (const v of [e.x1, e.y1, e.x2, e.y2]) expect(Number.isFinite(v)).toBe(true);
    // The drawn arrow stays inside the drawing (a written-with loop goes 28 px right of its boxes).
    expect(Math.max(e.x1, e.x2) + (e.kind === 'written-with' ? 28 : 0), e.id).toBeLessThanOrEqual(g.width);
  }
}

const table = (name: string, extra: Partial<Table> & Record<string, unknown> = {}): Table =>
  ({
    name,
    rowKey: { template: '{user}#{ts}', fields: { user: { type: 'string', cardinality: 100000 }, ts: { type: 'timestamp' } } },
    families: [{ name: 'd', gc: { maxVersions: 1 } }],
    ...extra,
  }) as Table;

describe('layoutDiagram', () => {
  it('draws the replicated example: clusters, profiles routing to them, queries along their route', () => {
    const d = exampleDesigns().find((e) => e.file === 'replicated-orders.yaml')!.design;
    const g = diagramOf(d);
    expectWellFormed(g);
    expect(g.nodes.filter((n) => n.kind === 'cluster').map((n) => n.label)).toEqual(['shop-east', 'shop-west']);
    expect(edges(g, 'routes-to').sort()).toEqual([
      'profile:serving -> cluster:shop-east',
      'profile:serving -> cluster:shop-west',
      'profile:stock-writer -> cluster:shop-east',
    ]);
    const queries = g.nodes.filter((n) => n.kind === 'query');
    expect(queries.length).toBe(d.tables.reduce((n, t) => n + (t.queries?.length ?? 0), 0));
    for (const q of queries) {
      // Each query goes through one profile and is served by its table; it carries its plan.
      expect(g.edges.filter((e) => e.from === q.id && e.kind === 'via-profile')).toHaveLength(1);
      const served = g.edges.filter((e) => e.from === q.id && e.kind === 'served-by');
      expect(served.map((e) => e.to)).toEqual([`table:${q.table}`]);
      expect(q.plan).toBeDefined();
      expect(served[0]!.plan).toBe(q.plan);
    }
    // Lanes left to right: clusters, profiles, queries, tables.
    expect(g.lanes.map((l) => l.title)).toEqual(['Clusters', 'App profiles', 'Queries', 'Tables']);
    // The counters: carts' aggregate family n is marked with its function.
    expect(node(g, 'table:carts').lines).toContain('families: i, n (sum)');
    const x = (kind: string) => g.nodes.find((n) => n.kind === kind)!.x;
    expect(x('cluster') < x('profile') && x('profile') < x('query') && x('query') < x('table')).toBe(true);
  });

  it('colours a full scan as a full scan, and names the plan', () => {
    const d: Design = {
      format: 'bigtable-studio/v1',
      name: 'x',
      tables: [
        table('events', {
          queries: [
            { name: 'by user', match: { user: 'eq' } },
            { name: 'by time', match: { ts: 'range' } },
          ],
        }),
      ],
    };
    const g = diagramOf(d);
    expect(node(g, 'query:events:0').plan).toBe('prefix');
    expect(node(g, 'query:events:1').plan).toBe('full-scan');
    expect(node(g, 'query:events:1').lines[0]).toBe('FULL SCAN');
    expect(g.edges.find((e) => e.from === 'query:events:1')!.plan).toBe('full-scan');
  });

  it('puts an index table right under the table it is written with, and draws written-with', () => {
    const d = {
      format: 'bigtable-studio/v1',
      name: 'x',
      tables: [table('orders'), table('users'), table('orders_by_user', { writtenWith: 'orders' })],
    } as Design;
    const g = diagramOf(d);
    expectWellFormed(g);
    const order = g.nodes
      .filter((n) => n.kind === 'table')
      .sort((a, b) => a.y - b.y)
      .map((n) => n.label);
    expect(order).toEqual(['orders', 'orders_by_user', 'users']);
    expect(edges(g, 'written-with')).toEqual(['table:orders_by_user -> table:orders']);
  });

  it('draws every kind of view over its table, and a query served by a view', () => {
    const d = {
      format: 'bigtable-studio/v1',
      name: 'x',
      tables: [table('orders', { queries: [{ name: 'by day', match: { ts: 'range' }, servedBy: 'orders_by_day' }] }), table('users')],
      materializedViews: [{ name: 'orders_by_day', table: 'orders', groupBy: { fields: ['user'], aggregations: [{ fn: 'count', as: 'n' }] } }],
      logicalViews: [{ name: 'recent', query: 'SELECT _key FROM `users`' }],
      authorizedViews: [{ name: 'eu', table: 'users', rowPrefixes: ['eu#'], families: { d: {} } }],
    } as Design;
    const g = diagramOf(d);
    expectWellFormed(g);
    expect(edges(g, 'view-over').sort()).toEqual([
      'authorized:eu -> table:users',
      'logical:recent -> table:users',
      'materialized:orders_by_day -> table:orders',
    ]);
    expect(edges(g, 'served-by')).toEqual(['query:orders:0 -> materialized:orders_by_day']);
    expect(node(g, 'materialized:orders_by_day').lines).toContain('GROUP BY user');
    expect(node(g, 'authorized:eu').lines).toContain('rows eu#…');
    expect(node(g, 'materialized:orders_by_day').path).toEqual(['materializedViews', 0]);
  });

  it('lays out 30 tables in lanes: every table once, queries beside their table, no overlap', () => {
    const tables = Array.from({ length: 30 }, (_, i) =>
      table(`t${String(i).padStart(2, '0')}`, {
        queries: [
          { name: 'get', match: { user: 'eq', ts: 'eq' } },
          { name: 'scan', match: { user: 'eq' } },
        ],
        ...(i % 5 === 4 ? { writtenWith: `t${String(i - 1).padStart(2, '0')}` } : {}),
      }),
    );
    const d = { format: 'bigtable-studio/v1', name: 'big', tables } as Design;
    const g = diagramOf(d);
    expectWellFormed(g);
    expect(g.nodes.filter((n) => n.kind === 'table')).toHaveLength(30);
    expect(g.nodes.filter((n) => n.kind === 'query')).toHaveLength(60);
    expect(g.lanes.map((l) => l.title)).toEqual(['Queries', 'Tables']);
    // Readable: two lanes wide, and each query box starts no higher than its table (they follow it down).
    expect(g.width).toBeLessThan(700);
    // Each table's queries sit beside it: within the band from its top to the next table's top.
    const tablesDown = g.nodes.filter((n) => n.kind === 'table').sort((a, b) => a.y - b.y);
    tablesDown.forEach((t, i) => {
      const next = tablesDown[i + 1]?.y ?? g.height;
      for (const q of g.nodes.filter((n) => n.kind === 'query' && n.table === t.label)) {
        expect(q.y, `${q.id} beside ${t.id}`).toBeGreaterThanOrEqual(t.y - q.h);
        expect(q.y + q.h, `${q.id} beside ${t.id}`).toBeLessThanOrEqual(next + q.h);
      }
    });
    // Queries follow their tables' order down the page.
    const qOrder = g.nodes
      .filter((n) => n.kind === 'query')
      .sort((a, b) => a.y - b.y)
      .map((n) => n.table);
    expect(qOrder).toEqual([...qOrder].sort());
  });

  it('shortens long names with an ellipsis instead of drawing past the box', () => {
    const long = 'a'.repeat(60);
    const g = diagramOf({ format: 'bigtable-studio/v1', name: 'x', tables: [table(long)] });
    const t = g.nodes[0]!;
    expect(t.label.length).toBeLessThanOrEqual(30);
    expect(t.label.endsWith('…')).toBe(true);
  });

  it('lays out every design the format accepts (generated), well formed', () => {
    fc.assert(
      fc.property(validDesign, (d) => {
        if (!validateDesign(d, 'x.yaml').ok) return;
        expectWellFormed(diagramOf(d));
      }),
      { numRuns: 40 },
    );
  });
});
