// What a fix does to every declared query of the tables it touches (plan before and after),
// and, when several fixes are offered on one table, which others it competes with: the user
// compares them before choosing one: fixes that change how the same table's queries are served compete.
import type { Finding } from '../../core/rules/types';

interface Props {
  finding: Finding;
  /** Other fixes offered on the same table. */
  rivals: readonly Finding[];
}

export function FixEffects({ finding, rivals }: Props) {
  const effects = finding.effects ?? [];
  if (effects.length === 0 && rivals.length === 0) return null;
  const rows = (
    <table className="fix-effects-table">
      <thead>
        <tr>
          <th scope="col">Query</th>
          <th scope="col">Now</th>
          <th scope="col">After this fix</th>
        </tr>
      </thead>
      <tbody>
        {effects.map((e) => (
          <tr key={`${e.table}|${e.query}`} data-testid="fix-effect" data-changed={e.changed ? 'yes' : 'no'}>
            <th scope="row">{e.query}</th>
            <td>{e.before}</td>
            <td>
              {e.changed ? e.after : 'unchanged'}
              {e.movedTo ? ` (moved to ${e.movedTo})` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (rivals.length === 0) {
    return (
      <details className="fix-effects" data-testid="fix-effects">
        <summary>What this fix does to each query</summary>
        {rows}
      </details>
    );
  }
  // Competing fixes: shown open, so the comparison is in view.
  return (
    <div className="fix-effects fix-conflict" data-testid="fix-conflict">
      <p className="small">
        {rivals.length === 1 ? 'Another fix changes' : `${rivals.length} other fixes change`} table {finding.table} too (
        {rivals.map((r) => `"${r.fix}"`).join(', ')}): compare what each does to the queries before you choose.
      </p>
      {rows}
    </div>
  );
}
