// Every SELECT the SQL export writes, for every query of every example and test design, checked
// by structure (core/sql/tokens.ts; no well-kept GoogleSQL parser exists for JavaScript):
// one SELECT ... FROM the table, balanced, every matched key field and every filter bound by a
// predicate that is in the statement, every @parameter declared and every declared one used,
// and no reserved word unquoted where an identifier stands. A query without a statement says why.
// A query the key does not serve (a full table scan, or matched fields after a gap) still gets
// its statement, with a cost comment; one the key serves gets none. The rule corpus's designs
// (good and bad) are read too: they hold most of the gap queries.
import { describe, expect, it } from 'vitest';
import { loadDesign } from '../load/load-design';
import { planQuery } from '../analysis/query-plan';
import { exampleDesigns } from '../../test-support/examples';
import type { Design } from '../model/schema';
import { checkSelect } from './views/check';
import { balanced, tokenize } from '../sql/tokens';
import { ExportError, keyLayoutOf } from './common';
import { structuredKeyOf } from './row-key-schema';
import { querySql } from './sql-query';
import { RESERVED } from '../sql/text';
import { adClicksYaml } from '../../test-support/ad-clicks';
import { corpusDesigns } from '../../test-support/rule-corpus';
import { ENCODING_ZOO, EVIL } from '../../test-support/export-designs';

const RESERVED_DESIGN: Design = {
  format: 'bigtable-studio/v1',
  name: 'reserved words',
  tables: [
    {
      name: 'group',
      rowKey: {
        template: '{select}#{order}#{from}',
        fields: { select: { type: 'string' }, order: { type: 'int', pad: 6 }, from: { type: 'timestamp', reversed: true } },
      },
      families: [{ name: 'where', gc: { maxVersions: 1 }, columns: [{ qualifier: 'limit', type: 'int64' }] }],
      queries: [
        { name: 'eq', match: { select: 'eq', order: 'eq' }, filter: ['where:limit >= 3'] },
        { name: 'gap', match: { from: 'range' }, limit: 5 },
        { name: 'prefix', match: { select: 'prefix' } },
      ],
    },
  ],
};

// The ad-click system of the capacity work: "one click by id" declared on clicks, served by clicks_by_id or not.
const adClicks: Design[] = [true, false].flatMap((served) => {
  const r = loadDesign(adClicksYaml({ served, indexTable: true, clusters: true }), 'ad-clicks.yaml');
  return r.ok ? [r.design] : [];
});
const designs: Design[] = [...exampleDesigns().map((e) => e.design), ENCODING_ZOO, EVIL, RESERVED_DESIGN, ...corpusDesigns().map((c) => c.design), ...adClicks];
/** What `read` returns, or null where the export refuses the table (an ExportError, tested elsewhere). */
function unlessRefused<T>(read: () => T): T | null {
  try {
    return read();
  } catch (e) {
    if (e instanceof ExportError) return null;
    throw e;
  }
}
/** Whether the export reads the table's key at all. */
const readable = (t: Design['tables'][number]) => unlessRefused(() => keyLayoutOf(t)) !== null;
const cases = designs.flatMap((d) => d.tables.filter(readable).flatMap((t) => (t.queries ?? []).map((q, i) => ({ d, t, q, i }))));

describe('every generated SELECT binds every matched field and filter', () => {
  it('has queries to check, gap queries among them', () => {
    expect(cases.length).toBeGreaterThan(100);
    const gaps = cases.filter(({ t, q, i }) => {
      const p = planQuery(t, keyLayoutOf(t), q, i);
      return p.kind === 'full-scan' || p.unusable.length > 0;
    });
    expect(gaps.length).toBeGreaterThan(5);
    expect(adClicks).toHaveLength(2);
    expect(cases.some(({ q }) => q.servedBy === 'clicks_by_id')).toBe(true);
  });

  it.each(cases.map((c) => [`${c.d.name} / ${c.t.name} / ${c.q.name}`, c] as const))('%s', (_n, { d, t, q, i }) => {
    const key = unlessRefused(() => structuredKeyOf(d, t));
    const r = querySql(d, t, keyLayoutOf(t), key, q, i);
    const plan = planQuery(t, keyLayoutOf(t), q, i);
    const gap = plan.unusable.filter((n) => q.match?.[n]);
    if ((plan.kind === 'full-scan' || gap.length) && q.servedBy) expect(r.cost).toMatch(/^Cost: on .* the design serves the query from /);
    else if (plan.kind === 'full-scan') expect(r.cost).toMatch(/^Cost: full table scan\. Each run reads (about [\d,]+ rows|every row of )/);
    else if (gap.length) expect(r.cost).toMatch(new RegExp(`^Cost: each run reads .*; ${gap.join(', ')} comes? after a gap in the key`));
    else if (plan.leading.length || plan.fanout.length) expect(r.cost).toBeNull();
    // Served poorly or not, a query gets its statement unless a filter or the order cannot be said exactly.
    if (plan.kind === 'full-scan' || gap.length)
      expect(
        r.unexpressed.every((u) => /^filter |newest/.test(u)),
        r.unexpressed.join('; '),
      ).toBe(true);
    if (!r.statement) {
      expect(r.unexpressed.length).toBeGreaterThan(0);
      return;
    }
    expect(r.unexpressed).toEqual([]);
    const tokens = tokenize(r.statement);
    expect(balanced(tokens)).toBe(true);
    const { problems, shape } = checkSelect(r.statement, d);
    expect(problems).toEqual([]);
    expect(shape?.table).toBe(t.name);
    for (const field of Object.keys(q.match ?? {})) {
      expect(r.predicates.field[field], `field ${field}`).toBeDefined();
      for (const p of r.predicates.field[field]!) expect(r.statement).toContain(p);
    }
    for (const f of q.filter ?? []) expect(r.statement).toContain(r.predicates.filter[f]!);
    const used = new Set(tokens.filter((x) => x.kind === 'param').map((x) => x.text));
    expect([...used].sort()).toEqual([...new Set(r.params.map((p) => p.name))].sort());
    // A reserved word is never an unquoted identifier: names of the design appear quoted.
    for (const tk of tokens) if (tk.kind === 'word' && RESERVED.has(tk.upper)) expect(tk.text).toBe(tk.upper);
    if (q.limit) expect(r.statement).toMatch(new RegExp(`LIMIT ${q.limit};$`));
  });
});
