// Constants of the design format that need no validator: modules on the studio's first screen
// (the key template's parser, a blank design) import them here, without zod (schema.ts
// re-exports them for everyone else).
export const FORMAT_V1 = 'bigtable-studio/v1';

/** Key field names become SQL column names in a structured row key. */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
