// The design around one table, for tests that write the table as data (a `Table` literal) and
// need a whole design to export, lint or suggest from.
import { FORMAT_V1 } from '../core/model/plain';
import type { Design, Table } from '../core/model/schema';

export const oneTable = (table: Table, name = 'test'): Design => ({ format: FORMAT_V1, name, tables: [table] });
