// Opening rates (創業比率) for every region: establishments opened in a period over those existing at
// its start, per year of the period. Municipalities as given, designated cities and prefectures as the
// sums of their parts, for both counts, so a prefecture's rate is never an average of rates.

import type { Sources } from '../../sources/load.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSources } from './memo.ts';
import { rollupRegions } from './rollup.ts';

/** Per region code (2 or 5 digits), the rate in percent (2 decimals) by the year that ends each period. */
export const openingRates = perSources((sources: Sources): Map<string, Map<number, number | null>> => {
  const out = new Map<string, Map<number, number | null>>();
  const { establishment_openings: openings, establishments } = sources.tables;
  if (!openings || !establishments) return out;
  const existing = new Map<string, number>();
  for (const r of rollupRegions(
    establishments.table,
    sources.regions,
    ['year', 'simcCode'],
    'plants',
    'year',
  ).objects() as {
    region: string;
    year: number;
    plants: number;
  }[])
    existing.set(`${r.region}|${r.year}`, (existing.get(`${r.region}|${r.year}`) ?? 0) + r.plants);
  const rows = rollupRegions(openings.table, sources.regions, ['year', 'periodStart'], 'opened', 'year').objects() as {
    region: string;
    year: number;
    periodStart: number;
    opened: number;
  }[];
  for (const r of rows) {
    const base = existing.get(`${r.region}|${r.periodStart}`) ?? 0;
    const years = out.get(r.region) ?? out.set(r.region, new Map()).get(r.region)!;
    // opened / base / years of the period × 100, from the integers.
    years.set(r.year, ratio(r.opened * 100, base * (r.year - r.periodStart), 2));
  }
  return out;
});
