// The core's layers are written once (scripts/core-layers.mjs) and enforced by Biome: biome.json
// must hold exactly the overrides the list makes, and an import that runs up a floor must fail
// the lint with the folder's allowed list.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { FLOORS, withLayers } from './core-layers.mjs';

const root = join(__dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

function lintProbe(folder: string, source: string): { code: number | null; out: string } {
  const file = join(root, 'src', 'core', folder, `layer-probe-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const r = spawnSync(biome, ['lint', '--max-diagnostics=5', file], { cwd: root, encoding: 'utf8' });
    return { code: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}

describe("the core's layers", () => {
  it('biome.json holds the overrides scripts/core-layers.mjs writes (run it after changing FLOORS)', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    expect(withLayers(config)).toEqual(config);
  });

  it('every folder of src/core is on a floor', () => {
    const listed = new Set((FLOORS as string[][]).flat());
    const dir = join(root, 'src', 'core');
    for (const name of readdirSync(dir)) {
      const isFolder = statSync(join(dir, name)).isDirectory();
      if (isFolder || (name.endsWith('.ts') && !name.endsWith('.test.ts'))) expect(listed.has(name), `${name} has no floor`).toBe(true);
    }
  });

  it('fails an import that runs up a floor, naming what the folder may import', () => {
    const up = lintProbe('capacity', "import { lint } from '../rules/lint';\nexport const probe = lint;\n");
    expect(up.code).not.toBe(0);
    expect(up.out).toContain('core/capacity is on floor 5');
    const down = lintProbe('capacity', "import { analyze } from '../analysis/design';\nexport const probe = analyze;\n");
    expect(down.code, down.out).toBe(0);
  }, 60_000);
});
