// git in a test's own repository: a fixed author, no signing, whatever the machine's config says.
import { execFileSync } from 'node:child_process';

/** Runs `git ...args` in `cwd` and returns its output. */
export const gitIn =
  (cwd: string) =>
  (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

/** A second table led by a timestamp (one finding, timestamp-leading), in a design's `tables:` list. */
export const AUDIT_TABLE = `  - name: audit
    rowKey:
      template: "{at}#{id}"
      fields:
        at: {type: timestamp, unit: s}
        id: {type: uuid}
    families:
      - {name: a, gc: {maxAge: 90d}}
`;
