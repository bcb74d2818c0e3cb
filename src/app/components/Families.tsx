import type { Family } from '../../core/model/schema';
import { gcSummary } from '../keyview';

function Columns({ family }: { family: Family }) {
  const cols = family.columns ?? [];
  if (cols.length === 0) return <span className="muted">none listed</span>;
  return (
    <>
      {cols.map((c, i) => (
        <span key={i}>
          {i > 0 && ', '}
          <code>{c.qualifier}</code>
          {c.dynamic && <span className="muted"> (dynamic)</span>}
        </span>
      ))}
    </>
  );
}

export function Families({ families }: { families: readonly Family[] }) {
  if (families.length === 0) return <p className="notice">No column families: a table needs at least one to hold data.</p>;
  return (
    <table className="grid families" data-testid="families">
      <thead>
        <tr>
          <th scope="col">Family</th>
          <th scope="col">Garbage collection</th>
          <th scope="col">Aggregate</th>
          <th scope="col">Columns</th>
        </tr>
      </thead>
      <tbody>
        {families.map((f) => (
          <tr key={f.name} data-testid="family">
            <td>
              <code className="family-name">{f.name}</code>
              {f.description && <div className="muted small">{f.description}</div>}
            </td>
            <td>{gcSummary(f.gc)}</td>
            <td>{f.aggregate ? <code>{f.aggregate}</code> : <span className="muted">no</span>}</td>
            <td>
              <Columns family={f} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
