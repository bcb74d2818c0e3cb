// A query served by another table (servedBy) gets its statement on that table's key.
import { expect, it } from 'vitest';
import { adClicksYaml } from '../../test-support/ad-clicks';
import { parseCase } from '../rules/tester';
import { exportTable } from '../outputs';

it('"one click by id" on clicks, served by clicks_by_id: SELECT ... FROM clicks_by_id WHERE click_id = @click_id', () => {
  const d = parseCase(adClicksYaml());
  const sql = exportTable(d, 'clicks', 'sql').text;
  const block = sql.slice(sql.indexOf('-- Query "one click by id"'));
  expect(block).toMatch(/^-- Served by table clicks_by_id \(servedBy\): the application reads clicks_by_id, written with every write to clicks\./m);
  expect(block).toMatch(/FROM `?clicks_by_id`?/);
  expect(block).toMatch(/click_id`? = @click_id/);
});
