// Adds facts up the region hierarchy with arquero. Facts given for a region itself win over the sum of
// its parts for the same period: a prefecture's official total is not replaced by a sum of municipal
// estimates that may not match it.

import * as aq from 'arquero';
import type { RegionIndex } from '../../sources/regions.ts';

export type Table = ReturnType<typeof aq.table>;

/**
 * @param facts   a table with a `regionCode` column
 * @param by      the other key columns, `period` among them
 * @param value   the column to sum
 * @returns       columns `region`, ...by, value: one row per region (facts' own and aggregates) and key
 */
export function rollupRegions(facts: Table, regions: RegionIndex, by: string[], value: string, period: string): Table {
  const pairs = aq.table(regions.rollupPairs());
  const direct = facts.rename({ regionCode: 'region' }).select('region', ...by, value);
  const derived = facts
    .join(pairs, 'regionCode')
    .groupby(['target', ...by])
    .rollup({ [value]: aq.op.sum(value) })
    .rename({ target: 'region' });
  const shadowed = direct.select('region', period).dedupe();
  return direct.concat(derived.antijoin(shadowed, ['region', period]).select('region', ...by, value));
}

/** Rows grouped by one column, in first-seen order, as plain objects. */
export function groupRows<T>(table: Table, column: string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of table.objects() as T[]) {
    const key = String((row as Record<string, unknown>)[column]);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}
