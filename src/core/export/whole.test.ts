// The whole-design scripts without a real tool: every table once, in design order, the
// instance only when the design names clusters, valid bash (bash -n), and the parts hook.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exampleDesigns } from '../../test-support/examples';
import { exportTable } from '../outputs';

const designs = exampleDesigns();
const byFile = new Map(designs.map((e) => [e.file, e.design]));

describe('whole-design scripts', () => {
  for (const { file, design } of designs) {
    for (const format of ['gcloud', 'cbt'] as const) {
      it(`${file}: the ${format} script creates every table once and is valid bash`, () => {
        const { text } = exportTable(design, null, format);
        expect([...text.matchAll(/^# Table (.+)$/gm)].map((m) => m[1])).toEqual(design.tables.map((t) => t.name));
        const r = spawnSync('bash', ['-n'], { input: text, encoding: 'utf8' });
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
      });
    }
  }

  it('creates the instance only when the design names its clusters, and then defaults INSTANCE to its id', () => {
    const replicated = exportTable(byFile.get('replicated-orders.yaml')!, null, 'gcloud').text;
    expect(replicated).toContain('INSTANCE="${INSTANCE:-shop-prod}"');
    expect(replicated.match(/gcloud bigtable instances create/g)).toHaveLength(1);
    expect(replicated.match(/--cluster-config=/g)).toHaveLength(2);
    const plain = exportTable(byFile.get('iot-multitenant.yaml')!, null, 'gcloud').text;
    expect(plain).toContain(': "${INSTANCE:?set INSTANCE to the Bigtable instance id}"');
    expect(plain).not.toContain('instances create');
  });

  it('says the cbt script does not create the instance of a replicated design', () => {
    const r = exportTable(byFile.get('replicated-orders.yaml')!, null, 'cbt');
    expect(r.notes[0]).toMatch(/creates the tables only: cbt cannot set autoscaling or transactional app profiles/);
    expect(r.text).not.toMatch(/createinstance|createappprofile/);
  });

  it('writes the tiered table with gcloud beta and the plain one with gcloud', () => {
    expect(exportTable(byFile.get('tiered-sensor-archive.yaml')!, null, 'gcloud').text).toMatch(
      /gcloud beta bigtable instances tables create 'sensor_readings'[\s\S]*--tiered-storage-infrequent-access-older-than='60d'/,
    );
    expect(exportTable(byFile.get('replicated-orders.yaml')!, 'carts', 'gcloud').text).not.toContain('gcloud beta');
  });
});
