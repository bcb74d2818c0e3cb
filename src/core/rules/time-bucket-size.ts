// Schema design for time series data ("Time buckets"): "The size of the bucket that you use—such as minute, hour, or
// day—depends on the queries that you plan to use and on Bigtable data size limits. For
// instance, if rows that contain an hour of data are bigger than the recommended maximum size
// per row of 100 MB, then rows that represent a half hour or a minute are probably a better
// choice." The row estimate is row-size's (support/rows.ts), tried again for each smaller bucket.
import { oversizedRow } from './row-size';
import { ROW_WARN_BYTES, rowModel } from '../analysis/rows';
import { BUCKET_MS, BUCKETS } from '../model/duration';
import { formatBytes } from '../units';
import { defineTableRule } from './types';

export default defineTableRule({
  meta: {
    id: 'time-bucket-size',
    severity: 'error',
    description: 'A time-bucket row grows past the row size limits within its bucket.',
    messages: {
      smaller: 'one {bucket} of {field} makes rows of about {size}, over {limit}: use {smaller} bucket.',
      none: 'one {bucket} of {field} makes rows of about {size}, over {limit}; even a minute bucket is too big.',
    },
    details: {
      smaller:
        'one {bucket} of {field} makes rows of about {size}{typicalNote}, over {limit}. With {smaller} bucket the busiest row stays near {smallerSize}. Family {family} holds {familySize} of it.',
      none: 'one {bucket} of {field} makes rows of about {size}{typicalNote}, over {limit}, and even a minute bucket stays over 100 MB (about {smallerSize}). Schema design for time series data: store each event in its own row (single-timestamp rows), or keep fewer cells in family {family} ({familySize}).',
    },
    fixable: false,
  },
  table(ta, { report }) {
    if (!ta.layout || !ta.table.families?.length) return;
    const model = rowModel(ta);
    if (!model.bucket || !model.timeField) return;
    const found = oversizedRow(ta, model);
    if (!found) return;
    const smaller = BUCKETS.slice(0, BUCKETS.indexOf(model.bucket)).reverse();
    let pick: string | null = null;
    let pickSize = model.hottest.bytes;
    for (const b of smaller) {
      pickSize = rowModel(ta, BUCKET_MS[b]).hottest.bytes;
      if (pickSize <= ROW_WARN_BYTES) {
        pick = b;
        break;
      }
    }
    const { family, every, data, ...rest } = found;
    report({
      ...rest,
      path: ['rowKey', 'fields', model.timeField.name],
      messageId: pick ? 'smaller' : 'none',
      data: {
        ...data,
        bucket: model.bucket,
        field: model.timeField.name,
        smaller: pick === 'hour' ? 'an hour' : `a ${pick ?? 'minute'}`,
        smallerSize: formatBytes(pickSize),
        typicalNote: every ? '' : ` for the busiest entity (${data!.share} of the writes; a typical row ${data!.typical})`,
      },
    });
  },
});
