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
  const factsOf = (key: string) => out.get(key) ?? out.set(key, {}).get(key)!;
  /** A region's own key and, for a prefecture, the nation's too. */
  const keys = (region: string) => (region.length === 2 ? [region, '00'] : [region]);
  if (tables.farm_entities) {
    const rows = rollupRegions(tables.farm_entities.table, regions, ['year'], [...MEASURES], 'year').objects() as ({
      region: string;
      year: number;
    } & Record<(typeof MEASURES)[number], number>)[];
    for (const r of rows)
      for (const key of keys(r.region))
        for (const m of MEASURES) {
          const byYear = (factsOf(key)[m] ??= {});
          byYear[r.year] = (byYear[r.year] ?? 0) + r[m];
        }
  }
  if (tables.farm_businesses) {
    const rows = rollupRegions(
      tables.farm_businesses.table,
      regions,
      ['year', 'business'],
      'entities',
      'year',
    ).objects() as {
      region: string;
      year: number;
      business: number;
      entities: number;
    }[];
    for (const r of rows)
      for (const key of keys(r.region)) {
        const y = ((factsOf(key).business ??= {})[r.year] ??= {});
        y[r.business] = (y[r.business] ?? 0) + r.entities;
      }
  }
  if (tables.farmers) {
    const rows = rollupRegions(
      tables.farmers.table,
      regions,
      ['year', 'farmersType', 'gender', 'ageClass'],
      ['persons', 'ageYears'],
      'year',
    ).objects() as {
      region: string;
      year: number;
      farmersType: number;
      gender: number;
      ageClass: number;
      persons: number;
      ageYears: number;
    }[];
    for (const r of rows)
      for (const key of keys(r.region)) {
        const group = `${r.farmersType}${r.gender}`;
        for (const m of ['persons', 'ageYears'] as const) {
          const y = (((factsOf(key)[m] ??= {})[group] ??= {})[r.year] ??= {});
          y[r.ageClass] = (y[r.ageClass] ?? 0) + r[m];
        }
      }
  }
  return out;
});
