// Forestry entities and income for every region: municipalities as given, designated cities and
// prefectures as the sums of their parts (rollupRows), and the nation (00) as the sum of all prefectures.

import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import type { ForestryFacts } from '../runtime/render/forestry.ts';
import { perSources } from './memo.ts';
import { rollupRows } from './rollup.ts';

/** A region's own key and, for a prefecture, the nation's too. */
const keys = (region: string) => (region.length === 2 ? [region, '00'] : [region]);

/** Facts by region code (2 or 5 digits) and `00` for the nation. */
export const forestryFacts = perSources((sources: Sources): Map<string, ForestryFacts> => {
  const out = new Map<string, ForestryFacts>();
  addEntities(sources, out);
  addIncome(sources, out);
  return out;
});

/** forestry_entities: entities by kind of income and band, per year. */
function addEntities(sources: Sources, out: Map<string, ForestryFacts>): void {
  for (const r of rollupRows(sources, 'forestry_entities', ['year', 'kind', 'band'], ['entities'], 'year'))
    for (const key of keys(r.region)) {
      const y = ((getOrSet(out, key, (): ForestryFacts => ({}))[r.kind] ??= {})[r.year] ??= {});
      y[r.band] = (y[r.band] ?? 0) + r.entities;
    }
}

/** forestry_income: the amounts by kind of income, per year. */
function addIncome(sources: Sources, out: Map<string, ForestryFacts>): void {
  for (const r of rollupRows(sources, 'forestry_income', ['year', 'kind'], ['amount'], 'year'))
    for (const key of keys(r.region)) {
      const amounts = (getOrSet(out, key, (): ForestryFacts => ({}))[`${r.kind}Amount`] ??= {});
      amounts[r.year] = (amounts[r.year] ?? 0) + r.amount;
    }
}
