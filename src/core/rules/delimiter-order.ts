// Bigtable's sorted mode for delimited struct keys (types.proto, Struct.Encoding.DelimitedBytes):
// "Encoded field values must not contain any bytes <= delimiter[0]"; only then is element-wise
// order preserved. The finding is made only where order really breaks: a value that is a strict
// prefix of another, continued by a byte below the delimiter, in a field that is not the last.
import type { TableAnalysis } from '../analysis/design';
import { keySegments } from './support/keybytes';
import { chooseDelimiter, describeFirst, firstByte, keyWithDelimiter, keyWithOrderedCode, misorderWitness, replaceKey } from './support/keydelim';
import { defineTableRule } from './types';
import type { RowKey } from '../model/schema';

interface Remedy {
  rowKey: RowKey;
  label: string;
  advice: string;
}

/** A delimiter below every byte that can follow a shorter value, else the orderedCode encoding. */
function remedy(t: TableAnalysis): Remedy | null {
  const segs = keySegments(t);
  const best = chooseDelimiter(segs, new Map(t.fields.map((f) => [f.name, f.cardinality])), t.layout?.delimiter ?? null, true);
  const byDelimiter = best && keyWithDelimiter(t, best.delimiter);
  if (best && byDelimiter) {
    return {
      rowKey: byDelimiter,
      label: `Use "${best.delimiter}" as the delimiter`,
      advice: `Use "${best.delimiter}" as the delimiter: it sorts below every byte that can follow a shorter value, and no field contains it.`,
    };
  }
  const ordered = keyWithOrderedCode(t);
  if (ordered) {
    return {
      rowKey: ordered,
      label: 'Use the orderedCode key encoding',
      advice: 'No printable delimiter sorts below these bytes: use encoding: orderedCode, which keeps field order for any bytes.',
    };
  }
  return null;
}

export default defineTableRule({
  meta: {
    id: 'delimiter-order',
    severity: 'warning',
    description: 'A field can contain a byte at or below the first delimiter byte, so keys do not sort field by field.',
    messages: {
      misorder:
        '{field} can hold {low}, below the delimiter {delimiter}: "{longer}{delimiter_text}" sorts before "{shorter}{delimiter_text}" (Structured row keys).',
    },
    details: {
      misorder:
        'field {field} can hold {low}, which sorts below the delimiter {delimiter}, and its values differ in length: "{longer}{delimiter_text}…" sorts before "{shorter}{delimiter_text}…" although "{shorter}" comes first. Keys do not sort field by field (Bigtable\'s sorted-mode rule for delimited keys: no field byte at or below {first}), so range scans over {field} and SQL over the row key schema, which assumes field order, return rows out of order. {advice}',
    },
    fixable: true,
  },
  table(t, { design, report }) {
    const l = t.layout;
    if (!l || l.encoding !== 'delimited' || l.delimiter === null || l.segments.length < 2) return;
    const d0 = firstByte(l.delimiter);
    const segs = keySegments(t);
    let fix: Remedy | null | undefined;
    for (const s of segs) {
      const w = misorderWitness(s, d0, t.fields.find((f) => f.name === s.name)?.cardinality ?? 1);
      if (!w) continue;
      fix = fix === undefined ? remedy(t) : fix;
      const rowKey = fix?.rowKey ?? null;
      report({
        path: ['rowKey', 'fields', s.name!],
        messageId: 'misorder',
        data: {
          field: s.name!,
          low: w.low,
          delimiter: `"${l.delimiter}"`,
          delimiter_text: l.delimiter,
          first: describeFirst(l.delimiter, d0),
          shorter: w.shorter,
          longer: w.longer,
          advice: fix?.advice ?? `Give ${s.name!} values of one width, or keep ${w.low} out of them.`,
        },
        ...(fix ? { fix: { label: fix.label, apply: () => replaceKey(design, t, rowKey) } } : {}),
      });
    }
  },
});
