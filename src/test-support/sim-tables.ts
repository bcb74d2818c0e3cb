// Tables the simulator's tests share (test code only: the app never imports this).
import type { Field, Table } from '../core/model/schema';

/** A one-family table named `events` with 5,000 writes per second, changed by `extra`. */
export function table(template: string, fields: Record<string, Field>, extra: Partial<Table> = {}): Table {
  return {
    name: 'events',
    rowKey: { template, fields },
    families: [{ name: 'f', columns: [{ qualifier: 'v', valueBytes: 200 }] }],
    load: { writesPerSecond: 5000 },
    ...extra,
  };
}

export const device = { type: 'string', cardinality: 10000, length: 8 } satisfies Field;
export const ts = { type: 'timestamp' } satisfies Field;
/** The anti-pattern of Schema design best practices: a key that starts with the timestamp. */
export const leadingTimestamp = table('{ts}#{device}', { ts, device });
