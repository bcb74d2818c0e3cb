// A design whose every free-text value holds markup, for e2e/markup.spec.ts: the studio must
// show each as text and run nothing.
import type { Design } from '../src/core/model/schema';

export const IMG = '<img src=x onerror=alert(1)>';
export const SCRIPT = '"><script>window.__pwned=1</script>';
export const JS_URL = 'javascript:alert(1)';
export const TEMPLATE = "{{constructor.constructor('alert(1)')()}}";
export const TEXTAREA = '</textarea><svg onload=alert(1)>';
export const PAYLOADS = [IMG, SCRIPT, JS_URL, TEMPLATE, TEXTAREA] as const;
export const ALL = PAYLOADS.join(' ');
/** A filter check accepts (its family exists) whose family name, qualifier and value are markup. */
export const FILTER = `${TEXTAREA}:${TEMPLATE} = "${IMG}"`;

/** Table and family names the format accepts (the validator flags them), keys with markup values. */
export const MARKUP: Design = {
  format: 'bigtable-studio/v1',
  name: `Design ${IMG}${SCRIPT}`,
  description: ALL,
  tables: [
    {
      name: IMG,
      description: ALL,
      rowKey: {
        template: '{tenant}#{ts}',
        delimiter: '#',
        fields: {
          tenant: { type: 'string', values: [...PAYLOADS], description: TEMPLATE, example: TEXTAREA },
          ts: { type: 'timestamp', description: JS_URL },
        },
      },
      families: [
        { name: TEXTAREA, description: ALL, gc: { maxVersions: 1 }, columns: [{ qualifier: SCRIPT, description: IMG }, { qualifier: TEMPLATE }] },
        { name: JS_URL, description: TEMPLATE },
      ],
      queries: [
        // A filter that check accepts (the family exists), its family name and value markup.
        { name: SCRIPT, description: IMG, match: { tenant: 'eq' }, filter: [FILTER] },
        { name: JS_URL, match: { tenant: 'prefix' } },
      ],
      load: { writesPerSecond: 2000, readsPerSecond: 100 },
      splits: [TEXTAREA, JS_URL],
    },
    {
      name: SCRIPT,
      rowKey: { template: '{id}', fields: { id: { type: 'string', prefix: IMG, example: TEMPLATE } } },
      families: [{ name: TEMPLATE }],
    },
  ],
};
