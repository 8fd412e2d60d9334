// Synthetic local tax revenue by municipality and fiscal year (all of it, the property tax and the
// corporate part of the municipal resident tax), with the residents it is divided by: the sample's own
// population, interpolated between census years, then scaled to the 住基 residents (below). Urban places
// raise more per head (Minato ward about 300 thousand yen per resident; a rural town 100), revenue dips
// after 2008 and recovers.
// FY2015–2019 are the official figures (sources/official/municipal-taxes.csv): 住基 residents, and 地方税,
// a designated city's apportioned over its wards; the property and corporate parts keep their shares.

import { municipalTaxes } from '../official-statistics.ts';
import type { Row } from '../tables.ts';
import { apportion } from './fit.ts';
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
  fitOfficial(rows, leaves);
  return rows;
}

/**
 * The official figures in place of the synthetic ones where there are any: residents per region, and a
 * municipality's taxes, spread over a designated city's wards in proportion to their synthetic taxes. A
 * region's synthetic years before and after are scaled by its factor at the nearest official year, so
 * that its series does not jump where the official years begin and end.
 */
function fitOfficial(rows: Row<'local_taxes'>[], leaves: LeafPopulation[]): void {
  const cityOf = new Map(leaves.map((l) => [l.city.cityCode, l.city.designatedCityCode || l.city.cityCode]));
  const groups = new Map<string, Row<'local_taxes'>[]>();
  for (const r of rows) {
    const key = `${cityOf.get(r.regionCode)}|${r.year}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const factors = new Map<string, number>();
  for (const [key, group] of groups) {
    const [city, year] = key.split('|') as [string, string];
    const taxes = municipalTaxes(city, Number(year))?.taxes;
    if (taxes === undefined) continue;
    const shares = apportion(
      taxes,
      group.map((r) => r.taxes),
    );
    group.forEach((r, i) => factors.set(`${r.regionCode}|${r.year}`, shares[i]! / r.taxes));
  }
  // Residents likewise: a region's official residents over its synthetic ones, per official year.
  const people = new Map<string, number>();
  for (const r of rows) {
    const official = municipalTaxes(r.regionCode, r.year)?.residents;
    if (official !== undefined) people.set(`${r.regionCode}|${r.year}`, official / r.residents);
  }
  const years = [...factors.keys()].map((k) => Number(k.split('|')[1]));
  const [first, last] = [Math.min(...years), Math.max(...years)];
  for (const r of rows) {
    const key = `${r.regionCode}|${Math.min(Math.max(r.year, first), last)}`;
    const [f, p] = [factors.get(key), people.get(key)];
    if (f !== undefined) {
      const scaled = (n: number) => Math.round(n * f);
      Object.assign(r, {
        taxes: scaled(r.taxes),
        propertyTax: scaled(r.propertyTax ?? 0), // the sample gives every part
        corporateTax: scaled(r.corporateTax ?? 0),
      });
    }
    if (p !== undefined) r.residents = Math.max(1, Math.round(r.residents * p));
  }
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
