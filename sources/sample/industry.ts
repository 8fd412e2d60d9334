// Synthetic economic-census facts: employees and value added by municipality and industry middle class
// for the census years 2012 and 2016. Primary industries lean rural, finance and information urban, and
// manufacturing concentrates in a few places per class, so specialization coefficients spread widely.

import { INDUSTRIES_MIDDLE } from './classifications.ts';
import type { LeafPopulation } from './population.ts';
import { attraction } from './profile.ts';
import { random } from './random.ts';

/** The economic census years of industry_economy. */
export const CENSUS_YEARS = [2012, 2016];

/** Share of employment and value added per employee (million yen) by broad class. */
const BROAD: Record<string, { share: number; productivity: number; lean: 'rural' | 'urban' | 'none' | 'cluster' }> = {
  A: { share: 0.006, productivity: 3, lean: 'rural' },
  B: { share: 0.002, productivity: 4, lean: 'rural' },
  C: { share: 0.0004, productivity: 9, lean: 'rural' },
  D: { share: 0.07, productivity: 6, lean: 'none' },
  E: { share: 0.16, productivity: 9, lean: 'cluster' },
  F: { share: 0.004, productivity: 25, lean: 'none' },
  G: { share: 0.03, productivity: 11, lean: 'urban' },
  H: { share: 0.055, productivity: 6, lean: 'none' },
  I: { share: 0.2, productivity: 5, lean: 'none' },
  J: { share: 0.025, productivity: 14, lean: 'urban' },
  K: { share: 0.025, productivity: 9, lean: 'urban' },
  L: { share: 0.03, productivity: 9, lean: 'urban' },
  M: { share: 0.095, productivity: 2.2, lean: 'none' },
  N: { share: 0.045, productivity: 3, lean: 'none' },
  O: { share: 0.03, productivity: 4, lean: 'none' },
  P: { share: 0.13, productivity: 4.5, lean: 'none' },
  Q: { share: 0.008, productivity: 6, lean: 'rural' },
  R: { share: 0.07, productivity: 4, lean: 'urban' },
  S: { share: 0.035, productivity: 8, lean: 'none' },
  T: { share: 0.001, productivity: 4, lean: 'none' },
};

export interface EconomyRow {
  regionCode: string;
  year: number;
  simcCode: string;
  valueAdded: number;
  employees: number;
}

/** Value added per employee (million yen) typical of a middle class's broad class. */
export const productivity = (simcCode: string) =>
  BROAD[INDUSTRIES_MIDDLE.find(([simc]) => simc === simcCode)?.[1] ?? '']?.productivity ?? 5;

/** The synthetic draw; the table is establishments.ts's, whose fit under the official counts it follows. */
export function industryEconomy(seed: string, leaves: LeafPopulation[]): EconomyRow[] {
  const rows: EconomyRow[] = [];
  const perBroad = new Map<string, number>();
  for (const [, sic] of INDUSTRIES_MIDDLE) perBroad.set(sic, (perBroad.get(sic) ?? 0) + 1);
  for (const leaf of leaves) {
    const rnd = random(seed, 'industry', leaf.city.cityCode);
    const people = total(leaf, 2015);
    const workers = people * (0.3 + 0.25 * leaf.urban + 0.05 * rnd.normal());
    // How urban the place is nationally: its rank in its prefecture and its prefecture's pull.
    const u = 0.4 * leaf.urban + 0.6 * attraction(leaf.city.prefCode);
    const tilt = INDUSTRIES_MIDDLE.map(([, sic]) => {
      const b = BROAD[sic]!;
      const lean =
        b.lean === 'rural'
          ? 4 * (1 - u) ** 2 + 0.05
          : b.lean === 'urban'
            ? 0.2 + 2 * u ** 2
            : b.lean === 'cluster'
              ? Math.exp(1.2 * rnd.normal())
              : 1;
      return (b.share / perBroad.get(sic)!) * lean * Math.exp(0.3 * rnd.normal());
    });
    const tiltSum = tilt.reduce((a, v) => a + v, 0);
    const productivity = (0.8 + 0.5 * u) * Math.exp(0.1 * rnd.normal());
    for (const year of CENSUS_YEARS) {
      const growth = year === 2012 ? 1 : 1.02 + 0.04 * rnd.normal();
      INDUSTRIES_MIDDLE.forEach(([simcCode, sic], i) => {
        const employees = Math.round(((workers * tilt[i]!) / tiltSum) * growth * Math.exp(0.08 * rnd.normal()));
        if (employees < 3) return; // no establishment of this class here
        const valueAdded = Math.round(
          employees * BROAD[sic]!.productivity * productivity * Math.exp(0.25 * rnd.normal()),
        );
        rows.push({ regionCode: leaf.city.cityCode, year, simcCode, valueAdded, employees });
      });
    }
  }
  return rows;
}

function total(leaf: LeafPopulation, year: number): number {
  const y = leaf.byYear.get(year)!;
  return y.man.reduce((a, v) => a + v, 0) + y.woman.reduce((a, v) => a + v, 0);
}
