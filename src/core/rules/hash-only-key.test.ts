import { describe, expect, it } from 'vitest';
import rule from './hash-only-key';
import { ruleTester, tableYaml } from './tester';

const design = (template: string, fields: string, queries = '') => tableYaml({ table: 'items', template, fields, after: queries });

ruleTester(rule, {
  valid: [
    {
      name: 'a uuid after the room and time it belongs to (tenantID#reversedTimestamp#objectID)',
      yaml: design(
        '{room}#{ts}#{message}',
        '        room: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}\n        message: {type: uuid}',
      ),
    },
    {
      name: 'a salt in front of a real id (salting, Schema design best practices)',
      yaml: design(
        '{salt}#{user_id}',
        '        salt: {type: hash, of: [user_id], buckets: 16}\n        user_id: {type: int, max: 9999999999, pad: 10}',
        '    queries:\n      - {name: users in a range, match: {user_id: range}}\n',
      ),
    },
    {
      name: 'an adjacency list follower#followee of uuids, read by follower',
      yaml: design(
        '{follower}#{followee}',
        '        follower: {type: uuid}\n        followee: {type: uuid}',
        '    queries:\n      - {name: who a user follows, match: {follower: eq}}\n',
      ),
    },
    {
      name: 'a uuid key whose every declared query is a point read by the key',
      yaml: design(
        '{id}',
        '        id: {type: uuid}',
        '    queries:\n      - {name: one row, match: {id: eq}}\n      - {name: one row again, match: {id: eq}, perSecond: 50}\n',
      ),
    },
    {
      name: 'a time-ordered uuid v7 key is not random (sequential-leading judges it)',
      yaml: design('{id}', '        id: {type: uuid, version: 7}'),
    },
  ],
  invalid: [
    {
      name: 'a uuid key read by prefix',
      yaml: design('{id}', '        id: {type: uuid}', '    queries:\n      - {name: by prefix, match: {id: prefix}}\n'),
      findings: [{ messageId: 'scan', path: 'tables[0].rowKey.template', severity: 'error', message: /"by prefix" needs a prefix scan/ }],
    },
    {
      name: 'a salt and random bytes, no queries declared',
      yaml: design('{salt}#{id}', '        salt: {type: hash, buckets: 8}\n        id: {type: bytes, length: 16}'),
      findings: [{ messageId: 'only', path: 'tables[0].rowKey.template', severity: 'warning', message: /salt \(hash\), id \(bytes\)/ }],
    },
    {
      name: 'a uuid key with no queries declared is a warning',
      yaml: design('{id}', '        id: {type: uuid}'),
      findings: [{ messageId: 'only', path: 'tables[0].rowKey.template', severity: 'warning' }],
    },
    {
      name: 'a uuid key searched by a column value needs a full scan',
      yaml: design('{id}', '        id: {type: uuid}', '    families: [{name: d}]\n    queries:\n      - {name: by email, filter: ["d:email"]}\n'),
      findings: [{ messageId: 'scan', path: 'tables[0].rowKey.template', severity: 'error', message: /full table scan/ }],
    },
  ],
});

describe('an index table that serves point reads of another table', () => {
  it('is silent: its random order costs nothing', async () => {
    const { adClicksYaml } = await import('../../test-support/ad-clicks');
    const { lint } = await import('./lint');
    const { parseCase } = await import('./tester');
    const served = lint(parseCase(adClicksYaml())).findings.filter((f) => f.rule === 'hash-only-key' && f.table === 'clicks_by_id');
    expect(served).toEqual([]);
    // Without the servedBy it serves nothing declared, and the rule says what the key gives up.
    const alone = lint(parseCase(adClicksYaml({ served: false }))).findings.filter((f) => f.rule === 'hash-only-key' && f.table === 'clicks_by_id');
    expect(alone.map((f) => f.messageId)).toEqual(['only']);
  });
});
