import { expect } from 'vitest';
import rule from './hdd-reads';
import { eventsDesign } from '../../test-support/capacity-designs';
import { ruleTester } from './tester';

const point = (perSecond: string) => `    queries:\n      - {name: one event, match: {device: eq, ts: eq}${perSecond}}\n`;

ruleTester(rule, {
  valid: [
    { name: 'point reads on SSD', yaml: eventsDesign(1000, 4, 'ssd', point(', perSecond: 40000')) },
    { name: '1,000 point reads/s on 4 HDD nodes: 2 nodes of reads, under 70%', yaml: eventsDesign(1000, 4, 'hdd', point(', perSecond: 1000')) },
  ],
  invalid: [
    {
      name: '40,000 point reads/s on 4 HDD nodes: 80 nodes of reads',
      yaml: eventsDesign(1000, 4, 'hdd', point(', perSecond: 40000')),
      findings: [
        {
          messageId: 'slow',
          path: 'tables[0].queries',
          severity: 'error',
          message: /40,000 reads\/s of events take 80 nodes on HDD at 500 reads\/s each \(3 nodes on SSD\)/,
        },
      ],
      fixed: (d) => expect(d.cluster?.storage).toBe('ssd'),
    },
    {
      name: 'past what one cluster holds, the counts are said as over 1,000 nodes, not as a figure',
      yaml: eventsDesign(1000, 4, 'hdd', point(', perSecond: 10000000')),
      findings: [
        {
          messageId: 'slow',
          path: 'tables[0].queries',
          severity: 'error',
          message: /10,000,000 reads\/s of events take over 1,000 nodes on HDD at 500 reads\/s each \(\d+ nodes on SSD\)/,
        },
      ],
      fixed: (d) => expect(d.cluster?.storage).toBe('ssd'),
    },
    {
      name: 'a point read on HDD with no rate: say what to declare',
      yaml: eventsDesign(1000, 4, 'hdd', point('')),
      findings: [{ messageId: 'undeclared', path: 'tables[0].queries[0]', severity: 'info', message: /declare its rate/ }],
    },
  ],
});
