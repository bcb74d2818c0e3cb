// The SQL export's statements, pinned: every matched field and filter is a predicate (issue:
// predicates were dropped), reserved words are quoted, half-open _key ranges, reversed time
// explained with parameters in the order a user passes them, and no statement when a query
// cannot be expressed.
import { describe, expect, it } from 'vitest';
import type { Column, ColumnType, Table } from '../model/schema';
import { tableWorkload } from '../capacity/workload';
import { analyze } from '../analysis/design';
import { exportTable } from '../outputs';
import { oneTable } from '../../test-support/one-table';

const sql = (t: Table) => exportTable(oneTable(t, 'sql test'), null, 'sql').text;
const orders = (queries: Table['queries'], extra: Partial<Table> = {}): Table => ({
  name: 'orders',
  rowKey: {
    template: '{store}#{customer}#{order}',
    fields: { store: { type: 'string', cardinality: 100 }, customer: { type: 'string' }, order: { type: 'int', pad: 10 } },
  },
  families: [{ name: 'o', gc: { maxVersions: 1 } }],
  queries,
  ...extra,
});

/** Columns of the given types, by qualifier, in order. */
const typed = (types: Record<string, ColumnType>): Column[] => Object.entries(types).map(([qualifier, type]) => ({ qualifier, type }));

/** Events of an app's users at a big-endian microsecond time (a TIMESTAMP column), keyed by `template`; one query: a user since T. */
const events = (template: string): Table => ({
  name: 'events',
  rowKey: {
    template,
    encoding: 'orderedCode',
    fields: { app: { type: 'string', cardinality: 10 }, user: { type: 'string' }, ts: { type: 'timestamp', encoding: 'bigEndian', unit: 'us' } },
  },
  families: [{ name: 'e', gc: { maxAge: '30d' } }],
  queries: [{ name: 'a user since T', match: { user: 'eq', ts: 'range' } }],
});

/** Orders behind a constant segment (`o#`): no structured row key, so the SQL reads _key. */
const GAP_KEY: Table['rowKey'] = {
  template: 'o#{store}#{customer}#{order}',
  delimiter: '#',
  fields: {
    store: { type: 'string', cardinality: 100, alphabet: 'lower' },
    customer: { type: 'string', alphabet: 'lower' },
    order: { type: 'int', pad: 10 },
  },
};

describe('SQL per query', () => {
  it('binds a field matched after a gap (issue: "returns 200 arbitrary orders of any customer")', () => {
    expect(sql(orders([{ name: 'orders of a customer', match: { customer: 'eq' }, limit: 200 }]))).toContain(
      [
        '-- @customer STRING: customer',
        '-- customer: after a gap in the key: filters the rows read',
        '-- Cost: full table scan. Each run reads every row of orders (how many is not known: declare load.writesPerSecond and a retention) to return at most 200; the WHERE keeps the rows the query wants. No key field narrows the read: a table or materialized view keyed by customer would serve it ("Schema design best practices").',
        'SELECT _key, o',
        'FROM orders',
        'WHERE customer = @customer',
        'LIMIT 200;',
      ].join('\n'),
    );
  });

  it('a gap query gets its statement and its cost: rows read per run and per second, "full table scan"', () => {
    const load = { writesPerSecond: 1000, retention: '30d' };
    const t = orders(
      [
        { name: 'orders of a customer', match: { customer: 'eq' }, limit: 200, perSecond: 10 },
        { name: 'an order of a store', match: { store: 'eq', order: 'eq' }, perSecond: 5 },
        { name: 'a store', match: { store: 'eq' } },
        { name: 'big orders', filter: ['o:total > 100'] },
      ],
      { load, families: [{ name: 'o', gc: { maxAge: '30d' }, columns: typed({ total: 'int64' }) }] },
    );
    const text = sql(t);
    // The capacity model's rows per run (about 1,000 writes/s kept 30 days, every one read by a full scan).
    const rows = tableWorkload(analyze(oneTable(t)).tables[0]!).queries.map((q) => q.rowsPerRequest!);
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    expect(rows[0]).toBeGreaterThan(2.5e9);
    expect(text).toContain(
      [
        `-- Cost: full table scan. Each run reads about ${n(rows[0]!)} rows, ${rows[0]! * 10 > 2e9 ? 'more than the 2,000,000,000 rows read/s that 1,000 nodes serve' : `${n(rows[0]! * 10)} rows read/s`} at 10 runs/s to return at most 200; the WHERE keeps the rows the query wants. No key field narrows the read: a table or materialized view keyed by customer would serve it ("Schema design best practices").`,
        'SELECT _key, o',
        'FROM orders',
        'WHERE customer = @customer',
        'LIMIT 200;',
      ].join('\n'),
    );
    // The store prefix narrows the read; the order after the customer gap only filters it.
    expect(text).toContain(
      `-- Cost: each run reads about ${n(rows[1]!)} rows, ${n(rows[1]! * 5)} rows read/s at 5 runs/s (the prefix the bound key fields select); order comes after a gap in the key, so it filters the rows read instead of narrowing the read.\nSELECT _key, o\nFROM orders\nWHERE store = @store\n  AND \`order\` = @order;`,
    );
    expect(text).toContain(
      `-- Cost: full table scan. Each run reads about ${n(rows[3]!)} rows; the WHERE keeps the rows the query wants. No key field narrows the read: a table or materialized view keyed by what the query filters on would serve it ("Schema design best practices").\nSELECT _key, o\nFROM orders\nWHERE CAST(o['total'] AS INT64) > 100;`,
    );
    // A query the design serves from another table says so, with no figure from this table.
    const routed = sql({ ...t, queries: [{ name: 'by customer', match: { customer: 'eq' }, servedBy: 'orders_by_customer' }] });
    expect(routed).toContain(
      '-- Cost: on orders this statement is a full table scan; the design serves the query from orders_by_customer (servedBy), whose key reads it: query that instead.\nSELECT _key, o\nFROM orders\nWHERE customer = @customer;',
    );
    // A query its key serves says no cost.
    const store = text.slice(text.indexOf('-- Query "a store"'), text.indexOf('-- Query "big orders"'));
    expect(store).not.toContain('Cost:');
    expect(store).toContain('WHERE store = @store;');
  });

  it('reads a gap field out of _key with SPLIT when the table has no row key schema', () => {
    // A constant segment: no structured row key, so the SQL reads _key.
    const t = orders([{ name: 'orders of a customer', match: { customer: 'eq' }, limit: 200 }], { rowKey: GAP_KEY });
    expect(sql(t)).toContain("SELECT _key, o\nFROM orders\nWHERE SPLIT(SAFE_CONVERT_BYTES_TO_STRING(_key), '#')[SAFE_OFFSET(2)] = @customer\nLIMIT 200;");
  });

  it('keeps the time bound of a query after a gap', () => {
    const text = sql(events('{app}#{user}#{ts}'));
    expect(text).toContain('WHERE user = @user\n  AND ts >= @ts_from AND ts <= @ts_to;');
    expect(text).toContain('-- @user STRING: user\n-- @ts_from TIMESTAMP: ts from, included\n-- @ts_to TIMESTAMP: ts to, included');
  });

  it('quotes reserved words with backticks (select, group, order)', () => {
    const t: Table = {
      name: 'select',
      rowKey: { template: '{group}#{select}', fields: { group: { type: 'string' }, select: { type: 'string' } } },
      families: [
        { name: 'order', gc: { maxVersions: 1 } },
        { name: 'my-fam', gc: { maxVersions: 1 } },
      ],
      queries: [{ name: 'q', match: { group: 'eq', select: 'eq' } }],
    };
    expect(sql(t)).toContain('SELECT _key, `order`, `my-fam`\nFROM `select`\nWHERE `group` = @group\n  AND `select` = @select;');
  });

  it('writes a half-open _key range and says so, with the key builder as the source of the bytes', () => {
    const t = orders([{ name: 'a range of orders', match: { store: 'eq', customer: 'eq', order: 'range' } }], { rowKey: GAP_KEY });
    const text = sql(t);
    expect(text).toContain('WHERE _key >= @start AND _key < @end;');
    expect(text).toContain('-- @start BYTES: o#{store}#{customer}#{order from} (included)');
    expect(text).toContain('-- @end BYTES: successor(o#{store}#{customer}#{order to}) (excluded)');
    expect(text).toContain('-- half-open [@start, @end): @end is the successor of the "order to" prefix, so order to is included, as in the code export');
    expect(text).not.toMatch(/_key <=/);
  });

  it('explains a reversed time range: parameters in the order a user passes them, bounds reversed and swapped', () => {
    const t: Table = {
      name: 'msgs',
      rowKey: { template: '{room}#{ts}', fields: { room: { type: 'string' }, ts: { type: 'timestamp', reversed: true } } },
      families: [{ name: 'm', gc: { maxVersions: 1 } }],
      queries: [{ name: 'window', match: { room: 'eq', ts: 'range' }, order: 'newest', limit: 50 }],
    };
    const text = sql(t);
    expect(text).toContain(
      [
        '-- @room STRING: room',
        '-- @ts_from INT64: ts from, included (ms since 1970)',
        '-- @ts_to INT64: ts to, included (ms since 1970)',
        '-- ts is stored reversed (Long.MAX_VALUE - time), so in key order the bounds are reversed and swapped: @ts_to gives the lower bound, @ts_from the upper',
        '-- newest first: ts is a reversed time, so key order is newest first',
      ].join('\n'),
    );
    expect(text).toContain(
      "AND ts >= LPAD(CAST(9223372036854775807 - @ts_to AS STRING), 19, '0') AND ts <= LPAD(CAST(9223372036854775807 - @ts_from AS STRING), 19, '0')\nLIMIT 50;",
    );
    // Both bounds included (<=) and said so; "half-open" is said only of _key byte ranges.
    expect(text).not.toMatch(/half-open/);
  });

  it("makes every filter a predicate, with the column type's cast", () => {
    const t = orders(
      [
        {
          name: 'big orders',
          match: { store: 'eq' },
          filter: ['o:total > 1000', 'o:status = "open"', 'o:note', 'o:*', 'o:paid_at >= 2026-01-01T00:00:00Z', 'o:due = @due'],
        },
      ],
      { families: [{ name: 'o', gc: { maxVersions: 1 }, columns: typed({ total: 'int64', status: 'string', paid_at: 'timestamp', due: 'date' }) }] },
    );
    expect(sql(t)).toContain(
      [
        'WHERE store = @store',
        "  AND CAST(o['total'] AS INT64) > 1000",
        "  AND CAST(o['status'] AS STRING) = 'open'",
        "  AND MAP_CONTAINS_KEY(o, b'note')",
        '  AND NOT MAP_EMPTY(o)',
        "  AND TIMESTAMP_MICROS(CAST(o['paid_at'] AS INT64)) >= TIMESTAMP '2026-01-01T00:00:00Z'",
        "  AND CAST(CAST(o['due'] AS STRING) AS DATE) = @due;",
      ].join('\n'),
    );
  });

  it('writes no statement when a condition cannot be said exactly, and says why', () => {
    const untyped = sql(orders([{ name: 'big orders', match: { store: 'eq' }, filter: ['o:total > 1000'] }]));
    expect(untyped).toContain(
      '-- Not expressed in SQL: a statement without these conditions would return other rows.\n-- - filter "o:total > 1000" orders values of o:total, whose type is not declared (bytes compare byte by byte): declare its type',
    );
    expect(untyped).not.toContain('SELECT _key, o');
    const newest = sql({ ...orders([{ name: 'latest', match: { store: 'eq', customer: 'eq' }, order: 'newest', limit: 10 }]) });
    // The first open field is an order number, not a time: nothing to sort by.
    expect(newest).toMatch(
      /-- - the query wants the newest 10 rows first, but key order is not newest first \(no reversed time after the bound fields\) and SQL cannot sort by its time exactly/,
    );
    expect(newest).not.toContain('LIMIT 10;');
    // An ISO text time is left to the key order too.
    const iso = sql(
      orders([{ name: 'latest', match: { store: 'eq' }, order: 'newest', limit: 5 }], {
        rowKey: { template: '{store}#{at}', fields: { store: { type: 'string' }, at: { type: 'timestamp', format: 'iso' } } },
      }),
    );
    expect(iso).toMatch(/-- - the query wants the newest 5 rows first/);
  });

  it('newest first with a limit over an oldest-first key sorts by the negated time (ascending only in GoogleSQL for Bigtable)', () => {
    const t = orders([{ name: 'latest of a store', match: { store: 'eq' }, order: 'newest', limit: 10 }], {
      rowKey: { template: '{store}#{placed}#{order}', fields: { store: { type: 'string' }, placed: { type: 'timestamp' }, order: { type: 'int', pad: 10 } } },
    });
    expect(sql(t)).toContain(
      [
        '-- newest first: key order is oldest first, so ORDER BY -CAST(placed AS INT64) (GoogleSQL for Bigtable orders ascending only; the negated time puts the newest first) sorts the rows read before LIMIT 10',
        'SELECT _key, o',
        'FROM orders',
        'WHERE store = @store',
        'ORDER BY -CAST(placed AS INT64)',
        'LIMIT 10;',
      ].join('\n'),
    );
    // A big-endian microsecond time is a TIMESTAMP column.
    const binary = orders([{ name: 'latest of a store', match: { store: 'eq' }, order: 'newest', limit: 10 }], {
      rowKey: {
        template: '{store}#{placed}',
        encoding: 'orderedCode',
        fields: { store: { type: 'string' }, placed: { type: 'timestamp', encoding: 'bigEndian', unit: 'us' } },
      },
    });
    expect(sql(binary)).toContain('ORDER BY -UNIX_MICROS(placed)\nLIMIT 10;');
  });

  it('newest first with a limit over salt buckets merges the buckets by the reversed time', () => {
    const t = orders([{ name: 'latest of a store', match: { store: 'eq' }, order: 'newest', limit: 20 }], {
      rowKey: {
        template: '{store}#{salt}#{placed}#{order}',
        fields: {
          store: { type: 'string' },
          salt: { type: 'hash', buckets: 4, of: ['order'] },
          placed: { type: 'timestamp', reversed: true },
          order: { type: 'int', pad: 10 },
        },
      },
    });
    const text = sql(t);
    expect(text).toContain(
      '-- newest first: placed is a reversed time, but the 4 key ranges come one after another, so ORDER BY placed merges them newest first before LIMIT 20',
    );
    expect(text).toContain("WHERE salt IN ('0', '1', '2', '3')\n  AND store = @store\nORDER BY placed\nLIMIT 20;");
    // One range (no salt to fan out over): key order is already newest first, no ORDER BY.
    const one = sql(
      orders([{ name: 'latest of a store', match: { store: 'eq' }, order: 'newest', limit: 20 }], {
        rowKey: {
          template: '{store}#{placed}#{order}',
          fields: { store: { type: 'string' }, placed: { type: 'timestamp', reversed: true }, order: { type: 'int', pad: 10 } },
        },
      }),
    );
    expect(one).toContain('-- newest first: placed is a reversed time, so key order is newest first');
    expect(one).not.toContain('ORDER BY');
  });
});

describe('suggested materialized views', () => {
  it('never uses ARRAY_AGG, and indexes a gap query by ORDER BY with the equality field first and the source key', () => {
    const text = sql(events('{app}#{ts}#{user}'));
    expect(text).not.toMatch(/ARRAY_AGG/);
    expect(text).not.toMatch(/gcloud bigtable instances materialized-views/);
    expect(text).toContain("-- gcloud bigtable materialized-views create 'events_by_user_ts'");
    expect(text).toContain('SELECT user AS user,\n  ts AS ts,\n  _key AS source_key,\n  e AS e\nFROM events\nORDER BY user, ts, source_key;');
  });
});
