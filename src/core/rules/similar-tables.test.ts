import rule from './similar-tables';
import { ruleTester } from './tester';

const table = (name: string, template: string, fields: string, families: string) => `  - name: ${name}
    rowKey:
      template: "${template}"
      fields:
${fields}
    families: ${families}
`;
const design = (...tables: string[]) => `format: bigtable-studio/v1\nname: t\ntables:\n${tables.join('')}`;
const user = '        user: {type: int, cardinality: 100000, pad: 6}';
const ts = (extra: string) => `        device: {type: uuid}\n        ts: {type: timestamp${extra}}`;

ruleTester(rule, {
  valid: [
    {
      name: 'one table per query shape, each with its own key (Schema design for time series data, a table per query)',
      yaml: design(
        table('by_device', '{device}#{ts}', ts(''), '[{name: m}]'),
        table('by_time', '{salt}#{ts}#{device}', `        salt: {type: hash, buckets: 8}\n${ts('')}`, '[{name: m}]'),
      ),
    },
    {
      name: 'raw readings and an hourly rollup share a template but not a key',
      yaml: design(table('raw', '{device}#{ts}', ts(''), '[{name: m}]'), table('hourly', '{device}#{ts}', ts(', bucket: hour, format: iso'), '[{name: m}]')),
    },
  ],
  invalid: [
    {
      name: 'the same users table twice',
      yaml: design(table('users_eu', '{user}', user, '[{name: p}]'), table('users_us', '{user}', user, '[{name: p}]')),
      findings: [{ messageId: 'same', path: 'tables[1].rowKey.template', severity: 'info', message: /users_us .* as table users_eu/ }],
    },
    {
      name: 'families listed in another order are the same families',
      yaml: design(table('a', '{device}#{ts}', ts(''), '[{name: m}, {name: raw}]'), table('b', '{device}#{ts}', ts(''), '[{name: raw}, {name: m}]')),
      findings: [{ messageId: 'same', path: 'tables[1].rowKey.template', message: /raw, m|m, raw/ }],
    },
    {
      name: 'three copies: each later one points at the first',
      yaml: design(table('t1', '{user}', user, '[{name: p}]'), table('t2', '{user}', user, '[{name: p}]'), table('t3', '{user}', user, '[{name: p}]')),
      findings: [
        { messageId: 'same', path: 'tables[1].rowKey.template', message: /as table t1/ },
        { messageId: 'same', path: 'tables[2].rowKey.template', message: /as table t1/ },
      ],
    },
  ],
});
