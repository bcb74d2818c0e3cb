import { expect } from 'vitest';
import rule from './family-name';
import { ruleTester, tableYaml } from './tester';

const design = (families: string, queries = '') =>
  tableYaml({ table: 'readings', template: '{device}#{ts}', fields: '        device: {type: uuid}\n        ts: {type: timestamp}', families, after: queries });

ruleTester(rule, {
  valid: [
    {
      name: 'a family "measurements" (Schema design for time series data) and a one-letter family',
      yaml: design('      - name: measurements\n      - name: m'),
    },
    { name: 'dots, hyphens and 64 characters', yaml: design(`      - name: raw.v2-x\n      - name: ${'f'.repeat(64)}`) },
  ],
  invalid: [
    {
      name: 'a space in the name; query filters follow the rename',
      yaml: design(
        '      - name: raw data\n        columns: [{qualifier: payload}]',
        '    queries:\n      - name: payloads\n        match: {device: eq}\n        filter: ["raw data:payload"]\n',
      ),
      findings: [{ messageId: 'chars', path: 'tables[0].families[0].name', severity: 'error', message: /holds a space/ }],
      fixed: (d) => {
        expect(d.tables[0]!.families![0]!.name).toBe('raw_data');
        expect(d.tables[0]!.queries![0]!.filter).toEqual(['raw_data:payload']);
      },
    },
    {
      name: 'a name that starts with a dot',
      yaml: design('      - name: .hidden'),
      findings: [{ messageId: 'start', path: 'tables[0].families[0].name', message: /starts with '\.'/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.name).toBe('hidden'),
    },
    {
      name: 'a name of 65 characters',
      yaml: design(`      - name: ${'f'.repeat(65)}`),
      findings: [{ messageId: 'long', path: 'tables[0].families[0].name', message: /65 characters/ }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.name).toBe('f'.repeat(64)),
    },
    {
      name: "the cleaned name would be a key field's, so it gets a suffix",
      yaml: design('      - name: "device!"'),
      findings: [{ messageId: 'chars', path: 'tables[0].families[0].name' }],
      fixed: (d) => expect(d.tables[0]!.families![0]!.name).toBe('device_2'),
    },
    {
      name: 'nothing of the name survives, so the fix declines',
      yaml: design('      - name: データ'),
      findings: [{ messageId: 'chars', path: 'tables[0].families[0].name' }],
      fixed: null,
    },
  ],
});
