// The cursor's place in a design being typed, and the keys and values the schema allows there.
import { describe, expect, it } from 'vitest';
import { designJsonSchema } from '../../core/model/schema';
import { ITEM, jsonContext, keysAt, valuesAt, yamlContext } from './completion';

/** The text with `|` as the cursor. */
const at = (marked: string) => ({ text: marked.replace('|', ''), offset: marked.indexOf('|') });
const yaml = (marked: string) => {
  const { text, offset } = at(marked);
  return yamlContext(text, offset);
};
const json = (marked: string) => {
  const { text, offset } = at(marked);
  return jsonContext(text, offset);
};
const schema = designJsonSchema();
const names = (path: Parameters<typeof keysAt>[1]) => keysAt(schema, path).map((k) => k.name);

const DESIGN = `format: bigtable-studio/v1
name: x
tables:
  - name: t
    rowKey:
      template: "{a}"
      fields:
        a: {type: string}
        b:
          |
    families:
      - name: f
        |
`;

describe('the cursor path in YAML', () => {
  it("is the top level in an empty file, and the keys there are the design's", () => {
    expect(yaml('|')).toMatchObject({ path: [] });
    expect(names([])).toEqual(expect.arrayContaining(['format', 'name', 'tables', 'cluster']));
  });

  it('follows indentation and list dashes, and knows the keys already there', () => {
    expect(yaml(DESIGN.replace('|', '').replace('        |', '        co|'))).toMatchObject({ path: ['tables', ITEM, 'families', ITEM] });
    const field = yaml(DESIGN.replace('          |', '          ty|').replace('        |', ''));
    expect(field?.path).toEqual(['tables', ITEM, 'rowKey', 'fields', 'b']);
    expect(names(field!.path)).toContain('type');
    const family = yaml(DESIGN.replace('          |', '').replace('        |', '        |'));
    expect(family?.present.has('name')).toBe(true);
    expect(names(family!.path)).toEqual(expect.arrayContaining(['gc', 'columns']));
    // A new item of tables: the keys of a table.
    const item = yaml('format: bigtable-studio/v1\ntables:\n  - name: a\n  - r|\n');
    expect(item?.path).toEqual(['tables', ITEM]);
    expect(item?.present.has('name')).toBe(false);
    expect(names(item!.path)).toEqual(expect.arrayContaining(['rowKey', 'families', 'queries']));
  });

  it('gives the allowed values of a key being typed', () => {
    const c = yaml('tables:\n  - rowKey:\n      fields:\n        a:\n          type: |\n');
    expect(c).toMatchObject({ path: ['tables', ITEM, 'rowKey', 'fields', 'a'], valueKey: 'type' });
    expect(valuesAt(schema, c!.path, c!.valueKey!).map((v) => v.value)).toEqual(expect.arrayContaining(['string', 'int', 'timestamp', 'uuid']));
  });

  it('offers nothing in the middle of a value or a comment', () => {
    expect(yaml('name: some thing| else\n')).toBeNull();
    expect(yaml('# a comment |\n')).toBeNull();
  });
});

describe('the cursor path in JSON', () => {
  it('is found by brackets, with the keys already in the object', () => {
    const c = json('{"format": "bigtable-studio/v1", "tables": [{"name": "t", "rowKey": {"template": "{a}", |}}]}');
    expect(c).toMatchObject({ path: ['tables', ITEM, 'rowKey'], quoted: false });
    expect(c?.present.has('template')).toBe(true);
    expect(names(c!.path)).toEqual(expect.arrayContaining(['fields', 'delimiter']));
    expect(json('{"tables": [{"na|')).toMatchObject({ path: ['tables', ITEM], quoted: true });
    expect(json('{"tables": [{"rowKey": {"fields": {"a": {"type": |')).toMatchObject({ path: ['tables', ITEM, 'rowKey', 'fields', 'a'], valueKey: 'type' });
  });
});
