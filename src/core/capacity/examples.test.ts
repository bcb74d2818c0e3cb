// The shipped examples against their own plan: each passes it (CPU and storage within the
// recommended targets of its declared cluster), or its description says why not, in a
// "Capacity:" paragraph that stays true (the plan must then indeed fail). Lint's capacity
// rules agree with the plan on every example.
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../test-support/examples';
import { analyze } from '../analysis/design';
import { lint } from '../rules/lint';
import { planCapacity } from './capacity-plan';

const FINDING_OF = { ok: undefined, target: 'target', over: 'over' } as const;

describe('the examples pass their own capacity plan, or say why not', () => {
  for (const { file, design } of exampleDesigns()) {
    it(file, () => {
      const plan = planCapacity(design, analyze(design));
      const passes = plan.cpuState === 'ok' && plan.storageState === 'ok';
      const explains = /Capacity: /.test(design.description ?? '');
      expect({ file, passes, explains, cpu: plan.cpuState, storage: plan.storageState }).toEqual({
        file,
        passes: !explains,
        explains,
        cpu: plan.cpuState,
        storage: plan.storageState,
      });
      // Where the example explains itself, CPU at least fits unless the note says otherwise.
      if (explains && !/nightly/.test(design.description ?? '')) expect(plan.cpuState, file).toBe('ok');
      const findings = lint(design).findings;
      expect(findings.find((f) => f.rule === 'cluster-capacity')?.messageId, file).toBe(FINDING_OF[plan.cpuState]);
      expect(findings.find((f) => f.rule === 'storage-capacity')?.messageId, file).toBe(FINDING_OF[plan.storageState]);
      expect(
        findings.filter((f) => f.rule === 'gc-retention'),
        file,
      ).toEqual([]);
    });
  }
});
