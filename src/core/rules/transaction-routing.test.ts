import { expect } from 'vitest';
import rule from './transaction-routing';
import { ruleTester } from './tester';

const instance = (profiles: string, extra = '') => `instance:
  clusters:
    - {id: shop-east, zone: us-east1-b, nodes: 3}
    - {id: shop-west, zone: us-west1-a, nodes: 3}
  appProfiles:
${profiles}${extra}`;

const design = (
  head: string,
  load: string,
  families = '      - {name: s, aggregate: sum, columns: [{qualifier: views, counter: true}]}\n',
) => `format: bigtable-studio/v1
name: t
${head}tables:
  - name: stock
    rowKey: {template: "{sku}", fields: {sku: {type: string, cardinality: 100000}}}
    families:
      - {name: p, gc: {maxVersions: 1}, columns: [{qualifier: qty, valueBytes: 8}]}
${families}    load: {writesPerSecond: 100${load}}
`;
const multi = '    - {id: serving, routing: multi}\n';
const orders = '    - {id: orders, routing: single, cluster: shop-east, allowTransactionalWrites: true}\n';
const rmw = '      - {name: c, gc: {maxVersions: 1}, columns: [{qualifier: views, counter: true}]}\n';

ruleTester(rule, {
  valid: [
    {
      name: 'check-and-mutate through a transactional single-cluster profile',
      yaml: design(instance(multi + orders), ', checkAndMutate: true, appProfile: orders'),
    },
    { name: 'aggregate counters under multi-cluster routing (no transaction)', yaml: design(instance(multi), '') },
    { name: 'a one-cluster design uses the default profile, which allows transactions', yaml: design('cluster: {nodes: 3}\n', ', checkAndMutate: true', rmw) },
  ],
  invalid: [
    {
      name: 'check-and-mutate through the multi-cluster default moves to the transactional profile',
      yaml: design(instance(multi + orders), ', checkAndMutate: true'),
      findings: [
        {
          messageId: 'multi',
          path: 'tables[0].load.checkAndMutate',
          severity: 'error',
          message: /each conditional write \(CheckAndMutateRow\) needs a single-row transaction, which multi-cluster profile serving refuses/,
        },
      ],
      fixed: (d) => expect(d.tables[0]!.load!.appProfile).toBe('orders'),
    },
    {
      name: 'a read-modify-write counter through a single-cluster profile without the flag',
      yaml: design(instance('    - {id: orders, routing: single, cluster: shop-east}\n'), '', rmw),
      findings: [
        { messageId: 'notAllowed', path: 'tables[0].families[1].columns[0]', message: /counter c:views \(ReadModifyWriteRow\).*profile orders does not allow/ },
      ],
      fixed: (d) => expect(d.instance!.appProfiles![0]!.allowTransactionalWrites).toBe(true),
    },
    {
      name: 'no fix when no profile allows transactions',
      yaml: design(instance(multi), ', checkAndMutate: true'),
      findings: [{ messageId: 'multi', path: 'tables[0].load.checkAndMutate' }],
      fixed: null,
    },
    {
      name: 'a replicated instance without profiles routes to any cluster',
      yaml: design('instance:\n  clusters:\n    - {id: shop-east, zone: us-east1-b}\n    - {id: shop-west, zone: us-west1-a}\n', ', checkAndMutate: true'),
      findings: [{ messageId: 'multi', path: 'tables[0].load.checkAndMutate', message: /profile \(the default\)/ }],
    },
  ],
});
