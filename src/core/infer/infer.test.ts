import { describe, expect, it } from 'vitest';
import { createCodec } from '../keys/codec';
import { bytesEqual, utf8 } from '../keys/bytes';
import { sampleKeys } from '../keys/generate';
import { layoutOf } from '../keys/template';
import type { RowKey } from '../model/schema';
import { lint } from '../rules/lint';
import { simulate } from '../sim/simulate';
import { escapeKey } from '../sort/escape';
import { exampleDesigns } from '../../test-support/examples';
import { inferFromText } from './index';
import { SHAPES } from './shapes';

const SEED = 20261201;
const N = 3000;

/** Keys of a row key with 1% malformed lines mixed in (every 100th line); returns the text and the malformed line numbers. */
function keysText(rowKey: RowKey, writesPerSecond?: number) {
  const keys = sampleKeys(rowKey, N, { seed: SEED, ...(writesPerSecond ? { writesPerSecond } : {}) });
  const lines: string[] = [];
  const bad: number[] = [];
  keys.forEach((k, i) => {
    if (i % 100 === 50) {
      lines.push(`malformed\\x00${i}`);
      bad.push(lines.length);
    }
    lines.push(escapeKey(k));
  });
  return { keys, text: utf8(lines.join('\n') + '\n'), bad };
}

function fieldTypes(rowKey: RowKey): string[] {
  return layoutOf(rowKey).fields.map((f) => rowKey.fields[f]!.type);
}

function check(rowKey: RowKey, writesPerSecond?: number) {
  const { keys, text, bad } = keysText(rowKey, writesPerSecond);
  const r = inferFromText(text);
  const codec = createCodec(r.table.rowKey);
  let same = 0;
  for (const k of keys) {
    try {
      if (bytesEqual(codec.encode(codec.decode(k)), k)) same++;
    } catch {
      // counted as not re-encoded
    }
  }
  const info = `seed ${SEED}; template ${r.table.rowKey.template}; ${JSON.stringify(r.fields)}`;
  expect(same / keys.length, info).toBeGreaterThanOrEqual(0.99);
  expect(fieldTypes(r.table.rowKey), info).toEqual(fieldTypes(rowKey));
  // The malformed lines are listed, by line, never dropped.
  const listed = new Set(r.misfits.map((m) => m.line));
  for (const line of bad) expect(listed.has(line), `line ${line} listed; ${info}`).toBe(true);
  expect(r.fitted + r.misfitCount).toBe(keys.length + bad.length);
  return r;
}

describe('infer: keys generated from every example', () => {
  for (const { file, design } of exampleDesigns()) {
    for (const table of design.tables) {
      it(`${file} ${table.name}`, () => {
        const r = check(table.rowKey, table.load?.writesPerSecond);
        // The result is a design that lints and simulates.
        expect(() => lint(r.design)).not.toThrow();
        const sim = simulate(r.table, { seed: 1, seconds: 30, writesPerSecond: 1000 });
        expect(sim.complete).toBe(true);
        expect(sim.writes).toBeGreaterThan(0);
      });
    }
  }
});

describe('infer: more key shapes', () => {
  for (const shape of SHAPES) it(shape.name, () => check(shape.rowKey, shape.writesPerSecond));
});

describe('infer: options from the values', () => {
  const shape = (name: string) => SHAPES.find((s) => s.name === name)!;
  const infer = (name: string) => check(shape(name).rowKey, shape(name).writesPerSecond);

  it('a hash salt is recognised by the FNV-1a rule; another uniform leading field is kept as an int', () => {
    const salted = infer('hash salt # user # ms');
    expect(salted.table.rowKey.fields.salt).toMatchObject({ type: 'hash', buckets: 8 });
    expect(salted.fields[0]!.note).toMatch(/FNV-1a/);
    const shard = infer('shard int (not the FNV rule) # user');
    expect(shard.table.rowKey.fields.salt).toMatchObject({ type: 'int', min: 0, max: 9 });
    expect(shard.notes.join(' ')).toMatch(/does not reproduce it/);
  });

  it('a uuid v7 is recognised by its version digit; a v4 stays the default', () => {
    expect(Object.values(infer('tenant # uuid v7').table.rowKey.fields)[1]).toMatchObject({ type: 'uuid', version: 7 });
    const v4 = Object.values(infer('uuid alone').table.rowKey.fields)[0] as { type: string; version?: number };
    expect(v4.type).toBe('uuid');
    expect(v4.version).toBeUndefined();
  });

  it('distributions: hot, zipf with its skew, uniform, ascending', () => {
    const hot = infer('hot tenant').table.rowKey.fields;
    expect(Object.values(hot)[0]).toMatchObject({ distribution: 'hot' });
    expect((Object.values(hot)[0] as { share: number }).share).toBeCloseTo(0.6, 1);
    const zipf = Object.values(infer('zipf int').table.rowKey.fields)[0] as { distribution: string; skew: number };
    expect(zipf.distribution).toBe('zipf');
    expect(Math.abs(zipf.skew - 1.2)).toBeLessThan(0.35);
    const uniform = Object.values(infer('hex hash # int').table.rowKey.fields)[0] as { distribution?: string };
    expect(uniform.distribution).toBeUndefined();
    const seq = infer('salt over 100 buckets, padded').table.rowKey.fields;
    expect(Object.values(seq)[1]).toMatchObject({ type: 'int', distribution: 'sequential' });
  });

  it('timestamps: unit, reversed, bucket, ISO form; literals and prefixes', () => {
    expect(Object.values(infer('device # reversed us').table.rowKey.fields)[1]).toMatchObject({ type: 'timestamp', unit: 'us', reversed: true });
    expect(Object.values(infer('epoch ms hour buckets').table.rowKey.fields)[1]).toMatchObject({ unit: 'ms', bucket: 'hour' });
    const week = infer('week literal and ISO week').table.rowKey;
    expect(week.template).toBe('{field1}#week{week}');
    expect(week.fields.week).toMatchObject({ format: 'iso', bucket: 'week' });
    expect(infer('constant segment').table.rowKey.template).toBe('{t}#device#{device}');
    expect(Object.values(infer('tenant # epoch ms').table.rowKey.fields)[0]).toMatchObject({
      type: 'string',
      prefix: 'tenant_',
      alphabet: 'digits',
      length: 4,
    });
    expect(Object.values(infer('reversed host # seconds').table.rowKey.fields)[0]).toMatchObject({ type: 'domain', reversed: true });
  });

  it('a closed set keeps its values and sampled weights', () => {
    const region = Object.values(infer('region | padded id').table.rowKey.fields)[0] as { values: string[]; weights: number[] };
    expect(region.values[0]).toBe('us-east1');
    expect(region.weights[0]! / region.weights.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.4);
  });

  it('sorted input (a pulled table) is sampled across the key space and calls nothing ascending', () => {
    const keys = sampleKeys(shape('salt over 100 buckets, padded').rowKey, 5000, { seed: SEED }).sort((a, b) => (escapeKey(a) < escapeKey(b) ? -1 : 1));
    const r = inferFromText(utf8(keys.map(escapeKey).join('\n')), { sample: 500 });
    expect(r.sampled).toBe(500);
    expect(r.fitted).toBe(5000);
    expect(Object.values(r.table.rowKey.fields)[1]).not.toMatchObject({ distribution: 'sequential' });
  });

  it('a salt whose sample missed some buckets (runs of a sorted table) is still found by the FNV-1a rule, with its bucket count', () => {
    const salted = shape('hash salt # user # ms').rowKey;
    const rowKey = { ...salted, fields: { ...salted.fields, salt: { type: 'hash' as const, buckets: 32 } } };
    // Buckets 05-09 and 31 never sampled: the largest value seen is 30, so 32 must be tried.
    const keys = sampleKeys(rowKey, 6000, { seed: SEED })
      .filter((k) => !/^(0[5-9]|31)#/.test(escapeKey(k)))
      .sort((a, b) => (escapeKey(a) < escapeKey(b) ? -1 : 1));
    const r = inferFromText(utf8(keys.map(escapeKey).join('\n')));
    expect(r.table.rowKey.fields.salt).toMatchObject({ type: 'hash', buckets: 32 });
    expect(r.table.rowKey.template).toMatch(/^\{salt\}#/);
    expect(r.fitted).toBe(keys.length);
    // The same gaps in a shard that is not the FNV-1a rule: an int, and no claim of a salt.
    const shard = sampleKeys(shape('shard int (not the FNV rule) # user').rowKey, 3000, { seed: SEED }).filter((k) => !/^[34]#/.test(escapeKey(k)));
    const s = inferFromText(utf8(shard.map(escapeKey).join('\n')));
    expect(Object.values(s.table.rowKey.fields)[0]).toMatchObject({ type: 'int' });
    expect(s.notes.join(' ')).not.toMatch(/salt/);
  });

  it('says why a key does not fit, with its line; blank lines are counted, bad escapes listed', () => {
    const text = utf8('a1#100\na2#200\n\na3#300\nzz\na4#x\\q\n' + Array.from({ length: 40 }, (_, i) => `a${i % 5}#${i}`).join('\n'));
    const r = inferFromText(text);
    expect(r.blankLines).toBe(1);
    expect(r.misfits.map((m) => m.line)).toEqual([5, 6]);
    expect(r.misfits[1]!.reason).toMatch(/bad escape/);
    expect(r.notes.join(' ')).toMatch(/blank line/);
  });
});
