import rule from './key-general-to-specific';
import { ruleTester } from './tester';

const design = (template: string, fields: string, queries = '') => `format: bigtable-studio/v1
name: t
tables:
  - name: rows
    rowKey:
      template: "${template}"
      fields:
${fields}
${queries}`;

ruleTester(rule, {
  valid: [
    {
      name: 'seed 003 tall-narrow key station_id#metric_type#(Long.MAX_VALUE - timestamp)',
      yaml: design('{station}#{metric}#{ts}', '        station: {type: int, cardinality: 5000, pad: 4}\n        metric: {type: string, values: [temp, wind, rain]}\n        ts: {type: timestamp, reversed: true}'),
    },
    {
      name: 'seed 000 template {tenant_id}#{entity_type}#{reversed_timestamp}#{uuid}',
      yaml: design('{tenant_id}#{entity_type}#{reversed_timestamp}#{uuid}', '        tenant_id: {type: string, cardinality: 2000}\n        entity_type: {type: string, values: [order, invoice, refund]}\n        reversed_timestamp: {type: timestamp, reversed: true}\n        uuid: {type: uuid}'),
    },
    {
      name: 'a trailing time bucket after a balloon (seed 001 asia-south2#3698#week1)',
      yaml: design('{location}#{balloon}#{week}', '        location: {type: string, values: [us-west2, asia-south2]}\n        balloon: {type: int, min: 1, max: 9999, pad: 4}\n        week: {type: timestamp, bucket: week, format: iso}'),
    },
    {
      name: 'a field kept after the one a query scans by',
      yaml: design('{user}#{country}', '        user: {type: uuid}\n        country: {type: string, values: [de, fr, us]}', '    queries:\n      - {name: all of a user, match: {user: eq}}\n'),
    },
  ],
  invalid: [
    {
      name: 'a country after a user id ends the key',
      yaml: design('{user}#{country}', '        user: {type: uuid}\n        country: {type: string, values: [de, fr, us]}'),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.country', severity: 'info', message: /country has fewer distinct values \(3\) than user/ }],
    },
    {
      name: 'a metric after the timestamp',
      yaml: design('{device}#{ts}#{metric}', '        device: {type: int, cardinality: 1000, pad: 4}\n        ts: {type: timestamp}\n        metric: {type: string, values: [temp, hum]}'),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.metric', message: /than ts before it/ }],
    },
    {
      name: 'a device after the time it reports',
      yaml: design('{region}#{ts}#{device}', '        region: {type: string, values: [eu, us]}\n        ts: {type: timestamp, unit: s}\n        device: {type: int, cardinality: 1000, pad: 4}', '    queries:\n      - {name: one reading, match: {region: eq, ts: eq, device: eq}}\n'),
      findings: [{ messageId: 'inverted', path: 'tables[0].rowKey.fields.device', message: /putting device before ts/ }],
    },
  ],
});
