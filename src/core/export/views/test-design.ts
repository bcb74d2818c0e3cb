// For tests: a design with every kind of view (materialized by SQL, by groupBy and by index,
// logical, authorized with whole families, qualifiers and qualifier prefixes), on a table whose
// id needs backticks in SQL.
import type { Design } from '../../model/schema';

export const VIEWS_DESIGN: Design = {
  format: 'bigtable-studio/v1',
  name: 'views test',
  tables: [
    {
      name: 'shop-orders',
      rowKey: {
        template: '{store}#{customer}#{order}',
        fields: {
          store: { type: 'string', values: ['berlin', 'paris', 'rome'] },
          customer: { type: 'string', alphabet: 'alnum' },
          order: { type: 'int', pad: 12 },
        },
      },
      families: [
        {
          name: 'o',
          gc: { maxVersions: 1 },
          columns: [
            { qualifier: 'total', type: 'int64' },
            { qualifier: 'status', type: 'string' },
          ],
        },
        { name: 'c', aggregate: 'sum', columns: [{ qualifier: 'items' }] },
        { name: 'select', gc: { maxVersions: 1 } },
      ],
      queries: [{ name: 'an order', match: { store: 'eq', customer: 'eq', order: 'eq' } }],
    },
  ],
  materializedViews: [
    {
      name: 'sales_by_store',
      table: 'shop-orders',
      query: "SELECT store AS store, SUM(CAST(o['total'] AS INT64)) AS total, COUNT(*) AS n FROM `shop-orders` GROUP BY store",
      deletionProtection: true,
    },
    { name: 'items_by_store', table: 'shop-orders', groupBy: { fields: ['store'], aggregations: [{ fn: 'sum', column: 'c:items', as: 'items' }] } },
    { name: 'orders_by_customer', table: 'shop-orders', index: { fields: ['customer'], families: ['o', 'select'] } },
  ],
  logicalViews: [
    { name: 'open_orders', query: "SELECT _key, o FROM `shop-orders` WHERE CAST(o['status'] AS STRING) = 'open'", deletionProtection: false },
    // Text a shell, HCL or a heredoc would read: it must arrive as written.
    {
      name: 'hostile',
      query: "SELECT _key FROM `shop-orders`\nEOT\nWHERE CAST(o['status'] AS STRING) = '$(touch pwned) ${file(\"/etc/passwd\")} %{if x} `id`'",
    },
  ],
  authorizedViews: [
    { name: 'berlin', table: 'shop-orders', rowPrefixes: ['berlin#'], families: { o: {}, c: { qualifiers: ['items'] } }, deletionProtection: true },
    { name: 'paris_status', table: 'shop-orders', rowPrefixes: ['paris#', 'rome#a'], families: { o: { qualifierPrefixes: ['stat'] } } },
  ],
};
