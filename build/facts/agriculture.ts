// Farm management entities for every region: municipalities as given, designated cities and prefectures
// as the sums of their parts (rollupRegions), and the nation (00) as the sum of all prefectures.

import type { Sources } from '../../sources/load.ts';
import type { FarmFacts } from '../runtime/render/agriculture.ts';
import { perSources } from './memo.ts';
import { rollupRegions } from './rollup.ts';

const MEASURES = ['entities', 'corporations', 'workingDays'] as const;

/** Facts by region code (2 or 5 digits) and `00` for the nation. */
export const farmFacts = perSources((sources: Sources): Map<string, FarmFacts> => {
  const out = new Map<string, FarmFacts>();
  const { tables, regions } = sources;
  if (!tables.farm_entities) return out;
  const rows = rollupRegions(tables.farm_entities.table, regions, ['year'], [...MEASURES], 'year').objects() as ({
    region: string;
    year: number;
  } & Record<(typeof MEASURES)[number], number>)[];
  for (const r of rows) {
    // A prefecture counts towards the nation too.
    for (const key of r.region.length === 2 ? [r.region, '00'] : [r.region]) {
      const facts = out.get(key) ?? out.set(key, {}).get(key)!;
      for (const m of MEASURES) {
        const byYear = (facts[m] ??= {});
        byYear[r.year] = (byYear[r.year] ?? 0) + r[m];
      }
    }
  }
  return out;
});
