// The production settings of a table as `btstudio apply` handles them: what the design
// asks for, what the table has, and the update between them. The emulator keeps deletion
// protection (but does not enforce it) and accepts and drops change streams, automated backups
// and tiered storage; it has no instance admin at all (app profiles, clusters: "unimplemented").
// A setting the design does not ask for is never turned off: apply only adds and changes.
import type { protos } from '@google-cloud/bigtable';
import { durationMs } from './admin';
import type { Design, Table } from '../core/model/schema';

type ITable = protos.google.bigtable.admin.v2.ITable;

export interface Settings {
  deletionProtection: boolean;
  changeStreamSeconds: number | null;
  backupSeconds: number | null;
  tieringSeconds: number | null;
}

const seconds = (d: string | undefined) => (d === undefined ? null : Math.round(durationMs(d) / 1000));

export function settingsWanted(table: Table): Settings {
  return {
    deletionProtection: table.deletionProtection === true,
    changeStreamSeconds: seconds(table.changeStreamRetention),
    backupSeconds: seconds(table.backup?.retention),
    tieringSeconds: seconds(table.tieredStorage?.infrequentAccessAfter),
  };
}

const num = (d: { seconds?: unknown } | null | undefined) => (d?.seconds === undefined || d.seconds === null ? null : Number(d.seconds));

export function settingsOf(t: ITable): Settings {
  return {
    deletionProtection: t.deletionProtection === true,
    changeStreamSeconds: num(t.changeStreamConfig?.retentionPeriod),
    backupSeconds: num(t.automatedBackupPolicy?.retentionPeriod),
    tieringSeconds: num(t.tieredStorageConfig?.infrequentAccess?.includeIfOlderThan),
  };
}

const days = (s: number) => (s % 86400 === 0 ? `${s / 86400}d` : `${s}s`);

export interface SettingsUpdate {
  /** Fields of the Table message to send, with their update-mask paths. */
  fields: ITable;
  paths: string[];
  /** "deletion protection", "change stream 3d", ... */
  what: string[];
  notes: string[];
}

const DROPPED = 'the emulator accepts and drops it; a real instance keeps it';

/**
 * What apply sends for the settings: everything wanted on a new table (`have` null), else what
 * differs. On the emulator only deletion protection is sent; the rest become notes.
 */
export function settingsUpdate(want: Settings, have: Settings | null, emulator: boolean): SettingsUpdate {
  const out: SettingsUpdate = { fields: {}, paths: [], what: [], notes: [] };
  const differs = <K extends keyof Settings>(k: K) => want[k] !== null && want[k] !== false && (have === null || have[k] !== want[k]);
  if (differs('deletionProtection')) {
    out.fields.deletionProtection = true;
    out.paths.push('deletion_protection');
    out.what.push('deletion protection');
    if (emulator)
      out.notes.push('deletion protection: set, but the emulator does not enforce it (it deletes protected tables); a real instance refuses such deletes');
  } else if (have?.deletionProtection && !want.deletionProtection)
    out.notes.push('deletion protection: the table has it and the design does not ask for it; kept');
  const timed = [
    ['changeStreamSeconds', 'change_stream_config', 'change stream', (s: number): ITable => ({ changeStreamConfig: { retentionPeriod: { seconds: s } } })],
    [
      'backupSeconds',
      'automated_backup_policy',
      'automated backup',
      (s: number): ITable => ({ automatedBackupPolicy: { retentionPeriod: { seconds: s }, frequency: { seconds: 86400 } } }),
    ],
    [
      'tieringSeconds',
      'tiered_storage_config',
      'tiered storage after',
      (s: number): ITable => ({ tieredStorageConfig: { infrequentAccess: { includeIfOlderThan: { seconds: s } } } }),
    ],
  ] as const;
  for (const [key, path, label, proto] of timed) {
    const w = want[key];
    if (w === null) {
      if (have && have[key] !== null) out.notes.push(`${label}: the table has ${days(have[key]!)} and the design sets none; kept`);
      continue;
    }
    if (!differs(key)) continue;
    if (emulator) {
      out.notes.push(`${label} ${days(w)}: not applied, ${DROPPED}`);
      continue;
    }
    Object.assign(out.fields, proto(w));
    out.paths.push(path);
    out.what.push(`${label} ${days(w)}`);
  }
  return out;
}

/** What apply never does to the instance, said once per plan. */
export function instanceNotes(design: Design, emulator: boolean): string[] {
  const inst = design.instance;
  if (!inst?.clusters?.length && !inst?.appProfiles?.length) return [];
  const what = [
    inst.clusters?.length ? `${inst.clusters.length} cluster${inst.clusters.length === 1 ? '' : 's'} (zones, nodes, autoscaling)` : '',
    inst.appProfiles?.length ? `${inst.appProfiles.length} app profile${inst.appProfiles.length === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return [
    `instance: apply writes tables only; the design's ${what} are not created or changed here${emulator ? ' (the emulator has no instance admin: it answers "unimplemented")' : ''}. Use btstudio export --to gcloud or --to terraform for them.`,
  ];
}
