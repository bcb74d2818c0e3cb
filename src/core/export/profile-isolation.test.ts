// App profile isolation in the whole-design exports: a priority (standard isolation) and Data
// Boost, as gcloud's flags and Terraform's blocks name them.
import { describe, expect, it } from 'vitest';
import type { Design } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { exportTable } from '../outputs';

function withIsolation(): Design {
  const d = exampleDesigns().find((e) => e.file === 'replicated-orders.yaml')!.design;
  const inst = d.instance!;
  return {
    ...d,
    instance: {
      ...inst,
      appProfiles: [
        { ...inst.appProfiles![0]!, priority: 'low' },
        inst.appProfiles![1]!,
        { id: 'analytics', routing: 'single', cluster: 'shop-west', dataBoost: { computeBillingOwner: 'HOST_PAYS' } },
      ],
    },
  };
}

describe('app profile isolation in exports', () => {
  it('gcloud: --priority=PRIORITY_LOW, and --data-boost with its billing owner', () => {
    const text = exportTable(withIsolation(), null, 'gcloud').text;
    const serving = text.slice(text.indexOf("app-profiles create 'serving'"), text.indexOf("app-profiles create 'stock-writer'"));
    expect(serving).toContain('--priority=PRIORITY_LOW');
    const analytics = text.slice(text.indexOf("app-profiles create 'analytics'"));
    expect(analytics).toMatch(/--route-to='shop-west' \\\n\s+--data-boost \\\n\s+--data-boost-compute-billing-owner=HOST_PAYS/);
    expect(text.match(/--priority=/g)).toHaveLength(1);
  });

  it('Terraform: standard_isolation and data_boost_isolation_read_only blocks', () => {
    const text = exportTable(withIsolation(), null, 'terraform').text;
    expect(text).toMatch(/standard_isolation \{\n\s+priority = "PRIORITY_LOW"\n\s+\}/);
    expect(text).toMatch(/data_boost_isolation_read_only \{\n\s+compute_billing_owner = "HOST_PAYS"\n\s+\}/);
  });
});
