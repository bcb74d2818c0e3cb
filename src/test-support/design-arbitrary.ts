// fast-check generators of valid designs (for property tests of share links, exports and
// imports). Every design drawn satisfies the format and its cross-field rules; `validDesign`
// filters through validateDesign to be sure. Test code only: the app never imports this.
import fc from 'fast-check';
import { validateDesign } from '../core/model/load-design';
import type { Design, Family, Field, GcRule, Query, Table } from '../core/model/schema';

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const nonEmpty = (max: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength: max });
const ident = fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/).filter((s) => s !== '__proto__' && s !== 'constructor' && s !== 'prototype');
const familyId = fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,8}$/);
const tableId = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,20}$/);
const duration = fc.tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.constantFrom('ms', 's', 'm', 'h', 'd')).map(([n, u]) => `${n}${u}`);
const safe = fc.integer({ min: -1e12, max: 1e12 });
const positive = (max: number) => fc.integer({ min: 1, max });
const ratio = fc.double({ min: 0.01, max: 1, noNaN: true, noDefaultInfinity: true });
const common = { description: text(60), example: fc.oneof(text(20), safe) };

const distribution = fc.oneof(
  fc.constant({}),
  fc.record({ distribution: fc.constantFrom('uniform' as const, 'sequential' as const) }),
  fc.record({ distribution: fc.constant('zipf' as const), skew: fc.double({ min: 0.01, max: 10, noNaN: true, noDefaultInfinity: true }) }, { requiredKeys: ['distribution'] }),
  fc.record({ distribution: fc.constant('hot' as const), share: ratio }, { requiredKeys: ['distribution'] }),
);

const stringField: fc.Arbitrary<Field> = fc.oneof(
  fc
    .uniqueArray(text(12), { minLength: 1, maxLength: 5 })
    .chain((values) =>
      fc.record(
        { type: fc.constant('string' as const), ...common, values: fc.constant(values), weights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: values.length, maxLength: values.length }) },
        { requiredKeys: ['type', 'values'] },
      ),
    ),
  fc
    .tuple(
      fc.record(
        { type: fc.constant('string' as const), ...common, cardinality: positive(1e9), length: positive(40), prefix: text(6), alphabet: fc.constantFrom('alnum' as const, 'lower' as const, 'hex' as const, 'digits' as const) },
        { requiredKeys: ['type'] },
      ),
      distribution,
    )
    .map(([f, d]) => ({ ...f, ...d })),
);

const intField: fc.Arbitrary<Field> = fc
  .tuple(safe, fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(undefined, 'decimal' as const, 'bigEndian' as const, 'orderedCode' as const), fc.option(positive(20), { nil: undefined }), distribution, fc.record(common, { requiredKeys: [] }))
  .map(([min, span, encoding, pad, dist, c]) => ({
    type: 'int' as const,
    ...c,
    min,
    max: min + span,
    ...(encoding ? { encoding } : {}),
    ...(pad !== undefined && (encoding === undefined || encoding === 'decimal') ? { pad } : {}),
    ...dist,
  }));

const timestampField: fc.Arbitrary<Field> = fc
  .record(
    {
      unit: fc.constantFrom('s' as const, 'ms' as const, 'us' as const),
      bucket: fc.constantFrom('minute' as const, 'hour' as const, 'day' as const, 'week' as const, 'month' as const),
      style: fc.constantFrom('plain', 'reversed', 'iso', 'bigEndian', 'padded'),
      pad: positive(20),
      description: common.description,
    },
    { requiredKeys: ['unit', 'style', 'pad'] },
  )
  .map(({ style, pad, ...rest }) => ({
    type: 'timestamp' as const,
    ...rest,
    ...(style === 'reversed' ? { reversed: true } : style === 'iso' ? { format: 'iso' as const } : style === 'bigEndian' ? { encoding: 'bigEndian' as const } : style === 'padded' ? { pad } : {}),
  }));

const simpleField: fc.Arbitrary<Field> = fc.oneof(
  stringField,
  intField,
  timestampField,
  fc.record({ type: fc.constant('uuid' as const), description: common.description }, { requiredKeys: ['type'] }),
  fc.tuple(fc.record({ type: fc.constant('domain' as const), cardinality: positive(1e6), reversed: fc.boolean() }, { requiredKeys: ['type'] }), distribution).map(([f, d]) => ({ ...f, ...d })),
  fc.record({ type: fc.constant('bytes' as const), length: positive(16) }, { requiredKeys: ['type'] }),
);

const gcRule: fc.Arbitrary<GcRule> = fc.letrec<{ rule: GcRule }>((tie) => ({
  rule: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ maxVersions: fc.integer({ min: 1, max: 2147483647 }) }),
    fc.record({ maxAge: duration }),
    fc.record({ union: fc.array(tie('rule'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ intersection: fc.array(tie('rule'), { minLength: 1, maxLength: 3 }) }),
  ),
})).rule;

const family = (name: string): fc.Arbitrary<Family> =>
  fc.record(
    {
      name: fc.constant(name),
      description: text(40),
      gc: gcRule,
      aggregate: fc.constantFrom('sum' as const, 'min' as const, 'max' as const, 'hll' as const),
      columns: fc.uniqueArray(
        fc.record(
          { qualifier: nonEmpty(12), description: text(20), dynamic: fc.constant(true), perRow: positive(1000), valueBytes: fc.integer({ min: 0, max: 1e6 }), versions: positive(100), counter: fc.boolean() },
          { requiredKeys: ['qualifier'] },
        ).map((c) => (c.perRow !== undefined && !c.dynamic ? { ...c, dynamic: true } : c)),
        { maxLength: 3, selector: (c) => c.qualifier },
      ),
    },
    { requiredKeys: ['name'] },
  );

const query = (name: string, fields: string[]): fc.Arbitrary<Query> =>
  fc.record(
    {
      name: fc.constant(name),
      description: text(30),
      match: fc.dictionary(fields.length ? fc.constantFrom(...fields) : fc.constant('x'), fc.constantFrom('eq' as const, 'prefix' as const, 'range' as const), { maxKeys: fields.length ? 3 : 0 }),
      filter: fc.array(text(20), { maxLength: 2 }),
      order: fc.constantFrom('newest' as const, 'oldest' as const, 'any' as const),
      limit: positive(1e6),
      perSecond: fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    },
    { requiredKeys: ['name'] },
  );

/** A row key: 1-4 data fields, maybe a salt, under one of the three encodings. */
const rowKey = fc
  .tuple(fc.uniqueArray(ident, { minLength: 1, maxLength: 4 }), fc.constantFrom('delimited', 'orderedCode', 'singleton'), fc.constantFrom('#', ':', '|', '::', '~', '#!'), fc.boolean(), fc.boolean())
  .chain(([names, enc, delimiter, salted, writeDelimiter]) => {
    const single = enc === 'singleton' || names.length === 1;
    const dataNames = single ? names.slice(0, 1) : names;
    const withSalt = salted && !single && dataNames.length < 4;
    const saltName = withSalt ? `salt_${dataNames.length}` : null;
    const all = saltName ? [saltName, ...dataNames] : dataNames;
    return fc.tuple(fc.array(simpleField, { minLength: dataNames.length, maxLength: dataNames.length }), positive(100), fc.boolean()).map(([defs, buckets, explicitOf]) => {
      const fields: Record<string, Field> = {};
      if (saltName) fields[saltName] = { type: 'hash', buckets, ...(explicitOf ? { of: dataNames.slice(0, 1) } : {}) };
      dataNames.forEach((n, i) => (fields[n] = defs[i]!));
      const sep = enc === 'orderedCode' && !writeDelimiter ? '' : delimiter;
      const template = all.map((n) => `{${n}}`).join(sep);
      const encoding = single ? (enc === 'singleton' ? ('singleton' as const) : undefined) : enc === 'orderedCode' ? ('orderedCode' as const) : undefined;
      return {
        template,
        ...(encoding ? { encoding } : {}),
        ...(writeDelimiter && !single ? { delimiter } : {}),
        fields,
      };
    });
  });

const table = (name: string): fc.Arbitrary<Table> =>
  rowKey.chain((rk) => {
    const fieldNames = Object.keys(rk.fields);
    return fc
      .tuple(
        fc.uniqueArray(familyId, { maxLength: 3 }).chain((names) => fc.tuple(...names.map(family))),
        fc.uniqueArray(nonEmpty(20), { maxLength: 2 }).chain((names) => fc.tuple(...names.map((n) => query(n, fieldNames)))),
        fc.record({ description: text(60), load: fc.record({ writesPerSecond: fc.integer({ min: 0, max: 1e6 }), readsPerSecond: fc.integer({ min: 0, max: 1e6 }), retention: duration }, { requiredKeys: [] }), splits: fc.array(text(8), { maxLength: 3 }) }, { requiredKeys: [] }),
      )
      .map(([families, queries, rest]) => ({ name, rowKey: rk, ...(families.length ? { families } : {}), ...(queries.length ? { queries } : {}), ...rest }));
  });

/** Designs that pass validateDesign, with 0-3 tables. */
export const validDesign: fc.Arbitrary<Design> = fc
  .record(
    {
      name: nonEmpty(40),
      description: text(200),
      cluster: fc.record({ nodes: fc.integer({ min: 1, max: 1000 }), storage: fc.constantFrom('ssd' as const, 'hdd' as const) }, { requiredKeys: [] }),
      tables: fc.uniqueArray(tableId, { maxLength: 3 }).chain((names) => fc.tuple(...names.map(table))),
      lint: fc.record({ rules: fc.dictionary(fc.constantFrom('key-length', 'gc-missing', 'table-name'), fc.constantFrom('off' as const, 'info' as const, 'warning' as const, 'error' as const)) }, { requiredKeys: [] }),
    },
    { requiredKeys: ['name', 'tables'] },
  )
  .map((d) => ({ format: 'bigtable-studio/v1' as const, ...d }))
  .filter((d) => validateDesign(d).ok);

