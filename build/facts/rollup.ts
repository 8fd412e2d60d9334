// Adds facts up the region hierarchy with arquero. Facts given for a region itself win over the sum of
// its parts for the same period: a prefecture's official total is not replaced by a sum of municipal
// estimates that may not match it.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { prefRegion, type RegionIndex } from '../../sources/regions.ts';
import type { Row, TableName } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';
import { rowKey, SumGroups, type Column } from './group-sums.ts';

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
  const direct = facts.rename({ regionCode: 'region' }).select('region', ...by, ...values);
  return direct.concat(sumsOfParts(facts, regions, by, values, period, options.wholeCities ?? false));
}

/**
 * What arquero's join of the facts to regions.rollupPairs(), groupby of target and `by`, sum, and antijoin
 * of the regions' own (region, period) gave, in its order (groups as first met, rows summed in join order,
 * so that sums are the same bytes), by hand (group-sums.ts).
 */
function sumsOfParts(
  facts: Table,
  regions: RegionIndex,
  by: string[],
  values: string[],
  period: string,
  wholeCities: boolean,
): Table {
  const at = 1 + by.indexOf(period);
  if (at < 1) throw new Error(`rollupRegions: the period ${period} must be one of the key columns (${by.join(', ')})`);
  const rows = facts.indices(false);
  const column = (name: string) => columnOf(facts, name);
  const region = column('regionCode');
  const p = column(period);
  const keys = by.map(column);
  const sums = new SumGroups(values.map(column));
  // A row's own key part, made once for its one or two targets (a ward adds to its city and its prefecture).
  let last = -1;
  let rest = '';
  const add = (row: number, target: string) => {
    if (row !== last) [last, rest] = [row, rowKey(keys, row)];
    sums.add(sums.group(target, rest, row, keys), row);
  };
  for (const [row, target] of joinOrder(rows, region, regions.rollupPairs())) add(row, target);
  if (wholeCities) for (const [row, target] of wholeCityRows(rows, region, p, regions)) add(row, target);
  const own = periodsBy(rows, (r) => region.at(r), p);
  return aq.table(sums.columns(['region', ...by, ...values], (k) => !own.get(k[0])?.has(k[at])));
}

/** The periods of the rows by a key of each (rows whose key is undefined left out). */
function periodsBy(rows: Uint32Array, key: (row: number) => unknown, p: Column): Map<unknown, Set<unknown>> {
  const out = new Map<unknown, Set<unknown>>();
  for (const row of rows) {
    const k = key(row);
    if (k !== undefined) getOrSet(out, k, () => new Set()).add(p.at(row));
  }
  return out;
}

/** A column of the facts, which rollupRegions needs by name. */
function columnOf(facts: Table, name: string): Column {
  const c = facts.column(name);
  if (!c)
    throw new Error(`rollupRegions: the facts have no column ${name} (they have ${facts.columnNames().join(', ')})`);
  return c;
}

/**
 * The (row, target) pairs of an inner hash join of the facts' rows to pairs on regionCode, in arquero's
 * order (verbs/join.js): it scans the larger side, the facts when as large as the pairs.
 */
function* joinOrder(
  rows: Uint32Array,
  region: Column,
  pairs: { regionCode: string[]; target: string[] },
): Generator<[number, string]> {
  if (rows.length >= pairs.regionCode.length) {
    const targets = new Map<unknown, string[]>();
    pairs.regionCode.forEach((r, i) => getOrSet(targets, r, (): string[] => []).push(pairs.target[i]!));
    for (const row of rows) for (const t of targets.get(region.at(row)) ?? []) yield [row, t];
  } else {
    const byRegion = new Map<unknown, number[]>();
    for (const row of rows) getOrSet(byRegion, region.at(row), (): number[] => []).push(row);
    for (let i = 0; i < pairs.regionCode.length; i++)
      for (const row of byRegion.get(pairs.regionCode[i]) ?? []) yield [row, pairs.target[i]!];
  }
}

/**
 * Rows of designated cities given whole, with their prefecture as target: a city none of whose wards has a
 * row for that period (an import of SSDSE lists designated cities whole). Its wards add to the prefecture
 * otherwise; a city with ward rows too is left to them, so nothing counts twice.
 */
function wholeCityRows(rows: Uint32Array, region: Column, p: Column, regions: RegionIndex): [number, string][] {
  const cities = regions.cities.filter((c) => c.bigCityFlag === '2');
  const prefOf = new Map(cities.map((c) => [c.cityCode, prefRegion(c.prefCode)] as const));
  const cityOf = new Map(
    regions.cities.filter((c) => c.bigCityFlag === '1').map((w) => [w.cityCode, w.designatedCityCode] as const),
  );
  const withWards = periodsBy(rows, (r) => cityOf.get(region.at(r) as string), p);
  const given = [...joinOrder(rows, region, { regionCode: [...prefOf.keys()], target: [...prefOf.values()] })];
  return given.filter(([row]) => !withWards.get(region.at(row))?.has(p.at(row)));
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
