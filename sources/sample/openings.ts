// Synthetic establishment openings (新設事業所, 経済センサス) between the economic censuses the
// establishments table counts: per municipality and period, the establishments opened since the start
// of the period, about 4 to 7 % of those existing at its start a year, more in urban municipalities.

import { ESTABLISHMENT_YEARS, plantsOf, type EstablishmentRow } from './establishments.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

function establishmentOpenings(seed: string, leaves: LeafPopulation[], rows: EstablishmentRow[]) {
  const plants = new Map<string, number>();
  for (const r of rows)
    plants.set(`${r.regionCode}|${r.year}`, (plants.get(`${r.regionCode}|${r.year}`) ?? 0) + r.plants);
  const out: { regionCode: string; year: number; periodStart: number; opened: number }[] = [];
  for (const leaf of leaves) {
    const code = leaf.city.cityCode;
    const rnd = random(seed, 'establishment-openings', code);
    const level = 0.04 + 0.03 * leaf.urban;
    ESTABLISHMENT_YEARS.slice(1).forEach((year, i) => {
      const start = ESTABLISHMENT_YEARS[i]!;
      const rate = level * Math.exp(0.2 * rnd.normal());
      const existing = plants.get(`${code}|${start}`) ?? 0;
      if (existing === 0) return;
      out.push({ regionCode: code, year, periodStart: start, opened: Math.round(existing * rate * (year - start)) });
    });
  }
  return out;
}

export const SAMPLE = {
  establishment_openings: (d) =>
    csvOf('establishment_openings', establishmentOpenings(d.seed, leavesOf(d), plantsOf(d))),
} satisfies SampleTables;
