// The view exports, pinned: gcloud commands (the real gcloud run is gcloud-views.test.ts),
// Terraform resources (argument names of terraform-provider-google's google_bigtable_*_view,
// and `terraform fmt -check` when terraform is installed), and what the SQL export says.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTable } from '../../outputs';
import { VIEWS_DESIGN } from './test-design';
import { authorizedViewDefinition, viewsGcloud, viewsOf } from './export';

const tfBin = existsSync('/usr/local/bin/terraform') ? '/usr/local/bin/terraform' : 'terraform';
const hasTerraform = spawnSync(tfBin, ['version'], { encoding: 'utf8' }).status === 0;

describe('view exports', () => {
  it('writes gcloud bigtable materialized-views create (not "instances materialized-views")', () => {
    const g = exportTable(VIEWS_DESIGN, null, 'gcloud').text;
    expect(g).not.toContain('gcloud bigtable instances materialized-views');
    expect(g).toContain(
      'gcloud bigtable materialized-views create \'orders_by_customer\' \\\n  --instance="$INSTANCE" \\\n  ${PROJECT:+--project="$PROJECT"} \\\n  --query=\'SELECT customer AS customer,\n  _key AS source_key,\n  o AS o,\n  `select` AS `select`\nFROM `shop-orders`\nORDER BY customer, source_key\' \\\n  --deletion-protection=false',
    );
    expect(g).toContain("gcloud bigtable logical-views create 'open_orders'");
    expect(g).toContain(
      'gcloud bigtable authorized-views create \'berlin\' \\\n  --instance="$INSTANCE" \\\n  ${PROJECT:+--project="$PROJECT"} \\\n  --table=\'shop-orders\' \\\n  --definition-file="$view_file"',
    );
  });

  it('writes an authorized view definition as the admin API reads it (every column of a family: qualifierPrefixes [""])', () => {
    expect(authorizedViewDefinition(VIEWS_DESIGN.authorizedViews![0]!)).toEqual({
      subsetView: { rowPrefixes: ['berlin#'], familySubsets: { o: { qualifierPrefixes: [''] }, c: { qualifiers: ['items'] } } },
      deletionProtection: true,
    });
    expect(authorizedViewDefinition({ name: 'all', table: 't', families: {} })).toEqual({
      subsetView: { rowPrefixes: [''], familySubsets: {} },
      deletionProtection: false,
    });
  });

  it("writes Terraform resources with the provider's argument names", () => {
    const tf = exportTable(VIEWS_DESIGN, null, 'terraform').text;
    expect(tf).toContain(
      [
        'resource "google_bigtable_materialized_view" "mv_sales_by_store" {',
        '  materialized_view_id = "sales_by_store"',
        '  instance             = var.instance_name',
        '  deletion_protection  = true',
        '  query                = <<-EOT',
        "    SELECT store AS store, SUM(CAST(o['total'] AS INT64)) AS total, COUNT(*) AS n FROM `shop-orders` GROUP BY store",
        '  EOT',
        '',
        '  depends_on = [google_bigtable_table.shop-orders]',
        '}',
      ].join('\n'),
    );
    expect(tf).toContain('resource "google_bigtable_logical_view" "lv_open_orders" {\n  logical_view_id     = "open_orders"');
    expect(tf).toContain(
      [
        '  subset_view {',
        '    row_prefixes = [base64encode("berlin#")]',
        '',
        '    family_subsets {',
        '      family_name        = "o"',
        '      qualifier_prefixes = [base64encode("")]',
        '    }',
      ].join('\n'),
    );
    expect(tf).toContain('deletion_protection = "PROTECTED"');
  });

  it('leaves out a builder that cannot be SQL, saying why', () => {
    const d = {
      ...VIEWS_DESIGN,
      materializedViews: [{ name: 'bad', table: 'shop-orders', groupBy: { fields: ['nope'], aggregations: [{ fn: 'count' as const, as: 'n' }] } }],
    };
    const v = viewsOf(d, 'shop-orders');
    expect(v.skipped).toEqual([
      'materialized view bad: group-by field "nope" cannot be read in SQL (not a key field of shop-orders, or the key has no row key schema and cannot be split)',
    ]);
    expect(viewsGcloud(v).join('\n')).toContain('# Not created: materialized view bad');
  });
});

describe.skipIf(!hasTerraform)('view Terraform and terraform fmt', () => {
  it('is what terraform fmt writes (terraform fmt -check)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'btstudio-views-tf-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'views.tf'), exportTable(VIEWS_DESIGN, null, 'terraform').text);
    const r = spawnSync(tfBin, ['fmt', '-check', '-diff', dir], { encoding: 'utf8' });
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('views in share links and design files', () => {
  it('round-trips every kind of view through a share link and the design export', async () => {
    const { decodeShare, encodeShare } = await import('../../share/share');
    const { loadDesign } = await import('../../load/load-design');
    const back = decodeShare(encodeShare(VIEWS_DESIGN));
    expect(back.ok && back.design).toEqual(VIEWS_DESIGN);
    const file = loadDesign(exportTable(VIEWS_DESIGN, null, 'design').text);
    expect(file.ok && file.design).toEqual(VIEWS_DESIGN);
  });
});

describe('views in the design review', () => {
  it('lists every view with its definition', () => {
    const md = exportTable(VIEWS_DESIGN, null, 'markdown').text;
    expect(md).toContain('## Views\n\n| kind | view | table | definition |');
    expect(md).toContain(
      '| materialized | `orders_by_customer` | `shop-orders` | SELECT customer AS customer, _key AS source_key, o AS o, `select` AS `select` FROM `shop-orders` ORDER BY customer, source_key |',
    );
    expect(md).toContain('| authorized | `berlin` | `shop-orders` | rows starting "berlin#"; families o, c |');
    expect(exportTable({ ...VIEWS_DESIGN, materializedViews: [], logicalViews: [], authorizedViews: [] }, null, 'markdown').text).not.toContain('## Views');
  });
});
