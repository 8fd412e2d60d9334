// Shipments of manufactured goods for every region (municipalities as given, designated cities and
// prefectures as the sums of their parts) and every manufacturing selection: a middle class, or `-` for
// all of manufacturing as the sum of its classes.

import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import { perSources } from './memo.ts';
import { rollupRows } from './rollup.ts';

/** 万円 by year, keyed by `region|simcCode` (simcCode `-`: every manufacturing class). */
export const shipmentFacts = perSources((sources: Sources): Map<string, Map<number, number>> => {
  const out = new Map<string, Map<number, number>>();
  for (const r of rollupRows(sources, 'manufacturing_shipments', ['year', 'simcCode'], ['shipments'], 'year'))
    for (const key of [`${r.region}|${r.simcCode}`, `${r.region}|-`]) {
      const years = getOrSet(out, key, () => new Map<number, number>());
      years.set(r.year, (years.get(r.year) ?? 0) + r.shipments);
    }
  return out;
});
