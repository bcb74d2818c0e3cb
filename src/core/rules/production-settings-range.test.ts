import { expect } from 'vitest';
import rule from './production-settings-range';
import { ruleTester } from './tester';

const design = (table: string, instance = '') => `format: bigtable-studio/v1
name: t
${instance}tables:
  - name: events
    rowKey: {template: "{user}#{ts}", fields: {user: {type: string, cardinality: 100000}, ts: {type: timestamp}}}
    families: [{name: e, gc: {maxAge: 400d}}]
${table}`;

const autoscaled = (a: string) => `instance:
  storage: ssd
  clusters:
    - {id: events-east, zone: us-east1-b, autoscaling: {${a}}}
`;

ruleTester(rule, {
  valid: [
    {
      name: 'every setting at the edges Google documents',
      yaml: design(
        '    changeStreamRetention: 7d\n    backup: {retention: 3d}\n    tieredStorage: {infrequentAccessAfter: 30d}\n',
        autoscaled('minNodes: 2, maxNodes: 20, cpuTarget: 80, storageTarget: 5120'),
      ),
    },
    { name: 'no production settings at all', yaml: design('') },
  ],
  invalid: [
    {
      name: 'a change stream kept 10 days is clamped to 7',
      yaml: design('    changeStreamRetention: 10d\n'),
      findings: [
        {
          messageId: 'range',
          path: 'tables[0].changeStreamRetention',
          severity: 'error',
          message: /change stream retention 10d is outside .* \(1 to 7 days\).*"Configure change streams"\); use 7d\./,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.changeStreamRetention).toBe('7d'),
    },
    {
      name: 'a change stream of 12 hours is raised to a day',
      yaml: design('    changeStreamRetention: 12h\n'),
      findings: [{ messageId: 'range', path: 'tables[0].changeStreamRetention', message: /use 1d/ }],
      fixed: (d) => expect(d.tables[0]!.changeStreamRetention).toBe('1d'),
    },
    {
      name: 'backups kept one day and tiering after a week',
      yaml: design('    backup: {retention: 1d}\n    tieredStorage: {infrequentAccessAfter: 7d}\n'),
      findings: [
        { messageId: 'range', path: 'tables[0].backup.retention', message: /\(3 to 90 days\).*"Manage backups"/ },
        { messageId: 'range', path: 'tables[0].tieredStorage.infrequentAccessAfter', message: /at least 30 days.*"Tiered storage overview"/ },
      ],
      fixed: (d) => expect(d.tables[0]!.backup).toEqual({ retention: '3d' }),
    },
    {
      name: 'autoscaling at 90% CPU, a 6 TiB SSD target and 40 nodes over 2',
      yaml: design('', autoscaled('minNodes: 2, maxNodes: 40, cpuTarget: 90, storageTarget: 6000')),
      findings: [
        { messageId: 'range', path: 'instance.clusters[0].autoscaling.cpuTarget', message: /CPU target 90% .* \(10 to 80%\).*use 80\./ },
        { messageId: 'range', path: 'instance.clusters[0].autoscaling.maxNodes', message: /at most 10 times minNodes \(20\)/ },
        { messageId: 'range', path: 'instance.clusters[0].autoscaling.storageTarget', message: /SSD storage target 6000 GiB .*\(2560 to 5120 GiB per node/ },
      ],
      fixed: (d) => expect(d.instance!.clusters![0]!.autoscaling).toEqual({ minNodes: 2, maxNodes: 40, cpuTarget: 80, storageTarget: 6000 }),
    },
    {
      name: 'an HDD storage target below 8192 GiB',
      yaml: design('', autoscaled('minNodes: 2, maxNodes: 4, cpuTarget: 60, storageTarget: 4000').replace('storage: ssd', 'storage: hdd')),
      findings: [{ messageId: 'range', path: 'instance.clusters[0].autoscaling.storageTarget', message: /HDD storage target 4000 GiB .*\(8192 to 16384/ }],
      fixed: (d) => expect(d.instance!.clusters![0]!.autoscaling!.storageTarget).toBe(8192),
    },
  ],
});
