// An aggregate family's cells combine on write from Int64 inputs: sum, min and max add or
// compare 8-byte big-endian Int64 values, and the studio creates HLL families with Int64 input
// (cbt inthll; the admin API's Aggregate inputType int64Type). A column declared with any other
// value type (text, floats, JSON) in such a family cannot be written as declared; the emulator
// accepts the cells too, so the mistake would surface only in production.
import { COLUMN_TYPE_TEXT } from '../model/column-types';
import { updateTable } from './edit';
import { columnName } from '../analysis/rows';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'aggregate-input',
    severity: 'error',
    description: 'A column of an aggregate (sum, min, max, hll) family declares a value type other than int64.',
    messages: {
      notInt64:
        'column {column} is {type} in the {aggregate} family {family}, which takes only Int64 input: make it int64 or move it (Aggregate values at write time).',
    },
    details: {
      notInt64:
        'column {column} is declared {type} ({text}) in the {aggregate} family {family}, which takes only Int64 input ("Aggregate values at write time"): make it int64 or move it to a plain family.',
    },
    fixable: true,
  },
  table({ table, index: ti }, { design, report }) {
    (table.families ?? []).forEach((fam, fi) => {
      if (!fam.aggregate) return;
      (fam.columns ?? []).forEach((c, ci) => {
        if (c.type === undefined || c.type === 'int64') return;
        report({
          path: ['families', fi, 'columns', ci, 'type'],
          messageId: 'notInt64',
          data: { column: columnName(fam.name, c.qualifier), type: c.type, text: COLUMN_TYPE_TEXT[c.type], aggregate: fam.aggregate ?? '', family: fam.name },
          fix: {
            label: `Declare ${c.qualifier} int64`,
            apply: () =>
              updateTable(design, ti, (t) => ({
                ...t,
                families: t.families!.map((f, k) =>
                  k !== fi
                    ? f
                    : { ...f, columns: f.columns!.map((x, j) => (j !== ci ? x : (({ message: _m, ...rest }) => ({ ...rest, type: 'int64' as const }))(x))) },
                ),
              })),
          },
        });
      });
    });
  },
});
