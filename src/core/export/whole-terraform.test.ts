// The whole-design Terraform module: `terraform fmt -check` passes, and every resource type and
// argument it writes is in the google provider's schema. `terraform providers schema` needs the
// provider downloaded, which these machines cannot do, so the schema is pinned here from the
// provider's source (hashicorp/terraform-provider-google at e03b7622,
// google/services/bigtable/resource_bigtable_{instance,app_profile,table,gc_policy}.go). The
// provider has no tiered storage argument: the module says so instead of inventing one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Design } from '../model/schema';
import { exampleDesigns } from '../../test-support/examples';
import { thrown } from '../../test-support/thrown';
import { ExportError, exportTable } from '../outputs';
import { PROVIDER_RELEASES, providerVersion } from './terraform';

/** resource type -> block path -> arguments and nested blocks allowed there. */
const SCHEMA: Record<string, Record<string, string[]>> = {
  google_bigtable_instance: {
    '': ['name', 'cluster', 'display_name', 'instance_type', 'force_destroy', 'deletion_protection', 'labels', 'project', 'tags', 'edition'],
    cluster: ['cluster_id', 'zone', 'num_nodes', 'storage_type', 'kms_key_name', 'autoscaling_config', 'node_scaling_factor'],
    'cluster.autoscaling_config': ['min_nodes', 'max_nodes', 'cpu_target', 'storage_target'],
  },
  google_bigtable_app_profile: {
    '': [
      'app_profile_id',
      'instance',
      'project',
      'data_boost_isolation_read_only',
      'description',
      'ignore_warnings',
      'multi_cluster_routing_use_any',
      'single_cluster_routing',
      'standard_isolation',
      'multi_cluster_routing_cluster_ids',
      'row_affinity',
      'deletion_policy',
    ],
    single_cluster_routing: ['cluster_id', 'allow_transactional_writes'],
  },
  google_bigtable_table: {
    '': [
      'name',
      'column_family',
      'instance_name',
      'split_keys',
      'project',
      'deletion_protection',
      'change_stream_retention',
      'automated_backup_policy',
      'row_key_schema',
      'deletion_policy',
    ],
    column_family: ['family', 'type'],
    automated_backup_policy: ['retention_period', 'frequency', 'locations'],
  },
  google_bigtable_gc_policy: {
    '': ['instance_name', 'table', 'column_family', 'gc_rules', 'mode', 'max_age', 'max_version', 'project', 'ignore_warnings', 'deletion_policy'],
    max_age: ['days', 'duration'],
    max_version: ['number'],
  },
};

/** Every (resource type, block path, argument) of an HCL text as the exporter writes it. */
function argumentsOf(hcl: string): { type: string; path: string; name: string }[] {
  const out: { type: string; path: string; name: string }[] = [];
  const stack: string[] = [];
  let type: string | null = null;
  let heredoc: string | null = null;
  for (const raw of hcl.split('\n')) {
    const line = raw.trim();
    if (heredoc) {
      if (line === heredoc) heredoc = null;
      continue;
    }
    if (!line || line.startsWith('#')) continue;
    const res = /^resource "([a-z_]+)" "[^"]+" \{$/.exec(line);
    if (res) {
      type = res[1]!;
      stack.length = 0;
      stack.push('');
      continue;
    }
    if (line === '}') {
      stack.pop();
      if (!stack.length) type = null;
      continue;
    }
    if (!type) {
      if (line.endsWith('{')) stack.push('-');
      continue;
    }
    const path = stack.filter((s) => s !== '').join('.');
    const blk = /^([a-z_]+) \{$/.exec(line);
    if (blk) {
      out.push({ type, path, name: blk[1]! });
      stack.push(blk[1]!);
      continue;
    }
    const attr = /^([a-z_]+)\s*=\s*(.*)$/.exec(line);
    if (attr) {
      out.push({ type, path, name: attr[1]! });
      const h = /^<<-?(\w+)$/.exec(attr[2]!);
      if (h) heredoc = h[1]!;
    }
  }
  return out;
}

const hasTerraform = spawnSync('terraform', ['version'], { encoding: 'utf8' }).status === 0;
const byFile = new Map(exampleDesigns().map((e) => [e.file, e.design]));
const AUTOSCALED: Design = {
  format: 'bigtable-studio/v1',
  name: 'hdd archive',
  instance: {
    storage: 'hdd',
    clusters: [
      { id: 'arch-east', zone: 'us-east1-b', autoscaling: { minNodes: 2, maxNodes: 8, cpuTarget: 60, storageTarget: 12000 } },
      { id: 'arch-west', zone: 'us-west1-a', nodes: 2 },
    ],
    appProfiles: [
      { id: 'batch', routing: 'multi', clusters: ['arch-west'] },
      { id: 'ops', routing: 'single', cluster: 'arch-east' },
    ],
  },
  tables: [
    {
      name: 'logs',
      rowKey: { template: '{host}#{ts}', fields: { host: { type: 'string' }, ts: { type: 'timestamp' } } },
      families: [{ name: 'l', gc: { union: [{ maxAge: '30d' }, { intersection: [{ maxAge: '3d' }, { maxVersions: 2 }] }] } }],
      changeStreamRetention: '2d',
    },
  ],
};
const cases: [string, Design][] = [
  ['replicated-orders.yaml', byFile.get('replicated-orders.yaml')!],
  ['tiered-sensor-archive.yaml', byFile.get('tiered-sensor-archive.yaml')!],
  ['iot-multitenant.yaml', byFile.get('iot-multitenant.yaml')!],
  ['hdd archive', AUTOSCALED],
];

describe('whole-design Terraform module', () => {
  for (const [name, design] of cases) {
    const text = exportTable(design, null, 'terraform').text;

    it(`${name}: writes only resources and arguments of the google provider's schema`, () => {
      const args = argumentsOf(text);
      expect(args.length).toBeGreaterThan(5);
      const unknown = args.filter((a) => !(SCHEMA[a.type]?.[a.path] ?? []).includes(a.name)).map((a) => `${a.type} ${a.path || '(top)'} ${a.name}`);
      expect(unknown).toEqual([]);
    });

    it.skipIf(!hasTerraform)(`${name}: is what terraform fmt writes (terraform fmt -check)`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'btstudio-tf-'));
      writeFileSync(join(dir, 'main.tf'), text);
      const r = spawnSync('terraform', ['fmt', '-check', '-diff', 'main.tf'], { cwd: dir, encoding: 'utf8' });
      expect(r.stdout).toBe('');
      expect(r.status).toBe(0);
    });
  }

  it('creates the replicated instance, its profiles and every table in one module', () => {
    const text = exportTable(byFile.get('replicated-orders.yaml')!, null, 'terraform').text;
    expect(text.match(/^resource "google_bigtable_instance"/gm)).toHaveLength(1);
    expect(text.match(/^resource "google_bigtable_app_profile"/gm)).toHaveLength(2);
    expect(text.match(/^resource "google_bigtable_table" "(carts|stock)"/gm)).toHaveLength(2);
    expect(text).toMatch(/multi_cluster_routing_use_any = true/);
    expect(text).toMatch(/single_cluster_routing \{\n\s+cluster_id\s+= "shop-east"\n\s+allow_transactional_writes = true/);
    expect(text).toMatch(/autoscaling_config \{\n\s+min_nodes\s+= 3\n\s+max_nodes\s+= 12\n\s+cpu_target = 35/);
    expect(text).toMatch(/deletion_protection\s+= "PROTECTED"/);
    expect(text).toMatch(/change_stream_retention = "72h"/);
    expect(text).toMatch(/automated_backup_policy \{\n\s+retention_period = "336h"\n\s+frequency\s+= "24h"/);
    expect(text).toMatch(/instance_name\s+= google_bigtable_instance\.instance\.name/);
    expect(text).toMatch(/version = ">= 6\.41\.0"/);
  });

  it('says the provider cannot set tiered storage rather than inventing an argument', () => {
    const r = exportTable(byFile.get('tiered-sensor-archive.yaml')!, null, 'terraform');
    expect(r.text).toMatch(/# Not set here: the google provider has no tiered storage argument/);
    expect(r.notes.join('\n')).toMatch(/sensor_readings: the google provider has no tiered storage argument/);
    expect(r.text).not.toMatch(/^resource "google_bigtable_instance"/m);
  });

  it('pins the oldest provider release with every feature used', () => {
    expect(providerVersion([])).toBe('4.0.0');
    expect(providerVersion(['deletionProtection', 'changeStream'])).toBe('4.75.0');
    expect(providerVersion(['autoscaling', 'aggregate', 'backup'])).toBe('6.28.0');
    expect(providerVersion(['gcRules', 'rowKeySchema', 'storageTarget'])).toBe('6.41.0');
  });

  it('lists the provider releases oldest first (providerVersion takes the last one used)', () => {
    const numbers = PROVIDER_RELEASES.map((r) => r.version.split('.').map(Number));
    for (let i = 1; i < numbers.length; i++) {
      const [a, b] = [numbers[i - 1]!, numbers[i]!];
      const k = a.findIndex((n, j) => n !== b[j]);
      expect(k >= 0 && a[k]! < b[k]!, `${PROVIDER_RELEASES[i - 1]!.version} before ${PROVIDER_RELEASES[i]!.version}`).toBe(true);
    }
  });

  it('refuses what Bigtable would refuse, naming the limit', () => {
    const bad: Design = {
      ...AUTOSCALED,
      tables: [
        {
          ...AUTOSCALED.tables[0]!,
          changeStreamRetention: '10d',
          tieredStorage: { infrequentAccessAfter: '60d' },
          rowKey: { ...AUTOSCALED.tables[0]!.rowKey, delimiter: '#'.repeat(51) },
        },
      ],
    };
    for (const format of ['terraform', 'gcloud', 'cbt'] as const) {
      const err = thrown(() => exportTable(bad, null, format));
      expect(err, format).toBeInstanceOf(ExportError);
      const problems = (err as ExportError).problems.join('\n');
      expect(problems).toMatch(/key delimiter is 51 bytes; Bigtable's row key schema allows 1 to 50/);
      expect(problems).toMatch(/change stream retention 10d is outside what Bigtable accepts \(1 to 7 days/);
      expect(problems).toMatch(/tiered storage needs an SSD instance and this one is HDD/);
    }
    expect(() => exportTable(bad, 'logs', 'gcloud')).toThrow(/key delimiter is 51 bytes/);
  });
});
