// Opening rates (創業比率) for every region: establishments opened in a period over those existing at
// its start, per year of the period. Municipalities as given, designated cities and prefectures as the
// sums of their parts, for both counts, so a prefecture's rate is never an average of rates.

import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSources } from './memo.ts';
import { rollupRows } from './rollup.ts';

const regionYear = (region: string, year: number) => `${region}|${year}`;

/** establishments: the establishments of every class, keyed by `region|year`. */
function establishmentsByYear(sources: Sources): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rollupRows(sources, 'establishments', ['year', 'simcCode'], ['plants'], 'year')) {
    const key = regionYear(r.region, r.year);
    out.set(key, (out.get(key) ?? 0) + r.plants);
  }
  return out;
}

/**
 * Per region code (2 or 5 digits), the rate in percent (2 decimals) by the year that ends each period
 * (establishment_openings); null where no establishment existed at the period's start.
 */
export const openingRates = perSources((sources: Sources): Map<string, Map<number, number | null>> => {
  const existing = establishmentsByYear(sources);
  const out = new Map<string, Map<number, number | null>>();
  for (const r of rollupRows(sources, 'establishment_openings', ['year', 'periodStart'], ['opened'], 'year')) {
    const base = existing.get(regionYear(r.region, r.periodStart)) ?? 0;
    // opened / base / years of the period × 100, from the integers.
    getOrSet(out, r.region, () => new Map()).set(r.year, ratio(r.opened * 100, base * (r.year - r.periodStart), 2));
  }
  return out;
});
