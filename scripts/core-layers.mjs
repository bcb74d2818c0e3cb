#!/usr/bin/env node
// The core's layers, in one place: each folder of src/core sits on a floor and may import only
// the floors below it. `node scripts/core-layers.mjs` writes one Biome `noRestrictedImports`
// override per folder into biome.json (after the core-wide entry, whose framework and Node
// restrictions each override repeats, since an override's options replace the rule's);
// `--check` exits 1 when biome.json differs. scripts/core-layers.test.ts runs the check, and
// src/core/README.md describes each floor.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lowest first. A name ending in .ts is a single module at the top of src/core. */
export const FLOORS = [
  ['units.ts', 'output-formats.ts'],
  ['model'],
  ['keys', 'sql'],
  ['load'],
  ['analysis'],
  ['capacity', 'sort'],
  ['export'],
  ['rules'],
  ['report', 'sim', 'infer', 'import'],
  ['diff'],
  ['share'],
  ['outputs.ts'],
];

const nameOf = (x) => x.replace(/\.ts$/, '');
const includesOf = (x) => (x.endsWith('.ts') ? [`src/core/${x}`] : [`src/core/${x}/**`, `!src/core/${x}/**/*.test.ts`]);

/** biome.json with the layer overrides written anew from FLOORS. */
export function withLayers(config) {
  const overrides = config.overrides.filter(
    (o) => !(o.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []).some((p) => /of the core's layers/.test(p.message)),
  );
  const base = overrides.find((o) => o.includes[0] === 'src/core/**');
  if (!base) throw new Error('biome.json has no override for src/core/**');
  const basePatterns = base.linter.rules.style.noRestrictedImports.options.patterns;
  const layers = [];
  FLOORS.forEach((floor, i) => {
    for (const x of floor) {
      const higher = FLOORS.slice(i)
        .flat()
        .filter((y) => y !== x);
      if (!higher.length) continue;
      const lower = FLOORS.slice(0, i).flat().map(nameOf);
      const group = higher.flatMap((y) => (y.endsWith('.ts') ? [`**/${nameOf(y)}`] : [`**/${y}`, `**/${y}/**`]));
      const allowed = lower.length ? `it imports only ${lower.join(', ')}` : 'it imports nothing of the core';
      const message = `core/${nameOf(x)} is on floor ${i} of the core's layers: ${allowed} (src/core/README.md, "The layers").`;
      layers.push({
        includes: includesOf(x),
        linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns: [...basePatterns, { group, message }] } } } } },
      });
    }
  });
  const at = overrides.indexOf(base) + 1;
  return { ...config, overrides: [...overrides.slice(0, at), ...layers, ...overrides.slice(at)] };
}

/** biome.json's text as Biome formats it (two-space JSON, short arrays on one line). */
export function format(config) {
  return `${JSON.stringify(config, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'biome.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  const next = withLayers(config);
  if (process.argv.includes('--check')) {
    const same = JSON.stringify(next) === JSON.stringify(config);
    if (!same) console.error('biome.json does not match scripts/core-layers.mjs: run node scripts/core-layers.mjs');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(file, format(next));
  console.log(`biome.json: ${next.overrides.length} overrides, the core's layers from scripts/core-layers.mjs`);
}
