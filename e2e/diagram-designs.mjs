// A design of 30 tables for the diagram's test and screenshot: every fifth an index table
// (writtenWith) of the one before, two queries each (one by user, one a full scan by time).
export function thirtyTables() {
  const lines = ['format: bigtable-studio/v1', 'name: Thirty tables', 'tables:'];
  for (let i = 0; i < 30; i++) {
    const name = `t${String(i).padStart(2, '0')}`;
    lines.push(`  - name: ${name}`);
    if (i % 5 === 4) lines.push(`    writtenWith: t${String(i - 1).padStart(2, '0')}`);
    lines.push('    rowKey: {template: "{user}#{ts}", fields: {user: {type: string}, ts: {type: timestamp}}}');
    lines.push('    families: [{name: d, gc: {maxVersions: 1}}]');
    lines.push('    queries: [{name: by user, match: {user: eq}}, {name: by time, match: {ts: range}}]');
  }
  return `${lines.join('\n')}\n`;
}
