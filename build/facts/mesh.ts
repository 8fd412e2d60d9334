// Mesh frequency distributions: the meshes of a region binned into 20 ranks by their value (population
// or households, or its change since the previous year), with the cumulative share of meshes and of
// the year's population (or households) up to each rank, in whole percent ending at 100.

import type { Sources } from '../../sources/load.ts';
import { ratio } from '../runtime/rounding.ts';

export const RANKS = 20;

/** Bin widths: 1, 2, 4, 5 and 2.5 times powers of ten, the steps a reader finds natural. */
function niceSteps(): number[] {
  const out: number[] = [];
  for (let p = 1; p <= 1e7; p *= 10) for (const m of [1, 2, 2.5, 4, 5]) if (Number.isInteger(m * p)) out.push(m * p);
  return out.sort((a, b) => a - b);
}
const STEPS = niceSteps();

/** The nearest-rank 95th percentile: the value below which 95% of the meshes fall. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
}

export interface ChartRow {
  classification_cd: string;
  classification_name: string;
  value1: number;
  value2: number;
  value3: number;
}

/**
 * @param values  each mesh's value (a level, or a change when `change`)
 * @param weights each mesh's population or households in the year, for value3
 * @param unit    人 or 世帯, for the labels
 *
 * Levels: rank k ≤ k·w for k = 1…19 (rank 1 includes 0), rank 20 above 19·w, with w the smallest
 * natural step such that 19·w reaches the 95th percentile. Changes: ranks centred on 0, edges
 * −9w … 9w with 9·w reaching the 95th percentile of the absolute changes.
 */
export function meshChart(values: number[], weights: number[], unit: string, change: boolean): ChartRow[] | null {
  if (values.length === 0) return null;
  const spread = change ? p95(values.map(Math.abs)) : p95(values);
  const span = change ? 9 : RANKS - 1;
  const w = STEPS.find((s) => s * span >= spread) ?? STEPS[STEPS.length - 1]!;
  const edges = Array.from({ length: RANKS - 1 }, (_, k) => (change ? (k - 9) * w : (k + 1) * w));
  const counts = new Array<number>(RANKS).fill(0);
  const sums = new Array<number>(RANKS).fill(0);
  values.forEach((v, i) => {
    let rank = edges.findIndex((e) => v <= e);
    if (rank < 0) rank = RANKS - 1;
    counts[rank]! += 1;
    sums[rank]! += weights[i]!;
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let meshes = 0;
  let weight = 0;
  return counts.map((n, k) => {
    meshes += n;
    weight += sums[k]!;
    const name = k < RANKS - 1 ? `${edges[k]}${unit}以下` : `${edges[RANKS - 2]}${unit}超`;
    return {
      classification_cd: String(k + 1),
      classification_name: name,
      value1: n,
      value2: ratio(meshes * 100, values.length, 0)!,
      value3: totalWeight === 0 ? (k === RANKS - 1 ? 100 : 0) : ratio(weight * 100, totalWeight, 0)!,
    };
  });
}

/** Mesh values of a table by region (prefecture `13`, municipality, designated city) and year. */
export interface MeshIndex {
  /** meshCode → value, per `${region}|${year}|${column}`. */
  get(region: string, year: number, column: string): Map<string, number> | undefined;
}

export function meshIndex(
  sources: Sources,
  table: 'mesh_population' | 'mesh_population_future',
  columns: string[],
): MeshIndex {
  const rows = sources.tables[table]!.table.objects() as Record<string, any>[];
  const designated = new Map(
    sources.regions.cities.filter((c) => c.bigCityFlag === '1').map((c) => [c.cityCode, c.designatedCityCode]),
  );
  const index = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const regions = [r.cityCode as string, (r.cityCode as string).slice(0, 2)];
    const parent = designated.get(r.cityCode);
    if (parent) regions.push(parent);
    for (const region of regions) {
      for (const column of columns) {
        const key = `${region}|${r.year}|${column}`;
        (index.get(key) ?? index.set(key, new Map()).get(key)!).set(r.meshCode, r[column]);
      }
    }
  }
  return { get: (region, year, column) => index.get(`${region}|${year}|${column}`) };
}

/** The chart of a region for a year: levels, or changes since `previous` (meshes missing in one year count 0 there). */
export function chartOf(
  index: MeshIndex,
  region: string,
  year: number,
  previous: number | null,
  column: string,
  unit: string,
): ChartRow[] | null {
  const now = index.get(region, year, column);
  if (!now) return null;
  if (previous === null) {
    const values = [...now.values()];
    return meshChart(values, values, unit, false);
  }
  const before = index.get(region, previous, column) ?? new Map<string, number>();
  const codes = [...new Set([...now.keys(), ...before.keys()])].sort();
  return meshChart(
    codes.map((c) => (now.get(c) ?? 0) - (before.get(c) ?? 0)),
    codes.map((c) => now.get(c) ?? 0),
    unit,
    true,
  );
}
