// A table as the admin API returns it (what `gcloud bigtable instances tables describe` prints),
// for the import tests and the gcloud script tests.
import { gcToProto } from '../core/export/common';
import { structObject, structuredKeyOf } from '../core/export/row-key-schema';
import type { Design, Table } from '../core/model/schema';

/** The admin API's Table for `table` of `design`, named `name` (the table's own name by default). */
export function describeTable(design: Design, table: Table, name = table.name): Record<string, unknown> {
  const families: Record<string, unknown> = {};
  for (const f of table.families ?? []) {
    families[f.name] = {
      ...(f.gc ? { gcRule: gcToProto(f.gc) } : {}),
      ...(f.aggregate
        ? {
            valueType: {
              aggregateType: {
                inputType: { int64Type: { encoding: { bigEndianBytes: {} } } },
                stateType: { int64Type: { encoding: { bigEndianBytes: {} } } },
                [f.aggregate === 'hll' ? 'hllppUniqueCount' : f.aggregate]: {},
              },
            },
          }
        : {}),
    };
  }
  return {
    columnFamilies: families,
    deletionProtection: false,
    granularity: 'MILLIS',
    name: `projects/p/instances/i/tables/${name}`,
    rowKeySchema: structObject(structuredKeyOf(design, table), true),
  };
}
