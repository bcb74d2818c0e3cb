// The pieces every part of the design format v1 is built from (schema.ts assembles the format;
// schema-fields.ts and schema-views.ts hold its key fields and its views).
import * as z from 'zod';

// No JIT: zod would probe `Function("")` on the first parse to decide on compiled parsers, an
// eval attempt the studio's CSP (script-src 'self') blocks and reports, in the page and in
// every worker that loads designs. Here, before any schema is used, so every bundle has it.
z.config({ jitless: true });

/** Durations as gcloud and cbt write them: 30d, 36h, 15m, 90s, 500ms. */
export const DURATION = /^[1-9][0-9]{0,8}(ms|s|m|h|d)$/;

/** A free text of at most `max` characters, described for the JSON Schema. */
export const text = (max: number, what: string) => z.string().max(max).meta({ description: what });
/** A whole number from `min` to `max`. */
export const count = (min: number, max: number) => z.number().int().min(min).max(max);

export const duration = z
  .string()
  .regex(DURATION, { message: 'a positive duration like 30d, 36h, 15m, 90s or 500ms' })
  .meta({ description: 'A duration: a whole number and a unit (ms, s, m, h, d), e.g. 30d.' });

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date as YYYY-MM-DD' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { message: 'a day that exists, as YYYY-MM-DD' },
  );
