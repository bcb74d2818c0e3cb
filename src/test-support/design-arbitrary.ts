// fast-check generators of valid designs (for property tests of share links, exports and
// imports). Every design drawn satisfies the format and its cross-field rules; `validDesign`
// filters through validateDesign to be sure. Test code only: the app never imports this.
// Every type, option and encoding of the format is drawn, up to its limits (no valid
// design may crash a command or produce a NaN, Infinity or negative figure).
import fc from 'fast-check';
import { validateDesign } from '../core/load/load-design';
import type { Design, Family, Field, GcRule, Query, Table } from '../core/model/schema';
import { RULES } from '../core/rules/registry';

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const nonEmpty = (max: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength: max });
const ident = fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/).filter((s) => s !== '__proto__' && s !== 'constructor' && s !== 'prototype');
const familyId = fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,8}$/);
const tableId = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,20}$/);
const duration = fc.tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.constantFrom('ms', 's', 'm', 'h', 'd')).map(([n, u]) => `${n}${u}`);
const safe = fc.integer({ min: -1e12, max: 1e12 });
const positive = (max: number) => fc.integer({ min: 1, max });
/** Mostly up to `usual`, sometimes anywhere up to the format's `limit` (and the limit itself). */
const upTo = (usual: number, limit: number, min = 1) =>
  fc.oneof({ weight: 6, arbitrary: fc.integer({ min, max: usual }) }, fc.integer({ min, max: limit }), fc.constant(limit), fc.constant(min));
const ratio = fc.double({ min: 0.01, max: 1, noNaN: true, noDefaultInfinity: true });
const common = { description: text(60), example: fc.oneof(text(20), safe) };

const distribution = fc.oneof(
  fc.constant({}),
  fc.record({ distribution: fc.constantFrom('uniform' as const, 'sequential' as const) }),
  fc.record(
    { distribution: fc.constant('zipf' as const), skew: fc.double({ min: 0.01, max: 10, noNaN: true, noDefaultInfinity: true }) },
    { requiredKeys: ['distribution'] },
  ),
  fc.record({ distribution: fc.constant('hot' as const), share: ratio }, { requiredKeys: ['distribution'] }),
);

const stringField: fc.Arbitrary<Field> = fc.oneof(
  fc.uniqueArray(text(12), { minLength: 1, maxLength: 5 }).chain((values) =>
    fc.record(
      {
        type: fc.constant('string' as const),
        ...common,
        values: fc.constant(values),
        weights: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: values.length, maxLength: values.length }),
        distribution: fc.constantFrom('uniform' as const, 'sequential' as const, 'zipf' as const),
      },
      { requiredKeys: ['type', 'values'] },
    ),
  ),
  fc
    .tuple(
      fc.record(
        {
          type: fc.constant('string' as const),
          ...common,
          cardinality: upTo(1e9, 1e15),
          length: upTo(40, 1024),
          prefix: text(6),
          alphabet: fc.constantFrom('alnum' as const, 'lower' as const, 'hex' as const, 'digits' as const),
        },
        { requiredKeys: ['type'] },
      ),
      distribution,
    )
    .map(([f, d]) => ({ ...f, ...d })),
);

const intField: fc.Arbitrary<Field> = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: safe }, fc.constantFrom(-Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER - 1)),
    fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 1e9 }) }, fc.constant(0)),
    fc.constantFrom(undefined, 'decimal' as const, 'bigEndian' as const, 'orderedCode' as const),
    fc.option(positive(20), { nil: undefined }),
    distribution,
    fc.record(common, { requiredKeys: [] }),
    fc.constantFrom('both', 'min', 'max', 'none', 'cardinality'),
    upTo(1e6, Number.MAX_SAFE_INTEGER),
  )
  .map(([min0, span, encoding, pad, dist, c, bounds, cardinality]) => ({
    type: 'int' as const,
    ...c,
    ...(() => {
      const min = Math.max(-Number.MAX_SAFE_INTEGER, Math.min(min0, Number.MAX_SAFE_INTEGER - span));
      const max = min + span;
      return bounds === 'both'
        ? { min, max }
        : bounds === 'min'
          ? { min }
          : bounds === 'max'
            ? { max: Math.max(0, max) }
            : bounds === 'cardinality'
              ? { cardinality }
              : {};
    })(),
    ...(encoding ? { encoding } : {}),
    ...(pad !== undefined && (encoding === undefined || encoding === 'decimal') ? { pad } : {}),
    ...dist,
  }));

const timestampField: fc.Arbitrary<Field> = fc
  .record(
    {
      unit: fc.constantFrom('s' as const, 'ms' as const, 'us' as const),
      bucket: fc.constantFrom('minute' as const, 'hour' as const, 'day' as const, 'week' as const, 'month' as const),
      style: fc.constantFrom('plain', 'reversed', 'iso', 'bigEndian', 'padded', 'epoch', 'decimal'),
      pad: upTo(20, 64),
      description: common.description,
    },
    { requiredKeys: ['unit', 'style', 'pad'] },
  )
  .map(({ style, pad, ...rest }) => ({
    type: 'timestamp' as const,
    ...rest,
    ...(style === 'reversed'
      ? { reversed: true }
      : style === 'iso'
        ? { format: 'iso' as const }
        : style === 'bigEndian'
          ? { encoding: 'bigEndian' as const }
          : style === 'padded'
            ? { pad }
            : style === 'epoch'
              ? { format: 'epoch' as const, reversed: false }
              : style === 'decimal'
                ? { encoding: 'decimal' as const }
                : {}),
  }));

const simpleField: fc.Arbitrary<Field> = fc.oneof(
  stringField,
  intField,
  timestampField,
  fc.record(
    { type: fc.constant('uuid' as const), description: common.description, version: fc.constantFrom(4 as const, 7 as const) },
    { requiredKeys: ['type'] },
  ),
  fc
    .tuple(
      fc.record({ type: fc.constant('domain' as const), cardinality: upTo(1e6, 1e15), reversed: fc.boolean(), ...common }, { requiredKeys: ['type'] }),
      distribution,
    )
    .map(([f, d]) => ({ ...f, ...d })),
  fc.record({ type: fc.constant('bytes' as const), length: upTo(16, 4096), description: common.description }, { requiredKeys: ['type'] }),
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
        fc
          .record(
            {
              qualifier: nonEmpty(12),
              description: text(20),
              dynamic: fc.boolean(),
              perRow: upTo(1000, 1e9),
              valueBytes: upTo(1e6, 100 * 1024 * 1024, 0),
              versions: upTo(100, 1e9),
              counter: fc.boolean(),
            },
            { requiredKeys: ['qualifier'] },
          )
          .map((c) => (c.perRow !== undefined && !c.dynamic ? { ...c, dynamic: true } : c)),
        { maxLength: 3, selector: (c) => c.qualifier },
      ),
      personalData: fc.boolean(),
    },
    { requiredKeys: ['name'] },
  );

const query = (name: string, fields: string[]): fc.Arbitrary<Query> =>
  fc.record(
    {
      name: fc.constant(name),
      description: text(30),
      match: fc.dictionary(fields.length ? fc.constantFrom(...fields) : fc.constant('x'), fc.constantFrom('eq' as const, 'prefix' as const, 'range' as const), {
        maxKeys: fields.length ? 3 : 0,
      }),
      // Filters name the table's families: design-extras.ts draws them (any other text is refused).
      order: fc.constantFrom('newest' as const, 'oldest' as const, 'any' as const),
      limit: upTo(1e6, 1e12),
      perSecond: fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
      kind: fc.constantFrom('serving' as const, 'batch' as const),
      latencyMs: fc.double({ min: 0.5, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      dataBoost: fc.boolean(),
      lookback: duration,
    },
    { requiredKeys: ['name'] },
  );

/** A row key: 1-4 data fields, maybe a salt, under one of the three encodings. */
const rowKey = fc
  .tuple(
    fc.uniqueArray(ident, { minLength: 1, maxLength: 4 }),
    fc.constantFrom('delimited', 'orderedCode', 'singleton'),
    fc.constantFrom('#', ':', '|', '::', '~', '#!'),
    fc.boolean(),
    fc.boolean(),
  )
  .chain(([names, enc, delimiter, salted, writeDelimiter]) => {
    const single = enc === 'singleton' || names.length === 1;
    const dataNames = single ? names.slice(0, 1) : names;
    const withSalt = salted && !single && dataNames.length < 4;
    const saltName = withSalt ? `salt_${dataNames.length}` : null;
    const all = saltName ? [saltName, ...dataNames] : dataNames;
    return fc
      .tuple(
        fc.array(simpleField, { minLength: dataNames.length, maxLength: dataNames.length }),
        upTo(100, 1e9),
        fc.boolean(),
        fc.option(upTo(4, 64), { nil: undefined }),
      )
      .map(([defs, buckets, explicitOf, pad]) => {
        const fields: Record<string, Field> = {};
        if (saltName) fields[saltName] = { type: 'hash', buckets, ...(explicitOf ? { of: dataNames.slice(0, 1) } : {}), ...(pad !== undefined ? { pad } : {}) };
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

/** A write pattern with only its own settings (a burst length belongs to a burst). */
const writePattern = fc.oneof(
  fc.constant({}),
  fc.constant({ writePattern: 'sustained' as const }),
  fc.record({ writePattern: fc.constant('burst' as const), burstDuration: duration }, { requiredKeys: ['writePattern'] }),
  fc.record(
    { writePattern: fc.constant('bulk' as const), bulkRows: fc.integer({ min: 1, max: 1e9 }), bulkEvery: duration },
    { requiredKeys: ['writePattern'] },
  ),
);

const table = (name: string): fc.Arbitrary<Table> =>
  rowKey.chain((rk) => {
    const fieldNames = Object.keys(rk.fields);
    return fc
      .tuple(
        fc.uniqueArray(familyId, { maxLength: 3 }).chain((names) => fc.tuple(...names.map(family))),
        fc.uniqueArray(nonEmpty(20), { maxLength: 2 }).chain((names) => fc.tuple(...names.map((n) => query(n, fieldNames)))),
        fc.record(
          {
            description: text(60),
            load: fc
              .record(
                {
                  writesPerSecond: fc.oneof(
                    { weight: 4, arbitrary: fc.integer({ min: 0, max: 1e6 }) },
                    fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
                    fc.constant(1e9),
                  ),
                  readsPerSecond: upTo(1e6, 1e9, 0),
                  retention: duration,
                  writeKind: fc.constantFrom('insert' as const, 'update' as const, 'mixed' as const),
                },
                { requiredKeys: [] },
              )
              .chain((load) => writePattern.map((p) => ({ ...load, ...p }))),
            splits: fc.array(text(8), { maxLength: 3 }),
          },
          { requiredKeys: [] },
        ),
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
      lint: fc.record(
        {
          rules: fc.dictionary(
            fc.constantFrom(...RULES.map((r) => r.meta.id)),
            fc.constantFrom('off' as const, 'info' as const, 'warning' as const, 'error' as const),
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['name', 'tables'] },
  )
  .map((d) => ({ format: 'bigtable-studio/v1' as const, ...d }))
  .filter((d) => validateDesign(d).ok);
