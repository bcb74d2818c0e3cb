// Every suggested materialized view passes the checks a declared view gets (view-query: Google's
// continuous materialized view rules), never uses ARRAY_AGG, and an index puts the equality
// fields of its query first (an index on the range field alone cannot serve "a user since T").
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../../test-support/examples';
import { ENCODING_ZOO, EVIL } from '../../../test-support/export-designs';
import { oneTable } from '../../../test-support/one-table';
import type { Design } from '../../model/schema';
import { lint } from '../../rules/lint';
import { checkMaterializedView } from './check';
import { materializedViewSql } from './sql';
import { suggestViews } from './suggest';
import { VIEWS_DESIGN } from './test-design';

const designs: Design[] = [...exampleDesigns().map((e) => e.design), ENCODING_ZOO, EVIL, VIEWS_DESIGN];

describe('suggested materialized views', () => {
  const all = designs.flatMap((d) => d.tables.flatMap((t) => suggestViews(d, t).map((s) => ({ d, s }))));

  it('suggests some views', () => expect(all.length).toBeGreaterThan(3));

  it.each(all.map(({ d, s }) => [s.view.name, d, s] as const))('%s passes the materialized view checks', (_n, d, s) => {
    const sql = materializedViewSql(d, s.view);
    expect(sql.ok).toBe(true);
    if (!sql.ok) return;
    expect(sql.sql).not.toMatch(/ARRAY_AGG/);
    expect(checkMaterializedView(sql.sql, d).problems).toEqual([]);
    const withView: Design = { ...d, materializedViews: [s.view] };
    expect(lint(withView).findings.filter((f) => f.rule === 'view-query')).toEqual([]);
  });

  it('indexes "a user since T" by user first, then ts', () => {
    const d = oneTable({
      name: 'events',
      rowKey: { template: '{ts}#{user}', fields: { ts: { type: 'timestamp', pad: 13 }, user: { type: 'string' } } },
      queries: [{ name: 'a user since T', match: { ts: 'range', user: 'eq' } }],
    });
    const [s] = suggestViews(d, d.tables[0]!);
    expect(s!.view.index).toEqual({ fields: ['user', 'ts'] });
    // A second table keyed by user serves the query: no index is suggested.
    const byUser: Design = {
      ...d,
      tables: [
        ...d.tables,
        { name: 'events_by_user', rowKey: { template: '{user}#{ts}', fields: { user: { type: 'string' }, ts: { type: 'timestamp', pad: 13 } } } },
      ],
    };
    expect(suggestViews(byUser, byUser.tables[0]!)).toEqual([]);
  });
});
