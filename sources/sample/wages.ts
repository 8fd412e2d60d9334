// Synthetic wage-survey facts: workers and their annual pay (10 thousand yen) by prefecture, year,
// industry middle class and age class, 2012–2021. Pay rises with age to the fifties and falls after
// sixty, finance and utilities pay more than lodging and food, and big-city prefectures pay more.

import type { Row } from '../tables.ts';
import { INDUSTRIES_MIDDLE } from './classifications.ts';
import { attraction, population2020 } from './profile.ts';
import { random } from './random.ts';
import { prefCodesOf } from './regions.ts';
import { csvOf, type SampleTables } from './shared.ts';

const WAGE_YEARS = Array.from({ length: 10 }, (_, i) => 2012 + i);
/** Lower bounds of the age classes: under 20, 20–24, …, 65–69, 70 and over. */
const WAGE_AGES = [0, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70];

/** Annual pay of a worker by age class, 10 thousand yen, before the industry and prefecture factors. */
const PAY_BY_AGE = [230, 290, 360, 420, 470, 510, 550, 575, 565, 420, 345, 310];
/** Share of workers by age class. */
const WORKERS_BY_AGE = [0.01, 0.08, 0.1, 0.11, 0.12, 0.13, 0.13, 0.11, 0.09, 0.07, 0.04, 0.01];
/** Pay level by broad class, relative to the average. */
const PAY_BY_BROAD: Record<string, number> = {
  A: 0.8,
  B: 0.85,
  C: 1.1,
  D: 1.05,
  E: 1.0,
  F: 1.45,
  G: 1.3,
  H: 0.95,
  I: 0.9,
  J: 1.35,
  K: 1.1,
  L: 1.2,
  M: 0.65,
  N: 0.8,
  O: 1.15,
  P: 0.95,
  Q: 0.95,
  R: 0.85,
  S: 1.1,
  T: 0.9,
};

function wageFacts(seed: string, prefCodes: number[]) {
  const rows: Row<'wages'>[] = [];
  for (const pref of prefCodes) {
    const scale = (population2020(pref) * 0.012) / INDUSTRIES_MIDDLE.length; // surveyed workers, not all of them
    const level = 0.82 + 0.3 * attraction(pref);
    for (const [simcCode, sic] of INDUSTRIES_MIDDLE) {
      const rnd = random(seed, 'wages', pref, simcCode);
      const size = scale * Math.exp(0.6 * rnd.normal());
      const pay = PAY_BY_BROAD[sic]! * level * Math.exp(0.06 * rnd.normal());
      for (const [i, year] of WAGE_YEARS.entries()) {
        const trend = 1 + 0.006 * i;
        WAGE_AGES.forEach((ageFrom, a) => {
          const workers = Math.round(size * WORKERS_BY_AGE[a]! * Math.exp(0.1 * rnd.normal()));
          if (workers === 0) return;
          const payroll = Math.round(workers * PAY_BY_AGE[a]! * pay * trend * Math.exp(0.04 * rnd.normal()));
          rows.push({ prefCode: String(pref).padStart(2, '0'), year, simcCode, ageFrom, workers, payroll });
        });
      }
    }
  }
  return rows;
}

export const SAMPLE = {
  wages: (d) => csvOf('wages', wageFacts(d.seed, prefCodesOf(d))),
} satisfies SampleTables;
