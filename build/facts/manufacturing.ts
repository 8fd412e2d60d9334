// Shipments of manufactured goods for every region (municipalities as given, designated cities and
// prefectures as the sums of their parts) and every manufacturing selection: a middle class, or `-` for
// all of manufacturing as the sum of its classes.

import type { Sources } from '../../sources/load.ts';
import { perSources } from './memo.ts';
import { rollupRegions } from './rollup.ts';

/** 万円 by year, keyed by `region|simcCode` (simcCode `-`: every manufacturing class). */
export const shipmentFacts = perSources((sources: Sources): Map<string, Map<number, number>> => {
  const out = new Map<string, Map<number, number>>();
  const t = sources.tables.manufacturing_shipments;
  if (!t) return out;
  const rows = rollupRegions(t.table, sources.regions, ['year', 'simcCode'], 'shipments', 'year').objects() as {
    region: string;
    year: number;
    simcCode: string;
    shipments: number;
  }[];
  for (const r of rows)
    for (const key of [`${r.region}|${r.simcCode}`, `${r.region}|-`]) {
      const years = out.get(key) ?? out.set(key, new Map()).get(key)!;
      years.set(r.year, (years.get(r.year) ?? 0) + r.shipments);
    }
  return out;
});
