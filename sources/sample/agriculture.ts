// Synthetic census of agriculture facts (2005, 2010, 2015, 2020): each municipality's farm management
// entities, how many of them are corporations, and the person-days of farm work they did in the year.
// Nearly every municipality farms, the more rural the more entities; entities fall census by census (as
// they did nationally, from about 2.0 million to 1.1 million) while the share of corporations rises
// (about 1 % to 3 %), and a corporation works many times the days of a family farm.

import { AGRICULTURE_YEARS } from '../agriculture-codes.ts';
import type { LeafPopulation } from './population.ts';
import { random } from './random.ts';

export interface FarmRow {
  regionCode: string;
  year: number;
  entities: number;
  corporations: number;
  workingDays: number;
}

export function farmEntities(seed: string, leaves: LeafPopulation[]): FarmRow[] {
  const rows: FarmRow[] = [];
  for (const leaf of leaves) {
    const rnd = random(seed, 'agriculture', leaf.city.cityCode);
    if (leaf.urban > 0.9 && rnd() < 0.5) continue; // some of the most urban wards and cities have no farms
    const size = Math.exp(5.6 + 0.8 * rnd.normal() + 1.3 * (1 - leaf.urban));
    const corporate = 0.01 * Math.exp(0.4 * rnd.normal());
    const familyDays = 120 * Math.exp(0.2 * rnd.normal());
    AGRICULTURE_YEARS.forEach((year, t) => {
      const entities = Math.max(1, Math.round(size * Math.pow(0.82, t) * Math.exp(0.05 * rnd.normal())));
      const corporations = Math.min(entities, Math.round(entities * corporate * Math.pow(1.42, t)));
      const days = (entities - corporations) * familyDays + corporations * 1_800 * Math.exp(0.3 * rnd.normal());
      rows.push({ regionCode: leaf.city.cityCode, year, entities, corporations, workingDays: Math.round(days) });
    });
  }
  return rows;
}
