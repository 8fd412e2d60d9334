// Reading the source tables: the one place where facts meet the loaded arquero tables, and the typed
// grouping that turns a computed table into the lookups operations render from.

import type { Sources } from '../../sources/load.ts';
import type { Row, TableName } from '../../sources/tables.ts';
import type { Table } from './rollup.ts';

/** A table the operation declared in its `needs` (the build checks them before preparing). */
export function tableOf(sources: Sources, name: TableName): Table {
  const t = sources.tables[name];
  if (!t) throw new Error(`the facts need the table ${name}: add it to the operation's needs`);
  return t.table;
}

/** A table's rows as their schema types them; an absent table has none. */
export const rowsOf = <N extends TableName>(sources: Sources, name: N): Row<N>[] =>
  (sources.tables[name]?.table.objects() ?? []) as Row<N>[];

type KeyOf<C extends readonly string[]> = { [I in keyof C]: string };

/**
 * Rows grouped by the values of some columns, in the table's order, looked up by those values in the
 * same order: `grouped.get(prefCode, sicCode)`. Keys are compared as text, so a number column and its
 * code written out meet.
 */
export class Grouped<R, C extends readonly string[]> {
  private readonly groups = new Map<string, R[]>();

  constructor(table: Table, columns: C) {
    for (const row of table.objects() as Record<string, unknown>[]) {
      const id = columns.map((c) => String(row[c])).join('\u0000');
      const list = this.groups.get(id);
      if (list) list.push(row as R);
      else this.groups.set(id, [row as R]);
    }
  }

  get(...key: KeyOf<C>): R[] | undefined {
    return this.groups.get(key.join('\u0000'));
  }
}
