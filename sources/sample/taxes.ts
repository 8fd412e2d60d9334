// Synthetic local tax revenue by municipality and fiscal year (all of it, the property tax and the
// corporate part of the municipal resident tax), with the residents it is divided by. The
// residents are the sample's own population, interpolated between census years, so the per-capita figure
// speaks of the same people as the population operations. Urban places raise more per head (Minato ward
// raised about 300 thousand yen per resident; a rural town 100), revenue dips after 2008 and recovers.

import type { Row } from '../tables.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { attraction } from './profile.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

const TAX_YEARS = Array.from({ length: 14 }, (_, i) => 2008 + i);

/** The national level of revenue per head by year, relative to 2008. */
const TREND: Record<number, number> = {
  2008: 1,
  2009: 0.98,
  2010: 0.94,
  2011: 0.94,
  2012: 0.95,
  2013: 0.96,
  2014: 0.98,
  2015: 1.01,
  2016: 1.02,
  2017: 1.03,
  2018: 1.05,
  2019: 1.06,
  2020: 1.05,
  2021: 1.04,
};

function localTaxes(seed: string, leaves: LeafPopulation[]) {
  const rows: Row<'local_taxes'>[] = [];
  for (const leaf of leaves) {
    const rnd = random(seed, 'taxes', leaf.city.cityCode);
    const u = 0.6 * leaf.urban + 0.4 * attraction(leaf.city.prefCode);
    const perHead = (95 + 170 * u ** 2) * Math.exp(0.15 * rnd.normal());
    // Shares of the revenue: property tax weighs most in towns, the corporate part of the municipal tax in cities.
    const propertyShare = Math.min(0.6, Math.max(0.2, 0.42 - 0.08 * u + 0.04 * rnd.normal()));
    const corporateShare = Math.min(0.25, Math.max(0.02, 0.04 + 0.12 * u ** 2 + 0.015 * rnd.normal()));
    for (const year of TAX_YEARS) {
      const residents = residentsIn(leaf, year);
      if (residents === 0) continue;
      const taxes = Math.round(residents * perHead * TREND[year]! * Math.exp(0.02 * rnd.normal()));
      const propertyTax = Math.round(taxes * propertyShare * Math.exp(0.02 * rnd.normal()));
      // The corporate part swings with profits: down after 2008, up to 2019.
      const corporateTax = Math.round(taxes * corporateShare * TREND[year]! ** 3 * Math.exp(0.05 * rnd.normal()));
      rows.push({ regionCode: leaf.city.cityCode, year, taxes, propertyTax, corporateTax, residents });
    }
  }
  return rows;
}

/** Residents in a year: the population of the census years around it, interpolated. */
export function residentsIn(leaf: LeafPopulation, year: number): number {
  const before = year - (year % 5);
  const after = before + 5;
  const t = (year - before) / 5;
  return Math.round((1 - t) * total(leaf, before) + t * total(leaf, after));
}

function total(leaf: LeafPopulation, year: number): number {
  const y = leaf.byYear.get(year);
  if (!y) return 0;
  return y.man.reduce((a, v) => a + v, 0) + y.woman.reduce((a, v) => a + v, 0) + (leaf.unknown.get(year) ?? 0);
}

export const SAMPLE = {
  local_taxes: (d) => csvOf('local_taxes', localTaxes(d.seed, leavesOf(d))),
} satisfies SampleTables;
