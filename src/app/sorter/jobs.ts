// The sorter's jobs: one place that says what a job takes and gives, run the same way by the
// worker (sort.worker.ts) and by the job client's main-thread fallback (sortClient.ts). Each
// job is a generator that yields progress between steps, so the fallback can yield to the
// page and honour cancel. Imports core only (and its siblings that do, and ../jobs/protocol,
// which imports nothing), so the worker bundle holds no React, store or Monaco.
import type { RowKey, Table } from '../../core/model/schema';
import { buffersOf, now, type JobSpec } from '../jobs/protocol';
import { sortLineIndex } from '../../core/sort/byteSort';
import { jsOrder, numericFlags, type JsOrder, type JsOrderMode, type OrderFlags } from './analysis';
import { generateKeys, orderChecksum, parseKeys, type KeySet, type Progress, type SortedKeys } from './keyset';
import { matchQuery, type MatchRequest, type MatchResult } from './match';
import { createSpanner, type Spanner } from './spans';

export type KeySource =
  | { from: 'generate'; rowKey: RowKey; count: number; seed: number; writesPerSecond?: number | undefined }
  | { from: 'paste'; text: string };

export type JobRequest =
  /** Build the keys (generate or parse) and sort them in byte order: what the list needs first. */
  | { kind: 'prepare'; source: KeySource }
  /** After the list shows: flag numeric surprises, fingerprint the order. */
  | { kind: 'analyze'; keys: SortedKeys /** The template to read fields with (flags); null for none. */; rowKey: RowKey | null }
  | { kind: 'match'; keys: SortedKeys; match: MatchRequest }
  | { kind: 'jsorder'; keys: SortedKeys; mode: JsOrderMode };

export interface Prepared {
  keys: SortedKeys;
  /** Milliseconds per step, measured where the job ran. */
  timings: { build: number; sort: number };
}

export interface Analysis {
  flags: OrderFlags;
  checksum: number;
  timings: { check: number; checksum: number };
}

export type JobResult<R extends JobRequest> = R extends { kind: 'prepare' }
  ? Prepared
  : R extends { kind: 'analyze' }
    ? Analysis
    : R extends { kind: 'match' }
      ? MatchResult
      : R extends { kind: 'jsorder' }
        ? JsOrder
        : never;
export type AnyResult = Prepared | Analysis | MatchResult | JsOrder;

export type { JsOrderMode, MatchRequest, MatchResult, Progress, SortedKeys, Table };

export function spannerFor(rowKey: RowKey | null): Spanner | null {
  if (!rowKey) return null;
  try {
    return createSpanner(rowKey);
  } catch {
    return null; // a template that does not lay out: flags fall back to digit runs
  }
}

function* prepare(source: KeySource): Generator<Progress, Prepared> {
  const t0 = now();
  const set: KeySet = source.from === 'generate' ? yield* generateKeys(source) : yield* parseKeys(source.text);
  const t1 = now();
  yield { stage: 'sort', done: 0, total: 0 };
  const order = sortLineIndex(set.data, set.starts, set.ends, set.count);
  return { keys: { ...set, order }, timings: { build: t1 - t0, sort: now() - t1 } };
}

function* analyze(keys: SortedKeys, rowKey: RowKey | null): Generator<Progress, Analysis> {
  const t0 = now();
  const flags = yield* numericFlags(keys, spannerFor(rowKey));
  const t1 = now();
  const checksum = orderChecksum(keys);
  return { flags, checksum, timings: { check: t1 - t0, checksum: now() - t1 } };
}

export function runJob(request: JobRequest): Generator<Progress, AnyResult> {
  switch (request.kind) {
    case 'prepare':
      return prepare(request.source);
    case 'analyze':
      return analyze(request.keys, request.rowKey);
    case 'match':
      return matchQuery(request.keys, request.match);
    case 'jsorder':
      return jsOrder(request.keys, request.mode);
    default: {
      const never: never = request;
      throw new Error(`unknown job ${JSON.stringify(never)}`);
    }
  }
}

/** The sorter's jobs for the job client and host: stage changes are reported at once. */
export const sortJobs: JobSpec<JobRequest, AnyResult, Progress> = {
  start: runJob,
  urgent: (p) => p.total === 0,
  transferables,
};

/** The buffers a result can hand over without copying. */
export function transferables(result: AnyResult): ArrayBuffer[] {
  if ('keys' in result) {
    const k = result.keys;
    return buffersOf([k.data, k.starts, k.ends, k.order]);
  }
  if ('flags' in result) return buffersOf([result.flags.flags]);
  return buffersOf(['mask' in result ? result.mask : result.rank]);
}
