import rule from './queries-conflict';
import { ruleTester, tableYaml } from './tester';

const table = (name: string, key: string, fields: string, family: string, queries: string) =>
  tableYaml({
    table: name,
    template: key,
    fields,
    families: `      - name: ${family}\n        gc: {maxVersions: 1}\n        columns:\n          - {qualifier: v, valueBytes: 8}`,
    queries,
  });

const abc = '        a: {type: string, cardinality: 1000}\n        b: {type: string, cardinality: 100000}\n        c: {type: string, cardinality: 1000000}';

ruleTester(rule, {
  valid: [
    {
      name: 'nested queries share one key (field promotion, Schema design best practices: tenant_id#device_type#device_id)',
      yaml: table(
        'readings',
        '{tenant}#{device_type}#{device}#{ts}',
        '        tenant: {type: string, cardinality: 2000}\n        device_type: {type: string, values: [sensor, meter]}\n        device: {type: int, min: 1, max: 99999999, pad: 8}\n        ts: {type: timestamp, reversed: true}',
        'r',
        '      - {name: fleet, match: {tenant: eq, device_type: eq}}\n      - {name: latest, match: {tenant: eq, device_type: eq, device: eq}, order: newest, limit: 10}\n      - {name: window, match: {tenant: eq, device_type: eq, device: eq, ts: range}}',
      ),
    },
    {
      name: 'a key in the wrong order is not a conflict: promotion serves both',
      yaml: table(
        't',
        '{b}#{a}',
        abc.split('\n').slice(0, 2).join('\n'),
        'd',
        '      - {name: by a, match: {a: eq}}\n      - {name: by a and b, match: {a: eq, b: eq}}',
      ),
    },
  ],
  invalid: [
    {
      name: 'items of a user and buyers of an item need two tables',
      yaml: table(
        'purchases',
        '{user}#{item}',
        '        user: {type: string, cardinality: 100000}\n        item: {type: string, cardinality: 50000}',
        'd',
        '      - {name: items of a user, match: {user: eq}}\n      - {name: buyers of an item, match: {item: eq}}',
      ),
      findings: [
        {
          messageId: 'conflict',
          path: 'tables[0].queries[1]',
          severity: 'info',
          message:
            /needs item at the front of the key, but "items of a user" needs user[\s\S]*Keep a second table purchases_by_item keyed <item>#<user>[\s\S]*SELECT item, _key AS source_key, d FROM purchases ORDER BY item, source_key/,
        },
      ],
    },
    {
      name: 'two queries on later fields conflict with each other',
      yaml: table('t', '{a}#{b}#{c}', abc, 'd', '      - {name: by b, match: {b: eq}}\n      - {name: by c, match: {c: eq}}'),
      findings: [
        { messageId: 'conflict', path: 'tables[0].queries[0]', message: /"by c" needs c.*keyed <b>#<a>#<c>/ },
        { messageId: 'conflict', path: 'tables[0].queries[1]', message: /"by b" needs b.*keyed <c>#<a>#<b>/ },
      ],
    },
    {
      name: 'a time-range query across devices needs a salted second table',
      yaml: table(
        'readings',
        '{device}#{ts}',
        '        device: {type: string, cardinality: 100000}\n        ts: {type: timestamp, reversed: true}',
        'r',
        '      - {name: latest of a device, match: {device: eq}, order: newest, limit: 10}\n      - {name: everything in a window, match: {ts: range}}',
      ),
      findings: [
        {
          messageId: 'conflictHot',
          path: 'tables[0].queries[1]',
          message: /keyed <ts>#<device> would send the writes of each moment to a few key ranges, the hotspot .* hash salt of at least 3 buckets in front/,
        },
      ],
    },
    {
      name: 'reserved words and dotted names are quoted in the SQL',
      yaml: table(
        'sales.v2',
        '{region}#{from}',
        '        region: {type: string, values: [eu, us]}\n        from: {type: string, cardinality: 10000}',
        'group',
        '      - {name: by region, match: {region: eq}}\n      - {name: by sender, match: {from: eq, region: eq}}\n      - {name: by sender only, match: {from: prefix}}',
      ),
      findings: [
        {
          messageId: 'conflict',
          path: 'tables[0].queries[2]',
          message: 'SELECT `from`, _key AS source_key, `group` FROM `sales.v2` ORDER BY `from`, source_key',
        },
      ],
    },
  ],
});
