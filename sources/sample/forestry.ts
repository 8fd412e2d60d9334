// Synthetic forestry census facts (2005, 2010, 2015, 2020): management entities of rural municipalities
// by band of their sales of forest products and of their revenue from contracted forestry work, and
// what they earned. The more rural a municipality, the likelier it has forestry and the more entities it
// has; entities decline census by census, and fewer take contracts than sell.

import { FORESTRY_BANDS, FORESTRY_KINDS, FORESTRY_YEARS } from '../forestry-codes.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

const BAND_SHARE = { sales: [0.55, 0.3, 0.1, 0.03, 0.02], contract: [0.35, 0.3, 0.2, 0.08, 0.07] };
/** Typical income of an entity in each band, 万円 (the band's middle; the open top band about 2.2 times its floor). */
const BAND_INCOME = [40, 400, 2_200, 7_000, 22_000];

function forestryFacts(seed: string, leaves: LeafPopulation[]) {
  const entities: { regionCode: string; year: number; kind: string; band: number; entities: number }[] = [];
  const income: { regionCode: string; year: number; kind: string; amount: number }[] = [];
  for (const leaf of leaves) {
    const rnd = random(seed, 'forestry', leaf.city.cityCode);
    if (rnd() > 0.15 + 0.8 * (1 - leaf.urban)) continue; // no forestry entities
    const size = Math.exp(2.5 + 0.9 * rnd.normal() + 1.5 * (1 - leaf.urban));
    const mix = Object.fromEntries(
      FORESTRY_KINDS.map((k) => [k, BAND_SHARE[k].map((s) => s * Math.exp(0.3 * rnd.normal()))]),
    );
    FORESTRY_YEARS.forEach((year, t) => {
      const decline = Math.pow(0.8, t);
      for (const kind of FORESTRY_KINDS) {
        const scale = size * decline * (kind === 'sales' ? 1 : 0.3);
        const total = mix[kind]!.reduce((a, s) => a + s, 0);
        let amount = 0;
        FORESTRY_BANDS.forEach((_, b) => {
          const n = Math.round((scale * mix[kind]![b]!) / total);
          entities.push({ regionCode: leaf.city.cityCode, year, kind, band: b + 1, entities: n });
          amount += n * BAND_INCOME[b]! * Math.exp(0.15 * rnd.normal());
        });
        income.push({ regionCode: leaf.city.cityCode, year, kind, amount: Math.round(amount) });
      }
    });
  }
  return { entities, income };
}

const forestryOf = shared((d) => forestryFacts(d.seed, leavesOf(d)));

export const SAMPLE = {
  forestry_entities: (d) => csvOf('forestry_entities', forestryOf(d).entities),
  forestry_income: (d) => csvOf('forestry_income', forestryOf(d).income),
} satisfies SampleTables;
