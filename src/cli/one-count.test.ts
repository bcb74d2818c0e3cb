// One design, one node count: over every example and corpus design (and the ad-click system,
// served and not), the summary, `btstudio plan` (text and JSON), the capacity findings and their
// fixes, and the simulator's header state the same recommended count per cluster, worded the
// same way (core/capacity/wording.ts). The MCP server's plan, lint and simulate tools run these
// same commands, so their answers carry the same figures.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { parseCase } from '../core/rules/tester';
import { adClicksYaml } from '../test-support/ad-clicks';
import { exampleDesigns } from '../test-support/examples';
import { expectOneCount } from '../test-support/one-count';
import { tempFolder } from '../test-support/temp-files';

const CORPUS = fileURLToPath(new URL('../core/rules/corpus/', import.meta.url));
const webPages = exampleDesigns().find((e) => e.file === 'web-pages.yaml')!.design;
const designs = [
  ...exampleDesigns().map((e) => ({ name: `examples/${e.file}`, design: e.design })),
  ...['good', 'bad'].flatMap((kind) =>
    readdirSync(join(CORPUS, kind))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ name: `corpus/${kind}/${f}`, design: parseCase(readFileSync(join(CORPUS, kind, f), 'utf8')) })),
  ),
  { name: 'ad-clicks', design: parseCase(adClicksYaml()) },
  { name: 'ad-clicks, not served', design: parseCase(adClicksYaml({ served: false })) },
  // Over capacity with reads taking every node: the simulator's verdict names a count, the plan's.
  { name: 'web-pages on 5 nodes', design: { ...webPages, cluster: { ...webPages.cluster, nodes: 5 } } },
];

describe('every surface states the same recommended node count', () => {
  const folder = tempFolder('one-count');
  for (const { name, design } of designs) it(name, () => expectOneCount(name, design, folder));
});
