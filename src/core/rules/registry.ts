// Every rule, sorted by id. registry.test.ts fails when a rule file is missing here, or has
// no tests or no doc page.
import aggregateInput from './aggregate-input';
import authorizedView from './authorized-view';
import authorizedViewPrefix from './authorized-view-prefix';
import autoscalingBounds from './autoscaling-bounds';
import bigendianNegative from './bigendian-negative';
import cellSize from './cell-size';
import clusterCapacity from './cluster-capacity';
import counterReadModifyWrite from './counter-read-modify-write';
import delimiterInValues from './delimiter-in-values';
import delimiterOrder from './delimiter-order';
import domainNotReversed from './domain-not-reversed';
import familyName from './family-name';
import familyNameLong from './family-name-long';
import gcMissing from './gc-missing';
import gcRetention from './gc-retention';
import hashOnlyKey from './hash-only-key';
import hddLatency from './hdd-latency';
import hddReads from './hdd-reads';
import hotRow from './hot-row';
import keyCharset from './key-charset';
import keyFieldName from './key-field-name';
import keyGeneralToSpecific from './key-general-to-specific';
import keyLength from './key-length';
import keyNotUnique from './key-not-unique';
import keyTooLong from './key-too-long';
import lowCardinalityPrefix from './low-cardinality-prefix';
import productionDeletionProtection from './production-deletion-protection';
import productionSettingsRange from './production-settings-range';
import qualifierSize from './qualifier-size';
import queriesConflict from './queries-conflict';
import queryFullScan from './query-full-scan';
import queryNewestFirst from './query-newest-first';
import querySaltedFanout from './query-salted-fanout';
import querySparseRead from './query-sparse-read';
import rowSize from './row-size';
import ruleFailed from './rule-failed';
import sequentialLeading from './sequential-leading';
import shortWideUnbounded from './short-wide-unbounded';
import similarTables from './similar-tables';
import singletonMultiField from './singleton-multi-field';
import staleAcceptance from './stale-acceptance';
import storageCapacity from './storage-capacity';
import tableName from './table-name';
import tieredReads from './tiered-reads';
import tieringNeverHappens from './tiering-never-happens';
import timeBucketSize from './time-bucket-size';
import timestampLeading from './timestamp-leading';
import tooManyFamilies from './too-many-families';
import transactionRouting from './transaction-routing';
import unpaddedNumber from './unpadded-number';
import viewCopiesTable from './view-copies-table';
import viewKeyHotspot from './view-key-hotspot';
import viewPersonalData from './view-personal-data';
import viewQuery from './view-query';
import workloadIsolation from './workload-isolation';
import type { Rule } from './types';

export const RULES: readonly Rule[] = [
  aggregateInput,
  authorizedView,
  authorizedViewPrefix,
  autoscalingBounds,
  bigendianNegative,
  cellSize,
  clusterCapacity,
  counterReadModifyWrite,
  delimiterInValues,
  delimiterOrder,
  domainNotReversed,
  familyName,
  familyNameLong,
  gcMissing,
  gcRetention,
  hashOnlyKey,
  hddLatency,
  hddReads,
  hotRow,
  keyCharset,
  keyFieldName,
  keyGeneralToSpecific,
  keyLength,
  keyNotUnique,
  keyTooLong,
  lowCardinalityPrefix,
  productionDeletionProtection,
  productionSettingsRange,
  qualifierSize,
  queriesConflict,
  queryFullScan,
  queryNewestFirst,
  querySaltedFanout,
  querySparseRead,
  rowSize,
  ruleFailed,
  sequentialLeading,
  shortWideUnbounded,
  similarTables,
  singletonMultiField,
  staleAcceptance,
  storageCapacity,
  tableName,
  tieredReads,
  tieringNeverHappens,
  timeBucketSize,
  timestampLeading,
  tooManyFamilies,
  transactionRouting,
  unpaddedNumber,
  viewCopiesTable,
  viewKeyHotspot,
  viewPersonalData,
  viewQuery,
  workloadIsolation,
];

const BY_ID = new Map(RULES.map((r) => [r.meta.id, r]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
