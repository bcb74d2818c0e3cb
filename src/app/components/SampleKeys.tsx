// Generated keys in Bigtable's row order, so hot spots and locality are visible at a glance.
import { useDeferredValue, useMemo } from 'react';
import { keyReader, needsDecoding } from '../../core/keys/readable';
import type { RowKey } from '../../core/model/schema';
import { sortedSampleKeys, type SampleKey } from '../keyview';

type Outcome = { ok: true; keys: SampleKey[] } | { ok: false; message: string };

export function SampleKeys({ rowKey: current, count }: { rowKey: RowKey; count: number }) {
  // While the user types, the 50 keys follow a moment later (a low-priority render), so a
  // keystroke's frame only pays for the example key and the findings.
  const rowKey = useDeferredValue(current);
  const outcome = useMemo<Outcome>(() => {
    try {
      return { ok: true, keys: sortedSampleKeys(rowKey, count, 1) };
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  }, [rowKey, count]);
  // Hover reads a key as its fields (ISO dates, salt buckets) where its bytes do not say it plainly.
  const read = useMemo(() => (needsDecoding(rowKey) ? keyReader(rowKey) : null), [rowKey]);

  if (!outcome.ok) {
    return (
      <p className="error-box" role="alert">
        No sample keys: {outcome.message}
      </p>
    );
  }
  return (
    <table className="grid sample-keys" data-testid="sample-keys">
      <thead>
        <tr>
          <th scope="col" className="num">
            #
          </th>
          <th scope="col">Row key</th>
          <th scope="col" className="num">
            Bytes
          </th>
        </tr>
      </thead>
      <tbody>
        {outcome.keys.map((k, i) => (
          <tr key={i} data-testid="sample-key" data-hex={k.hex}>
            <td className="num muted">{i + 1}</td>
            <td>
              <code className="key" title={read ? `Reads as ${read(k.key)}` : undefined}>
                {k.text}
              </code>
            </td>
            <td className="num">{k.key.length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
