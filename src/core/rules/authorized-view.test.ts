import rule from './authorized-view';
import { ruleTester } from './tester';

const design = (views: string) => `format: bigtable-studio/v1
name: t
tables:
  - name: readings
    rowKey:
      template: "{tenant}#{device}#{ts}"
      fields:
        tenant: {type: string, values: [acme, globex]}
        device: {type: string}
        ts: {type: timestamp, pad: 13}
    families:
      - name: m
        gc: {maxAge: 30d}
      - name: meta
        gc: {maxVersions: 1}
${views}
`;

ruleTester(rule, {
  valid: [
    {
      name: 'one view per tenant value, whole families and qualifier prefixes',
      yaml: design(`authorizedViews:
  - name: acme
    table: readings
    rowPrefixes: ["acme#"]
    families: {m: {}, meta: {qualifierPrefixes: [tel], qualifiers: [address]}}
  - name: acme_dev
    table: readings
    rowPrefixes: ["acme#dev1#", "glo", ""]
    families: {m: {}}`),
    },
  ],
  invalid: [
    {
      name: 'a prefix that is not a tenant value, and one with too many segments',
      yaml: design(`authorizedViews:
  - name: initech
    table: readings
    rowPrefixes: ["initech#", "acme#d#12#x"]
    families: {m: {}}`),
      findings: [
        { messageId: 'prefix', path: 'authorizedViews[0].rowPrefixes[0]', severity: 'error', message: /"initech" is not one of the values of tenant/ },
        { messageId: 'prefix', path: 'authorizedViews[0].rowPrefixes[1]', message: /it has 4 segments; the key .* has 3/ },
      ],
    },
    {
      // A view on a table the design does not have is refused by check (load/semantic.ts).
      name: 'an unknown family and more than 10 qualifier prefixes',
      yaml: design(`authorizedViews:
  - name: b
    table: readings
    families: {x: {}, m: {qualifierPrefixes: [a, b, c, d, e, f, g, h, i, j, k]}}`),
      findings: [
        { messageId: 'tooMany', path: 'authorizedViews[0].families', message: /11 qualifier prefixes/ },
        { messageId: 'family', path: 'authorizedViews[0].families.x' },
      ],
    },
  ],
});
