// `btstudio apply` and the production settings against the emulator: deletion
// protection is created and added in place (and read back), while change streams, automated
// backups, tiered storage and the instance's clusters and app profiles are said plainly to be
// ignored by the emulator. The update a real instance would get is pinned by settingsUpdate.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useFreshConnection } from '../test-support/emulator';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../cli/run-in-memory';
import { readTableState } from './index';
import { settingsUpdate, settingsWanted } from './settings';

const host = inject('emulatorHost') ?? process.env.BIGTABLE_EMULATOR_HOST;
const INSTANCE = 'settings-test';
const EXAMPLE = join(__dirname, '..', '..', 'examples', 'replicated-orders.yaml');

const design = (protect: boolean) => `format: bigtable-studio/v1
name: settings
tables:
  - name: ledger
    ${protect ? 'deletionProtection: true\n    ' : ''}changeStreamRetention: 2d
    backup: {retention: 10d}
    tieredStorage: {infrequentAccessAfter: 45d}
    rowKey: {template: "{account}#{ts}", fields: {account: {type: string}, ts: {type: timestamp}}}
    families: [{name: e, gc: {maxAge: 400d}}]
`;

describe('settingsUpdate: what a real instance is sent', () => {
  it('sends every setting with its update mask and Duration seconds', () => {
    const table = {
      name: 't',
      rowKey: { template: '{a}', fields: { a: { type: 'string' as const } } },
      deletionProtection: true,
      changeStreamRetention: '3d',
      backup: { retention: '14d' },
      tieredStorage: { infrequentAccessAfter: '60d' },
    };
    const u = settingsUpdate(settingsWanted(table), null, false);
    expect(u.paths).toEqual(['deletion_protection', 'change_stream_config', 'automated_backup_policy', 'tiered_storage_config']);
    expect(u.fields).toEqual({
      deletionProtection: true,
      changeStreamConfig: { retentionPeriod: { seconds: 259200 } },
      automatedBackupPolicy: { retentionPeriod: { seconds: 1209600 }, frequency: { seconds: 86400 } },
      tieredStorageConfig: { infrequentAccess: { includeIfOlderThan: { seconds: 5184000 } } },
    });
    expect(u.notes).toEqual([]);
    const same = settingsUpdate(settingsWanted(table), settingsWanted(table), false);
    expect(same.paths).toEqual([]);
    const kept = settingsUpdate(settingsWanted({ ...table, deletionProtection: false, changeStreamRetention: undefined }), settingsWanted(table), false);
    expect(kept.paths).toEqual([]);
    expect(kept.notes.join('\n')).toMatch(/deletion protection: the table has it .* kept\n.*change stream: the table has 3d and the design sets none; kept/);
  });
});

describe.skipIf(!host)('btstudio apply and the production settings, against the emulator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'btstudio-settings-'));

  const conn = useFreshConnection(host, INSTANCE);

  it('creates the replicated example with deletion protection and says what the emulator ignores', async () => {
    const r = await runCli('apply', EXAMPLE, '--instance', INSTANCE);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('+ create table carts with 2 families; deletion protection');
    expect(r.out).toMatch(
      /instance: apply writes tables only; the design's 2 clusters \(zones, nodes, autoscaling\) and 2 app profiles are not created .*the emulator has no instance admin/,
    );
    expect(r.out).toContain('change stream 3d: not applied, the emulator accepts and drops it; a real instance keeps it');
    expect(r.out).toContain('automated backup 14d: not applied, the emulator accepts and drops it');
    expect(r.out).toContain('deletion protection: set, but the emulator does not enforce it');
    for (const t of ['carts', 'stock']) expect((await readTableState(conn(), t))?.settings.deletionProtection, t).toBe(true);
    const again = await runCli('apply', EXAMPLE, '--instance', INSTANCE);
    expect(again.out).toMatch(/Plan: nothing to do\.\n$/);
  });

  it('adds deletion protection to an existing table in place, and only then', async () => {
    const plain = join(dir, 'plain.yaml');
    const protectedFile = join(dir, 'protected.yaml');
    writeFileSync(plain, design(false));
    writeFileSync(protectedFile, design(true));
    const first = await runCli('apply', plain, '--instance', INSTANCE);
    expect(first.code).toBe(0);
    expect(first.out).toContain('tiered storage after 45d: not applied, the emulator accepts and drops it');
    expect((await readTableState(conn(), 'ledger'))?.settings.deletionProtection).toBe(false);
    const second = await runCli('apply', protectedFile, '--instance', INSTANCE);
    expect(second.code).toBe(0);
    expect(second.out).toContain('~ set deletion protection');
    expect(second.out).toContain('done: set deletion protection');
    expect(second.out).toMatch(
      /Plan: 0 tables to create, 0 families to add, 0 GC rules to change, 0 row key schemas to set, 0 deletions, 1 table settings update\./,
    );
    expect((await readTableState(conn(), 'ledger'))?.settings.deletionProtection).toBe(true);
    // The design dropping protection does not remove it.
    const third = await runCli('apply', plain, '--instance', INSTANCE);
    expect(third.out).toContain('deletion protection: the table has it and the design does not ask for it; kept');
    expect((await readTableState(conn(), 'ledger'))?.settings.deletionProtection).toBe(true);
  });
});
