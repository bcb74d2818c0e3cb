import { expect } from 'vitest';
import rule from './counter-read-modify-write';
import { ruleTester, tableYaml } from './tester';

const design = (families: string, queries = '') =>
  tableYaml({
    table: 'posts',
    template: '{author}#{post}',
    fields: '        author: {type: string, cardinality: 100000}\n        post: {type: uuid}',
    families,
    after: queries,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'counters in aggregate families (Schema design best practices, counters: ad views, daily unique viewers with HLL)',
      yaml: design(`      - name: c
        aggregate: sum
        columns:
          - {qualifier: views, valueBytes: 8, counter: true}
          - {qualifier: likes, valueBytes: 8, counter: true}
      - name: uv
        aggregate: hll
        columns:
          - {qualifier: viewers, valueBytes: 1024, counter: true}`),
    },
    {
      name: 'a plain family whose columns are not counters',
      yaml: design(`      - name: p
        gc: {maxVersions: 1}
        columns:
          - {qualifier: title, valueBytes: 80}
          - {qualifier: views_at_import, valueBytes: 8}`),
    },
  ],
  invalid: [
    {
      name: 'a counter next to plain columns moves to a new sum family',
      yaml: design(
        `      - name: p
        gc: {maxAge: 30d}
        columns:
          - {qualifier: title, valueBytes: 80}
          - {qualifier: views, valueBytes: 8, counter: true}`,
        `    queries:
      - name: popular posts of an author
        match: {author: eq}
        filter: ["p:views > 1000", "p:views_total > 1"]`,
      ),
      findings: [
        {
          messageId: 'counter',
          path: 'tables[0].families[0].columns[1]',
          severity: 'warning',
          message: /p:views is a counter .* Move it to the aggregate sum family counters \(new\)/,
        },
      ],
      fixed: (d) => {
        const fams = d.tables[0]!.families!;
        expect(fams.map((f) => f.name)).toEqual(['p', 'counters']);
        expect(fams[0]!.columns!.map((c) => c.qualifier)).toEqual(['title']);
        expect(fams[1]).toEqual({ name: 'counters', aggregate: 'sum', gc: { maxAge: '30d' }, columns: [{ qualifier: 'views', valueBytes: 8, counter: true }] });
        expect(d.tables[0]!.queries![0]!.filter).toEqual(['counters:views > 1000', 'p:views_total > 1']);
      },
    },
    {
      name: 'a family of nothing but counters becomes the aggregate family',
      yaml: design(`      - name: stats
        columns:
          - {qualifier: views, valueBytes: 8, counter: true}
          - {qualifier: shares, valueBytes: 8, counter: true}`),
      findings: [
        { messageId: 'counter', path: 'tables[0].families[0].columns[0]', message: /make stats one/ },
        { messageId: 'counter', path: 'tables[0].families[0].columns[1]' },
      ],
      fixed: (d) =>
        expect(d.tables[0]!.families).toEqual([
          {
            name: 'stats',
            aggregate: 'sum',
            columns: [
              { qualifier: 'views', valueBytes: 8, counter: true },
              { qualifier: 'shares', valueBytes: 8, counter: true },
            ],
          },
        ]),
    },
    {
      name: 'the counter joins the existing sum family',
      yaml: design(`      - name: p
        gc: {maxVersions: 1}
        columns:
          - {qualifier: title, valueBytes: 80}
          - {qualifier: shares, counter: true}
      - name: c
        aggregate: sum
        columns:
          - {qualifier: views, valueBytes: 8, counter: true}`),
      findings: [{ messageId: 'counter', path: 'tables[0].families[0].columns[1]', message: /sum family c\./ }],
      fixed: (d) => {
        expect(d.tables[0]!.families![0]!.columns!.map((c) => c.qualifier)).toEqual(['title']);
        expect(d.tables[0]!.families![1]!.columns!.map((c) => c.qualifier)).toEqual(['views', 'shares']);
      },
    },
    {
      name: 'no fix when the sum family already has a column of that name',
      yaml: design(`      - name: p
        gc: {maxVersions: 1}
        columns:
          - {qualifier: title, valueBytes: 80}
          - {qualifier: views, valueBytes: 8, counter: true}
      - name: c
        aggregate: sum
        columns:
          - {qualifier: views, valueBytes: 8, counter: true}`),
      findings: [{ messageId: 'counter', path: 'tables[0].families[0].columns[1]' }],
      fixed: null,
    },
  ],
});
