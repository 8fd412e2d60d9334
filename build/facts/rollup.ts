// Adds facts up the region hierarchy with arquero. Facts given for a region itself win over the sum of
// its parts for the same period: a prefecture's official total is not replaced by a sum of municipal
// estimates that may not match it.

import * as aq from 'arquero';
import type { RegionIndex } from '../../sources/regions.ts';

export type Table = ReturnType<typeof aq.table>;

/**
 * @param facts   a table with a `regionCode` column
 * @param by      the other key columns, `period` among them
 * @param value   the column (or columns) to sum
 * @returns       columns `region`, ...by, ...value: one row per region (facts' own and aggregates) and key
 */
export function rollupRegions(
  facts: Table,
  regions: RegionIndex,
  by: string[],
  value: string | string[],
  period: string,
): Table {
  const values = Array.isArray(value) ? value : [value];
  const pairs = aq.table(regions.rollupPairs());
  const direct = facts.rename({ regionCode: 'region' }).select('region', ...by, ...values);
  const derived = facts
    .join(pairs, 'regionCode')
    .groupby(['target', ...by])
    .rollup(Object.fromEntries(values.map((v) => [v, aq.op.sum(v)])))
    .rename({ target: 'region' });
  const shadowed = direct.select('region', period).dedupe();
  return direct.concat(derived.antijoin(shadowed, sharedKeys('region', period)).select('region', ...by, ...values));
}

/** The regions rollupRegions gives rows for, from the region codes of the facts alone: each, and what it adds up to. */
export function rolledRegions(codes: Iterable<string>, regions: RegionIndex): Set<string> {
  const given = new Set(codes);
  const out = new Set(given);
  const pairs = regions.rollupPairs();
  pairs.regionCode.forEach((r, i) => given.has(r) && out.add(pairs.target[i]!));
  return out;
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

/**
 * Join keys for columns that both tables share. arquero reads a plain array of two names as
 * "left key, right key", so several shared keys must be spelled out on both sides.
 */
export const sharedKeys = (...names: string[]): [string[], string[]] => [names, names];
