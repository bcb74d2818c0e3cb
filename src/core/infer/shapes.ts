// Key shapes the inference is tested on (infer.test.ts) beside the examples: every field type
// and encoding, salted and unsalted, each delimiter kind. Row keys as a design writes them.
import type { RowKey } from '../model/schema';

export interface Shape {
  name: string;
  rowKey: RowKey;
  /** Simulated writes per second for timestamps (slow rates spread them over buckets). */
  writesPerSecond?: number;
}

const rk = (template: string, fields: RowKey['fields'], extra: Partial<RowKey> = {}): RowKey => ({ template, fields, ...extra });

export const SHAPES: Shape[] = [
  { name: 'uuid alone', rowKey: rk('{id}', { id: { type: 'uuid' } }) },
  { name: 'tenant # uuid v7', rowKey: rk('{tenant}#{id}', { tenant: { type: 'string', length: 6, cardinality: 50 }, id: { type: 'uuid', version: 7 } }) },
  { name: 'epoch seconds alone', rowKey: rk('{ts}', { ts: { type: 'timestamp', unit: 's' } }), writesPerSecond: 0.01 },
  {
    name: 'tenant # epoch ms',
    rowKey: rk('{tenant}#{ts}', {
      tenant: { type: 'string', prefix: 'tenant_', alphabet: 'digits', length: 4, cardinality: 50000 },
      ts: { type: 'timestamp', unit: 'ms' },
    }),
  },
  {
    name: 'device # reversed us',
    rowKey: rk('{device}#{ts}', { device: { type: 'int', min: 1, max: 99999, pad: 5 }, ts: { type: 'timestamp', unit: 'us', reversed: true } }),
  },
  {
    name: 'reversed host # seconds',
    rowKey: rk('{host}#{ts}', { host: { type: 'domain', reversed: true, cardinality: 300 }, ts: { type: 'timestamp', unit: 's' } }),
    writesPerSecond: 1,
  },
  {
    name: 'hash salt # user # ms',
    rowKey: rk('{salt}#{user}#{ts}', {
      salt: { type: 'hash', buckets: 8 },
      user: { type: 'string', alphabet: 'alnum', length: 10, cardinality: 100000 },
      ts: { type: 'timestamp', unit: 'ms' },
    }),
  },
  {
    name: 'salt over 100 buckets, padded',
    rowKey: rk('{salt}#{order}', { salt: { type: 'hash', buckets: 100 }, order: { type: 'int', min: 1, max: 999999999, distribution: 'sequential' } }),
  },
  {
    name: 'shard int (not the FNV rule) # user',
    rowKey: rk('{shard}#{user}', { shard: { type: 'int', min: 0, max: 9 }, user: { type: 'string', length: 12, cardinality: 100000 } }),
  },
  {
    name: 'region | padded id',
    rowKey: rk('{region}|{id}', {
      region: { type: 'string', values: ['us-east1', 'us-west1', 'europe-west4', 'asia-east1'], weights: [50, 30, 15, 5] },
      id: { type: 'int', min: 0, max: 9999999999, pad: 10 },
    }),
  },
  {
    name: 'slash path of three',
    rowKey: rk('{a}/{b}/{c}', { a: { type: 'string', length: 6, cardinality: 50 }, b: { type: 'int', min: 1, max: 100000 }, c: { type: 'uuid' } }),
  },
  {
    name: ':: with ISO day',
    rowKey: rk('{user}::{day}', {
      user: { type: 'string', alphabet: 'alnum', length: 8, cardinality: 100000 },
      day: { type: 'timestamp', format: 'iso', bucket: 'day' },
    }),
    writesPerSecond: 0.001,
  },
  {
    name: 'underscore, closed set',
    rowKey: rk('{kind}_{n}', { kind: { type: 'string', values: ['click', 'view', 'buy'] }, n: { type: 'int', min: 0, max: 1000000 } }),
  },
  {
    name: 'colon, ISO hour',
    rowKey: rk('{sensor}:{hour}', { sensor: { type: 'int', min: 100, max: 999 }, hour: { type: 'timestamp', format: 'iso', bucket: 'hour' } }),
    writesPerSecond: 0.01,
  },
  {
    name: 'bigEndian ms timestamp',
    rowKey: rk('{tenant}#{ts}', {
      tenant: { type: 'string', values: ['acme', 'globex', 'initech'] },
      ts: { type: 'timestamp', unit: 'ms', encoding: 'bigEndian' },
    }),
  },
  {
    name: 'bigEndian int in the middle',
    rowKey: rk('{k}#{v}#{tail}', {
      k: { type: 'string', values: ['a', 'b', 'c', 'd'] },
      v: { type: 'int', encoding: 'bigEndian', min: 0, max: 1000000000000 },
      tail: { type: 'string', length: 5, cardinality: 1000000 },
    }),
  },
  {
    name: 'hex hash # int',
    rowKey: rk('{h}#{x}', { h: { type: 'string', alphabet: 'hex', length: 32, cardinality: 1000000 }, x: { type: 'int', min: 1, max: 50 } }),
  },
  {
    name: 'orderedCode string + int',
    rowKey: rk(
      '{a}{b}',
      { a: { type: 'string', values: ['north', 'south', 'east', 'west'] }, b: { type: 'int', encoding: 'orderedCode', min: -1000000, max: 1000000 } },
      { encoding: 'orderedCode' },
    ),
  },
  {
    name: 'orderedCode three fields',
    rowKey: rk(
      '{a}{b}{c}',
      { a: { type: 'string', length: 6, cardinality: 20 }, b: { type: 'uuid' }, c: { type: 'timestamp', unit: 'ms' } },
      { encoding: 'orderedCode' },
    ),
  },
  { name: 'ISO ms times', rowKey: rk('{k}#{ts}', { k: { type: 'string', values: ['x', 'y'] }, ts: { type: 'timestamp', format: 'iso' } }) },
  {
    name: 'ISO second times',
    rowKey: rk('{k}#{ts}', { k: { type: 'string', length: 4, cardinality: 1000 }, ts: { type: 'timestamp', format: 'iso', unit: 's' } }),
    writesPerSecond: 0.1,
  },
  {
    name: 'ISO month buckets',
    rowKey: rk('{k}#{month}', { k: { type: 'int', min: 1, max: 1000000 }, month: { type: 'timestamp', format: 'iso', bucket: 'month' } }),
    writesPerSecond: 0.00001,
  },
  {
    name: 'epoch ms hour buckets',
    rowKey: rk('{k}#{hour}', { k: { type: 'string', length: 6, cardinality: 100000 }, hour: { type: 'timestamp', unit: 'ms', bucket: 'hour' } }),
    writesPerSecond: 0.001,
  },
  {
    name: 'week literal and ISO week',
    rowKey: rk(
      '{k}#week{week}',
      { k: { type: 'int', min: 1, max: 9999, pad: 4 }, week: { type: 'timestamp', format: 'iso', bucket: 'week' } },
      { delimiter: '#' },
    ),
    writesPerSecond: 0.0001,
  },
  {
    name: 'hot tenant',
    rowKey: rk('{tenant}#{id}', { tenant: { type: 'string', length: 8, cardinality: 1000, distribution: 'hot', share: 0.6 }, id: { type: 'uuid' } }),
  },
  { name: 'zipf int', rowKey: rk('{user}#{event}', { user: { type: 'int', min: 1, max: 1000000, distribution: 'zipf', skew: 1.2 }, event: { type: 'uuid' } }) },
  {
    name: 'raw bytes in the middle',
    rowKey: rk('{k}#{b}#{n}', { k: { type: 'string', values: ['p', 'q'] }, b: { type: 'bytes', length: 6 }, n: { type: 'int', min: 0, max: 99 } }),
  },
  { name: 'host name alone', rowKey: rk('{host}', { host: { type: 'domain', cardinality: 5000 } }) },
  { name: 'dash delimiter', rowKey: rk('{user}-{n}', { user: { type: 'string', length: 7, cardinality: 100000 }, n: { type: 'int', min: 0, max: 100000 } }) },
  {
    name: 'constant segment',
    rowKey: rk('{tenant}#device#{device}', { tenant: { type: 'string', values: ['t1', 't2', 't3'] }, device: { type: 'int', min: 1, max: 9999999 } }),
  },
];
