// Every rule, sorted by id. registry.test.ts fails when a rule file is missing here, or has
// no tests or no doc page.
import bigendianNegative from './bigendian-negative';
import cellSize from './cell-size';
import counterReadModifyWrite from './counter-read-modify-write';
import delimiterInValues from './delimiter-in-values';
import delimiterOrder from './delimiter-order';
import domainNotReversed from './domain-not-reversed';
import familyName from './family-name';
import familyNameLong from './family-name-long';
import gcMissing from './gc-missing';
import hashOnlyKey from './hash-only-key';
import keyCharset from './key-charset';
import keyFieldName from './key-field-name';
import keyGeneralToSpecific from './key-general-to-specific';
import keyLength from './key-length';
import keyNotUnique from './key-not-unique';
import keyTooLong from './key-too-long';
import lowCardinalityPrefix from './low-cardinality-prefix';
import qualifierSize from './qualifier-size';
import queriesConflict from './queries-conflict';
import queryFullScan from './query-full-scan';
import queryNewestFirst from './query-newest-first';
import querySaltedFanout from './query-salted-fanout';
import rowSize from './row-size';
import ruleFailed from './rule-failed';
import sequentialLeading from './sequential-leading';
import shortWideUnbounded from './short-wide-unbounded';
import similarTables from './similar-tables';
import singletonMultiField from './singleton-multi-field';
import tableName from './table-name';
import timeBucketSize from './time-bucket-size';
import timestampLeading from './timestamp-leading';
import tooManyFamilies from './too-many-families';
import unpaddedNumber from './unpadded-number';
import type { Rule } from './types';

export const RULES: readonly Rule[] = [
  bigendianNegative,
  cellSize,
  counterReadModifyWrite,
  delimiterInValues,
  delimiterOrder,
  domainNotReversed,
  familyName,
  familyNameLong,
  gcMissing,
  hashOnlyKey,
  keyCharset,
  keyFieldName,
  keyGeneralToSpecific,
  keyLength,
  keyNotUnique,
  keyTooLong,
  lowCardinalityPrefix,
  qualifierSize,
  queriesConflict,
  queryFullScan,
  queryNewestFirst,
  querySaltedFanout,
  rowSize,
  ruleFailed,
  sequentialLeading,
  shortWideUnbounded,
  similarTables,
  singletonMultiField,
  tableName,
  timeBucketSize,
  timestampLeading,
  tooManyFamilies,
  unpaddedNumber,
];

const BY_ID = new Map(RULES.map((r) => [r.meta.id, r]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
