import { expect } from 'vitest';
import rule from './table-name';
import { ruleTester } from './tester';

const design = (...names: string[]) => `format: bigtable-studio/v1
name: t
tables:
${names
  .map(
    (n) => `  - name: ${JSON.stringify(n)}
    rowKey:
      template: "{device}#{ts}"
      fields:
        device: {type: uuid}
        ts: {type: timestamp}`,
  )
  .join('\n')}
`;

ruleTester(rule, {
  valid: [
    { name: 'table ids with letters and underscores (Schema design for time series data)', yaml: design('balloon_weeks', 'balloon_reports') },
    { name: 'hyphens and dots after the first character, 50 characters exactly', yaml: design('web-table.v2', 'x'.repeat(50)) },
  ],
  invalid: [
    {
      name: 'a space in the id',
      yaml: design('my events'),
      findings: [{ messageId: 'chars', path: 'tables[0].name', severity: 'error', message: /holds a space/ }],
      fixed: (d) => expect(d.tables[0]!.name).toBe('my_events'),
    },
    {
      name: 'an id that starts with a hyphen, whose plain form is taken',
      yaml: design('events', '-events'),
      findings: [{ messageId: 'start', path: 'tables[1].name', message: /starts with '-'/ }],
      fixed: (d) => expect(d.tables.map((t) => t.name)).toEqual(['events', 'events_2']),
    },
    {
      name: 'an id of 51 characters',
      yaml: design('e'.repeat(51)),
      findings: [{ messageId: 'long', path: 'tables[0].name', message: /51 characters/ }],
      fixed: (d) => expect(d.tables[0]!.name).toBe('e'.repeat(50)),
    },
    {
      name: 'accents are dropped',
      yaml: design('événements'),
      findings: [{ messageId: 'chars', path: 'tables[0].name', message: /'é'/ }],
      fixed: (d) => expect(d.tables[0]!.name).toBe('evenements'),
    },
    {
      name: 'nothing of the name survives, so the fix declines',
      yaml: design('日本語'),
      findings: [{ messageId: 'chars', path: 'tables[0].name' }],
      fixed: null,
    },
  ],
});
