// Forestry entities and income for every region: municipalities as given, designated cities and
// prefectures as the sums of their parts (rollupRegions), and the nation (00) as the sum of all prefectures.

import type { Sources } from '../../sources/load.ts';
import type { ForestryFacts } from '../runtime/render/forestry.ts';
import { perSources } from './memo.ts';
import { rollupRegions } from './rollup.ts';

/** Facts by region code (2 or 5 digits) and `00` for the nation. */
export const forestryFacts = perSources((sources: Sources): Map<string, ForestryFacts> => {
  const out = new Map<string, ForestryFacts>();
  const { tables, regions } = sources;
  const factsOf = (key: string) => out.get(key) ?? out.set(key, {}).get(key)!;
  /** A region's own key and, for a prefecture, the nation's too. */
  const keys = (region: string) => (region.length === 2 ? [region, '00'] : [region]);
  if (tables.forestry_entities) {
    const rows = rollupRegions(
      tables.forestry_entities.table,
      regions,
      ['year', 'kind', 'band'],
      'entities',
      'year',
    ).objects() as { region: string; year: number; kind: 'sales' | 'contract'; band: number; entities: number }[];
    for (const r of rows)
      for (const key of keys(r.region)) {
        const y = ((factsOf(key)[r.kind] ??= {})[r.year] ??= {});
        y[r.band] = (y[r.band] ?? 0) + r.entities;
      }
  }
  if (tables.forestry_income) {
    const rows = rollupRegions(tables.forestry_income.table, regions, ['year', 'kind'], 'amount', 'year').objects() as {
      region: string;
      year: number;
      kind: 'sales' | 'contract';
      amount: number;
    }[];
    for (const r of rows)
      for (const key of keys(r.region)) {
        const amounts = (factsOf(key)[`${r.kind}Amount`] ??= {});
        amounts[r.year] = (amounts[r.year] ?? 0) + r.amount;
      }
  }
  return out;
});
