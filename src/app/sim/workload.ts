// The workload form's values: what the user typed (strings, so a field can be half-edited),
// their defaults from the design and the table, and the parsed options for a run.
import { clusterOf, DEFAULTS, LIMITS, optionsFor, type SimOptions } from '../../core/sim';
import type { Design, Table } from '../../core/model/schema';
import { peakWrites } from '../../core/analysis/design';

export interface WorkloadText {
  nodes: string;
  seconds: string;
  seed: string;
  writesPerSecond: string;
  /** Keys generated, as a multiple of the simulator's default budget: '1', '4' or '10'. */
  detail: string;
}

export type WorkloadField = Exclude<keyof WorkloadText, 'detail'>;

export interface Workload {
  nodes: number;
  seconds: number;
  seed: number;
  writesPerSecond: number;
  detail: number;
}

export const DETAILS = [
  { value: '1', label: 'Standard (fastest)' },
  { value: '4', label: 'Fine (4× keys)' },
  { value: '10', label: 'Finest (10× keys)' },
] as const;

/** The keys a run generates at a detail level (core's default budget times the factor, at most a million); undefined keeps the default. */
export function samplesFor(nodes: number, detail: number): number | undefined {
  if (!(detail > 1)) return undefined;
  const budget = Math.min(DEFAULTS.maxDefaultSamples, Math.max(DEFAULTS.samples, DEFAULTS.samplesPerNode * nodes));
  return Math.min(1_000_000, Math.round(detail * budget));
}

/**
 * The rate a run of `table` starts at: its declared peak (a table written with another takes
 * that table's: the analysis's peakWrites), else the simulator's default.
 */
export function startingWrites(design: Design, table: Table | undefined): number {
  return (table && peakWrites(design, table)) ?? DEFAULTS.writesPerSecond;
}

/** The cluster's nodes, the default duration and seed, the table's declared write rate. */
export function defaultWorkload(design: Design, table: Table | undefined): WorkloadText {
  return {
    nodes: String(clusterOf(design).nodes),
    seconds: String(DEFAULTS.seconds),
    seed: String(DEFAULTS.seed),
    writesPerSecond: String(startingWrites(design, table)),
    detail: '1',
  };
}

const RANGES: Record<WorkloadField, readonly [number, number]> = {
  nodes: LIMITS.nodes,
  seconds: LIMITS.seconds,
  seed: [0, 2 ** 32 - 1],
  writesPerSecond: LIMITS.writesPerSecond,
};

export const WORKLOAD_LIMITS = RANGES;

/** The parsed workload, or the problem of each field that does not parse. */
export function parseWorkload(text: WorkloadText): { ok: true; workload: Workload } | { ok: false; problems: Partial<Record<WorkloadField, string>> } {
  const problems: Partial<Record<WorkloadField, string>> = {};
  const out = { detail: Math.max(1, Number(text.detail) || 1) } as Workload;
  for (const key of Object.keys(RANGES) as WorkloadField[]) {
    const raw = text[key].trim().replace(/[,_\s]/g, '');
    const n = Number(raw);
    const [lo, hi] = RANGES[key];
    const whole = key !== 'writesPerSecond' && key !== 'seconds';
    if (raw === '' || !Number.isFinite(n)) problems[key] = 'Enter a number.';
    else if (n < lo || n > hi) problems[key] = `Between ${lo.toLocaleString('en-US')} and ${hi.toLocaleString('en-US')}.`;
    else if (whole && !Number.isInteger(n)) problems[key] = 'A whole number.';
    else out[key] = n;
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, workload: out };
}

/** Options for a run of a table of `design` under `w`; `storage` overrides the design's (a compare runs both on one). */
export function optionsOf(design: Design, w: Workload, storage?: 'ssd' | 'hdd', table?: Table): SimOptions {
  const { detail, ...rest } = w;
  const samples = samplesFor(w.nodes, detail);
  return optionsFor(design, { ...rest, ...(samples ? { samples } : {}), ...(storage ? { storage } : {}) }, table);
}
