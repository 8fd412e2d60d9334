// Mesh frequency distributions: the meshes of a region binned into 20 ranks by their value (population
// or households, or its change since the previous year), with the cumulative share of meshes and of
// the year's population (or households) up to each rank, in whole percent ending at 100.

import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import { itemAt } from '../runtime/render/population.ts';
import { ratio } from '../runtime/rounding.ts';
import { rowsOf } from './table.ts';

const RANKS = 20;

/** Bin widths: 1, 2, 4, 5 and 2.5 times powers of ten, the steps a reader finds natural. */
function niceSteps(): number[] {
  const out: number[] = [];
  for (let p = 1; p <= 1e7; p *= 10) for (const m of [1, 2, 2.5, 4, 5]) if (Number.isInteger(m * p)) out.push(m * p);
  return out.sort((a, b) => a - b);
}
const STEPS = niceSteps();
const WIDEST = Math.max(...STEPS);

/** The nearest-rank 95th percentile: the value below which 95% of the meshes fall. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
}

interface ChartRow {
  classification_cd: string;
  classification_name: string;
  value1: number;
  value2: number;
  value3: number;
}

/** A rank of a chart: how many meshes fall in it and what they weigh together. */
interface Bin {
  meshes: number;
  weight: number;
}

/** part / whole in whole percent; whole is never 0 where the chart asks (it has meshes, or weighs something). */
function wholePercent(part: number, whole: number): number {
  const share = ratio(part * 100, whole, 0);
  if (share === null) throw new Error('a mesh chart share of nothing');
  return share;
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
  const w = STEPS.find((s) => s * span >= spread) ?? WIDEST;
  const edges = Array.from({ length: RANKS - 1 }, (_, k) => (change ? (k - 9) * w : (k + 1) * w));
  const rankOf = (v: number) => {
    const rank = edges.findIndex((e) => v <= e);
    return rank < 0 ? RANKS - 1 : rank;
  };
  const bins = new Map<number, Bin>();
  values.forEach((v, i) => {
    const bin = getOrSet(bins, rankOf(v), (): Bin => ({ meshes: 0, weight: 0 }));
    bin.meshes += 1;
    bin.weight += itemAt(weights, i, 'mesh weight');
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let meshes = 0;
  let weight = 0;
  return Array.from({ length: RANKS }, (_, k) => {
    // A rank no mesh falls in counts none.
    const bin = bins.get(k) ?? { meshes: 0, weight: 0 };
    meshes += bin.meshes;
    weight += bin.weight;
    const name = k < RANKS - 1 ? `${edges[k]}${unit}以下` : `${edges[RANKS - 2]}${unit}超`;
    return {
      classification_cd: String(k + 1),
      classification_name: name,
      value1: bin.meshes,
      value2: wholePercent(meshes, values.length),
      value3: totalWeight === 0 ? (k === RANKS - 1 ? 100 : 0) : wholePercent(weight, totalWeight),
    };
  });
}

/** Mesh values of a table by region (prefecture `13`, municipality, designated city) and year. */
export interface MeshIndex {
  /** meshCode → value, per `${region}|${year}|${column}`. */
  get(region: string, year: number, column: string): Map<string, number> | undefined;
}

/** What the index reads of a mesh table's row besides its values. */
interface MeshRow {
  meshCode: string;
  cityCode: string;
  year: number;
}

/** Each mesh's values (`columns`: name → value of a row) under its municipality, designated city and prefecture. */
function meshIndex<R extends MeshRow>(
  sources: Sources,
  rows: R[],
  columns: Record<string, (r: R) => number>,
): MeshIndex {
  const designated = new Map(
    sources.regions.cities.filter((c) => c.bigCityFlag === '1').map((c) => [c.cityCode, c.designatedCityCode]),
  );
  const index = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const regions = [r.cityCode, r.cityCode.slice(0, 2)];
    const parent = designated.get(r.cityCode);
    if (parent) regions.push(parent);
    for (const region of regions)
      for (const [column, value] of Object.entries(columns))
        getOrSet(index, `${region}|${r.year}|${column}`, () => new Map<string, number>()).set(r.meshCode, value(r));
  }
  return { get: (region, year, column) => index.get(`${region}|${year}|${column}`) };
}

/** mesh_population: the census population and households of each mesh. */
export const censusMeshes = (sources: Sources): MeshIndex =>
  meshIndex(sources, rowsOf(sources, 'mesh_population'), {
    population: (r) => r.population,
    households: (r) => r.households,
  });

/** mesh_population_future: the projected population of each mesh. */
export const futureMeshes = (sources: Sources): MeshIndex =>
  meshIndex(sources, rowsOf(sources, 'mesh_population_future'), { population: (r) => r.population });

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
