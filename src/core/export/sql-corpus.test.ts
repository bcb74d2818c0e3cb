// Every SELECT the SQL export writes, for every query of every example and test design, checked
// by structure (core/views/tokens.ts; no well-kept GoogleSQL parser exists for JavaScript):
// one SELECT ... FROM the table, balanced, every matched key field and every filter bound by a
// predicate that is in the statement, every @parameter declared and every declared one used,
// and no reserved word unquoted where an identifier stands. A query without a statement says why.
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../test-support/examples';
import type { Design } from '../model/schema';
import { checkSelect } from '../views/check';
import { balanced, tokenize } from '../views/tokens';
import { ExportError, keyLayoutOf } from './common';
import { structuredKeyOf } from './row-key-schema';
import { querySql } from './sql-query';
import { RESERVED } from './sql-text';
import { ENCODING_ZOO, EVIL } from '../../test-support/export-designs';

const RESERVED_DESIGN: Design = {
  format: 'bigtable-studio/v1',
  name: 'reserved words',
  tables: [
    {
      name: 'group',
      rowKey: { template: '{select}#{order}#{from}', fields: { select: { type: 'string' }, order: { type: 'int', pad: 6 }, from: { type: 'timestamp', reversed: true } } },
      families: [{ name: 'where', gc: { maxVersions: 1 }, columns: [{ qualifier: 'limit', type: 'int64' }] }],
      queries: [
        { name: 'eq', match: { select: 'eq', order: 'eq' }, filter: ['where:limit >= 3'] },
        { name: 'gap', match: { from: 'range' }, limit: 5 },
        { name: 'prefix', match: { select: 'prefix' } },
      ],
    },
  ],
};

const designs: Design[] = [...exampleDesigns().map((e) => e.design), ENCODING_ZOO, EVIL, RESERVED_DESIGN];
const cases = designs.flatMap((d) => d.tables.flatMap((t) => (t.queries ?? []).map((q, i) => ({ d, t, q, i }))));

describe('every generated SELECT binds every matched field and filter', () => {
  it('has queries to check', () => expect(cases.length).toBeGreaterThan(30));

  it.each(cases.map((c) => [`${c.d.name} / ${c.t.name} / ${c.q.name}`, c] as const))('%s', (_n, { d, t, q, i }) => {
    let key = null;
    try {
      key = structuredKeyOf(d, t);
    } catch (e) {
      if (!(e instanceof ExportError)) throw e;
    }
    const r = querySql(d, t, keyLayoutOf(t), key, q, i);
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
