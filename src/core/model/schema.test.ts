import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designJsonSchema } from './schema';

describe('the JSON Schema', () => {
  it('is draft-07, strict about unknown keys, and documents keys for hover text', () => {
    const s = designJsonSchema() as {
      $schema: string;
      additionalProperties: boolean;
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(s.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(s.additionalProperties).toBe(false);
    expect(s.required).toEqual(expect.arrayContaining(['format', 'name', 'tables']));
    expect(s.properties.format!.description).toMatch(/bigtable-studio\/v1/);
  });

  it('is shipped in public/design.schema.json exactly as generated (run npm run build:schema)', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../../public/design.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(designJsonSchema());
  });
});
