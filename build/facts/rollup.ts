// Adds facts up the region hierarchy with arquero. Facts given for a region itself win over the sum of
// its parts for the same period: a prefecture's official total is not replaced by a sum of municipal
// estimates that may not match it.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { prefRegion, type RegionIndex } from '../../sources/regions.ts';
import type { Row, TableName } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';

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
  options: { wholeCities?: boolean } = {},
): Table {
  const values = Array.isArray(value) ? value : [value];
  const pairs = aq.table(regions.rollupPairs());
  const direct = facts.rename({ regionCode: 'region' }).select('region', ...by, ...values);
  const joined = facts.join(pairs, 'regionCode');
  const derived = (options.wholeCities ? joined.concat(wholeCityFacts(facts, regions, period)) : joined)
    .groupby(['target', ...by])
    .rollup(Object.fromEntries(values.map((v) => [v, aq.op.sum(v)])))
    .rename({ target: 'region' });
  const shadowed = direct.select('region', period).dedupe();
  return direct.concat(derived.antijoin(shadowed, sharedKeys('region', period)).select('region', ...by, ...values));
}

/**
 * Rows of designated cities given whole, with their prefecture as `target`: a city none of whose wards has a
 * row for that period (an import of SSDSE lists designated cities whole). Its wards add to the prefecture
 * otherwise; a city with ward rows too is left to them, so nothing counts twice.
 */
function wholeCityFacts(facts: Table, regions: RegionIndex, period: string): Table {
  const cities = regions.cities.filter((c) => c.bigCityFlag === '2');
  const toPref = aq.table({
    regionCode: cities.map((c) => c.cityCode),
    target: cities.map((c) => prefRegion(c.prefCode)),
  });
  const wards = regions.cities.filter((c) => c.bigCityFlag === '1');
  const toCity = aq.table({ regionCode: wards.map((w) => w.cityCode), city: wards.map((w) => w.designatedCityCode) });
  const withWards = facts
    .join(toCity, 'regionCode')
    .select({ city: 'regionCode', [period]: period })
    .dedupe();
  return facts.join(toPref, 'regionCode').antijoin(withWards, ['regionCode', period]);
}

/** A rolled-up row of table N: its region, the key columns K and the summed values V, as the table's schema types them. */
export type RolledRow<N extends TableName, K extends keyof Row<N>, V extends keyof Row<N>> = { region: string } & Pick<
  Row<N>,
  K | V
>;

/**
 * rollupRegions over a source table of the sources (none when it is absent), its rows typed by the table's
 * schema: the one place where a rolled-up arquero table meets its row type.
 */
export function rollupRows<N extends TableName, K extends keyof Row<N> & string, V extends keyof Row<N> & string>(
  sources: Sources,
  name: N,
  by: readonly K[],
  value: readonly V[],
  period: K,
): RolledRow<N, K, V>[] {
  const t = sources.tables[name];
  if (!t) return [];
  return rollupRegions(t.table, sources.regions, [...by], [...value], period).objects() as RolledRow<N, K, V>[];
}

/** The regions rollupRegions gives rows for, from the region codes of the facts alone: each, and what it adds up to. */
export function rolledRegions(codes: Iterable<string>, regions: RegionIndex): Set<string> {
  const given = new Set(codes);
  const out = new Set(given);
  const pairs = regions.rollupPairs();
  pairs.regionCode.forEach((r, i) => given.has(r) && out.add(pairs.target[i]!));
  return out;
}

/** Rolled rows by their region, each region's in the order given. */
export function byRegion<R extends { region: string }>(rows: R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) getOrSet(out, r.region, (): R[] => []).push(r);
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
