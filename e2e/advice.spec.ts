// Advice you can follow, end to end: findings come errors first whatever their
// paths, and "Add a table for this query" is one click that adds the table and moves the query.
import { codeEditor as editor, expect, newDesign, test } from './fixtures';

// A family with stated versions and no GC rule (a warning at families[0]) sorts before the full
// scan of queries[1] by path; the error must still come first.
const TRIPS = `format: bigtable-studio/v1
name: Trips advice
tables:
  - name: trips
    rowKey:
      template: "{rider}#{ts}#{driver}"
      fields:
        rider: {type: string, cardinality: 80000000}
        ts: {type: timestamp}
        driver: {type: string, cardinality: 3000000}
    families:
      - name: t
        columns:
          - {qualifier: status, valueBytes: 12, versions: 3}
    queries:
      - {name: a rider's trips, match: {rider: eq}, order: oldest, limit: 20}
      - {name: latest 20 trips of a driver, match: {driver: eq}, order: newest, limit: 20}
`;

test('findings come errors first, and "Add a table for this query" adds the table in one click', async ({ page }) => {
  const id = await newDesign(page);
  await page.goto(`./#/design/${id}?view=yaml`);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  await editor.setText(view, TRIPS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trips advice');
  await page.goto(`./#/design/${id}`);
  const findings = page.getByTestId('finding');
  await expect(findings.first()).toBeVisible();

  // Errors, then warnings, then info.
  const severities = await findings.locator('.sev').allTextContents();
  expect(severities[0]).toBe('Error');
  const rank = { Error: 0, Warning: 1, Info: 2 } as Record<string, number>;
  expect(severities.map((s) => rank[s])).toEqual([...severities.map((s) => rank[s]!)].sort((a, b) => a - b));
  expect(severities).toContain('Warning');

  // The full scan of the driver's query offers a new table; it shows what it does to each query.
  const scan = page.locator('[data-testid="finding"][data-rule="query-full-scan"]');
  const fix = scan.getByTestId('fix');
  await expect(fix).toContainText('Add a table for this query: trips_by_driver');
  await expect(scan.getByTestId('fix-effect').filter({ hasText: 'latest 20 trips of a driver' })).toContainText('moved to trips_by_driver');
  await scan.getByTestId('finding-toggle').click();
  await scan.getByTestId('finding-detail').locator('summary').click();
  await expect(scan.getByTestId('finding-detail')).toContainText('Bigtable indexes only the row key');

  await fix.click();
  await expect(scan).toHaveCount(0);
  await expect(page.locator('.design-meta')).toContainText('2 tables');
  await page.goto(`./#/design/${id}?view=yaml`);
  await editor.ready(view);
  const text = await editor.text(view);
  expect(text).toContain('name: trips_by_driver');
  expect(text).toMatch(/template: .\{driver\}#\{ts\}#\{rider\}./);
});

const RIDES = `format: bigtable-studio/v1
name: Rides two fixes
tables:
  - name: trips
    rowKey:
      template: "{ts}#{city}#{driver}"
      fields:
        ts: {type: timestamp, unit: s}
        city: {type: string, cardinality: 200}
        driver: {type: string, cardinality: 100000}
    queries:
      - {name: a city in a window, match: {ts: range, city: eq}}
      - {name: a driver's trips, match: {driver: eq}}
`;

test('two fixes on one table are shown together with what each does to every query', async ({ page }) => {
  const id = await newDesign(page);
  await page.goto(`./#/design/${id}?view=yaml`);
  const view = page.getByTestId('code-view');
  await editor.ready(view);
  await editor.setText(view, RIDES);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rides two fixes');
  await page.goto(`./#/design/${id}`);
  const move = page.locator('[data-testid="finding"][data-rule="timestamp-leading"]');
  await expect(move.getByTestId('fix')).toContainText('Move {city} in front of {ts}');
  const conflict = move.getByTestId('fix-conflict');
  await expect(conflict).toContainText('Add a table for this query: trips_by_driver');
  await expect(conflict.getByTestId('fix-effect')).toHaveCount(2);
  await expect(conflict.getByTestId('fix-effect').filter({ hasText: 'a city in a window' })).toContainText('returns ~0.5% of the rows it reads');
  const add = page.locator('[data-testid="finding"][data-rule="query-full-scan"]');
  await expect(add.getByTestId('fix-conflict')).toContainText('Move {city} in front of {ts}');
  await expect(add.getByTestId('fix-conflict').getByTestId('fix-effect').filter({ hasText: "a driver's trips" })).toContainText('moved to trips_by_driver');
});
