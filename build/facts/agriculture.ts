// Farm management entities for every region: municipalities as given, designated cities and prefectures
// as the sums of their parts (rollupRows), and the nation (00) as the sum of all prefectures.

import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import type { FarmFacts } from '../runtime/render/agriculture.ts';
import { perSources } from './memo.ts';
import { rollupRows } from './rollup.ts';

const MEASURES = ['entities', 'corporations', 'workingDays'] as const;
const FARMER_MEASURES = ['persons', 'ageYears'] as const;

/** A region's own key and, for a prefecture, the nation's too. */
const keys = (region: string) => (region.length === 2 ? [region, '00'] : [region]);

/** Facts by region code (2 or 5 digits) and `00` for the nation. */
export const farmFacts = perSources((sources: Sources): Map<string, FarmFacts> => {
  const out = new Map<string, FarmFacts>();
  addEntities(sources, out);
  addBusinesses(sources, out);
  addFarmers(sources, out);
  return out;
});

/** The facts of a region, made empty the first time. */
const factsOf = (out: Map<string, FarmFacts>, key: string) => getOrSet(out, key, (): FarmFacts => ({}));

/** farm_entities: entities, corporations and person-days of farm work, per year. */
function addEntities(sources: Sources, out: Map<string, FarmFacts>): void {
  for (const r of rollupRows(sources, 'farm_entities', ['year'], MEASURES, 'year'))
    for (const key of keys(r.region))
      for (const m of MEASURES) {
        const byYear = (factsOf(out, key)[m] ??= {});
        byYear[r.year] = (byYear[r.year] ?? 0) + r[m];
      }
}

/** farm_businesses: the entities running each production-related business, per year. */
function addBusinesses(sources: Sources, out: Map<string, FarmFacts>): void {
  for (const r of rollupRows(sources, 'farm_businesses', ['year', 'business'], ['entities'], 'year'))
    for (const key of keys(r.region)) {
      const y = ((factsOf(out, key).business ??= {})[r.year] ??= {});
      y[r.business] = (y[r.business] ?? 0) + r.entities;
    }
}

/** farmers: persons and the sum of their ages by `<farmersType><gender>`, year and age class. */
function addFarmers(sources: Sources, out: Map<string, FarmFacts>): void {
  const by = ['year', 'farmersType', 'gender', 'ageClass'] as const;
  for (const r of rollupRows(sources, 'farmers', by, FARMER_MEASURES, 'year'))
    for (const key of keys(r.region)) {
      const group = `${r.farmersType}${r.gender}`;
      for (const m of FARMER_MEASURES) {
        const y = (((factsOf(out, key)[m] ??= {})[group] ??= {})[r.year] ??= {});
        y[r.ageClass] = (y[r.ageClass] ?? 0) + r[m];
      }
    }
}
