// Establishment counts (経済センサス): companies, establishments (plants) and the people they employ by
// municipality and industry middle class for 2009, 2012, 2014, 2016 and 2021. Drawn synthetically: in the
// economic census years 2012 and 2016 the employees are industry_economy's, the same people; 2009, 2014
// and 2021 drift from them. Each class has a typical establishment size by broad class, stable per
// municipality; companies are the establishments' owners based there, fewer than establishments where
// branches and chains are common. Companies are left empty for 2016 and 2021: RESAS served them for
// 2009–2014 only. Then fitted under the official counts (establishments-fit.ts): in 2014, 2016 and 2021
// every municipality's establishments and persons engaged, all industries and per broad class, are
// SSDSE-A's; industry_economy's employees follow, so that they stay the same people.

import { INDUSTRIES_MIDDLE } from './classifications.ts';
import { fitOfficial } from './establishments-fit.ts';
import { industryEconomy, productivity, type EconomyRow } from './industry.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

/** The years RESAS served, between which the openings (openings.ts) are counted. */
export const ESTABLISHMENT_YEARS = [2009, 2012, 2014, 2016];
/** A year RESAS did not have: the 2021 economic census, which SSDSE-A gives. */
const LATER_YEARS = [2021];
const COMPANY_YEARS = new Set([2009, 2012, 2014]);

/** Employees per establishment and companies per establishment, by broad class. */
const SIZE: Record<string, { size: number; owned: number }> = {
  A: { size: 9, owned: 0.9 },
  B: { size: 8, owned: 0.9 },
  C: { size: 9, owned: 0.8 },
  D: { size: 7, owned: 0.9 },
  E: { size: 18, owned: 0.8 },
  F: { size: 30, owned: 0.3 },
  G: { size: 18, owned: 0.6 },
  H: { size: 22, owned: 0.6 },
  I: { size: 9, owned: 0.55 },
  J: { size: 18, owned: 0.25 },
  K: { size: 4, owned: 0.85 },
  L: { size: 7, owned: 0.8 },
  M: { size: 8, owned: 0.7 },
  N: { size: 5, owned: 0.75 },
  O: { size: 10, owned: 0.6 },
  P: { size: 14, owned: 0.7 },
  Q: { size: 10, owned: 0.3 },
  R: { size: 10, owned: 0.6 },
  S: { size: 20, owned: 0.2 },
  T: { size: 5, owned: 0.8 },
};

export interface EstablishmentRow {
  regionCode: string;
  year: number;
  simcCode: string;
  /** null where the year has no company count. */
  companies: number | null;
  plants: number;
  employees: number;
}

function synthetic(seed: string, leaves: LeafPopulation[], econ: EconomyRow[]): EstablishmentRow[] {
  const census = new Map<string, number>();
  for (const r of econ) census.set(`${r.regionCode}|${r.simcCode}|${r.year}`, r.employees);
  const rows: EstablishmentRow[] = [];
  for (const leaf of leaves) {
    const code = leaf.city.cityCode;
    const rnd = random(seed, 'establishments', code);
    // 2021 from a stream of its own, so that the earlier years' draws are what they were without it.
    const later = random(seed, 'establishments-2021', code);
    for (const [simcCode, sic] of INDUSTRIES_MIDDLE) {
      const e12 = census.get(`${code}|${simcCode}|2012`) ?? 0;
      const e16 = census.get(`${code}|${simcCode}|2016`) ?? 0;
      // Drawn for every class, so one class's presence does not shift another's draws.
      const drift09 = Math.exp(0.03 + 0.06 * rnd.normal());
      const drift14 = Math.exp(0.04 * rnd.normal());
      const size = SIZE[sic]!.size * Math.exp(0.3 * rnd.normal());
      const owned = SIZE[sic]!.owned;
      const employees: Record<number, number> = {
        2009: cut(e12 * drift09),
        2012: e12,
        2014: cut(((e12 + e16) / 2) * drift14),
        2016: e16,
        2021: cut(e16 * Math.exp(0.02 + 0.06 * later.normal())),
      };
      for (const year of [...ESTABLISHMENT_YEARS, ...LATER_YEARS]) {
        const e = employees[year]!;
        const draws = year === 2021 ? later : rnd;
        const yearly = draws.normal();
        const ownership = draws.normal();
        if (e === 0) continue;
        const plants = clamp(Math.round(e / (size * Math.exp(0.05 * yearly))), 1, e);
        const companies = COMPANY_YEARS.has(year)
          ? clamp(Math.round(plants * owned * Math.exp(0.1 * ownership)), 1, plants)
          : null;
        rows.push({ regionCode: code, year, simcCode, companies, plants, employees: e });
      }
    }
  }
  return rows;
}

/** Fewer than 3 employees means no establishment of the class, as in industry_economy. */
const cut = (n: number) => (Math.round(n) < 3 ? 0 : Math.round(n));
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The synthetic economy (industry_economy before the fit), drawn once. */
const economyDrawn = shared((d) => industryEconomy(d.seed, leavesOf(d)));

/** The establishments, fitted under the official counts: what the openings are drawn against. */
export const plantsOf = shared((d) =>
  fitOfficial(synthetic(d.seed, leavesOf(d), economyDrawn(d)), leavesOf(d), (sic) => SIZE[sic]!.owned, COMPANY_YEARS),
);

/**
 * industry_economy with the fitted establishments' persons engaged in its years (2012, 2016), row for
 * row, and value added scaled with them (a new row's at its class's typical productivity).
 */
function economyOf(econ: EconomyRow[], plants: EstablishmentRow[]): EconomyRow[] {
  const years = new Set(econ.map((r) => r.year));
  const drawn = new Map(econ.map((r) => [`${r.regionCode}|${r.simcCode}|${r.year}`, r]));
  return plants
    .filter((r) => years.has(r.year))
    .map(({ regionCode, year, simcCode, employees }) => {
      const old = drawn.get(`${regionCode}|${simcCode}|${year}`);
      const valueAdded = old
        ? Math.round((old.valueAdded * employees) / old.employees)
        : Math.round(employees * productivity(simcCode));
      return { regionCode, year, simcCode, valueAdded, employees };
    });
}

export const SAMPLE = {
  establishments: (d) => csvOf('establishments', plantsOf(d)),
  industry_economy: (d) => csvOf('industry_economy', economyOf(economyDrawn(d), plantsOf(d))),
} satisfies SampleTables;
