import type { DesignIssue } from '../../core/load/load-design';

/** Load issues as `file:line:column  path  message`; every string is rendered as text. */
export function IssueList({ issues }: { issues: readonly DesignIssue[] }) {
  return (
    <ol className="issues" data-testid="issues">
      {issues.map((i, n) => (
        <li key={n} className="issue">
          <code className="issue-pos">
            {i.file}:{i.line}:{i.column}
          </code>
          {i.path && <code className="issue-path">{i.path}</code>}
          <span className="issue-message">{i.message}</span>
        </li>
      ))}
    </ol>
  );
}
