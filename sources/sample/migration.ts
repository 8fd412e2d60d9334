// Synthetic net migration. People move toward places that draw them (Tokyo most of all, less so in the
// pandemic years); the young move most, from rural municipalities to urban ones.

import { leavesOf, type LeafPopulation } from './population.ts';
import { BLOCK_PREFS, attraction, population2020 } from './profile.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

const MIGRATION_YEARS = Array.from({ length: 13 }, (_, i) => 2010 + i);
const COHORT_PERIODS = Array.from({ length: 7 }, (_, i) => 1980 + i * 5);

/** Tokyo drew fewer people in 2020–2022. */
function pull(prefCode: number, year: number): number {
  const a = attraction(prefCode);
  return prefCode === 13 && year >= 2020 ? a - 0.35 : a;
}

/** Net migration of each prefecture with each regional block. */
function blockMigration(seed: string) {
  const rows: { prefCode: string; year: number; blockCode: string; net: number }[] = [];
  for (let prefCode = 1; prefCode <= 47; prefCode++) {
    const rnd = random(seed, 'block', prefCode);
    for (const year of MIGRATION_YEARS) {
      for (const [blockCode, members] of Object.entries(BLOCK_PREFS)) {
        const others = members.filter((p) => p !== prefCode);
        let net = 0;
        for (const other of others) {
          const scale = Math.sqrt((population2020(prefCode) / 1000) * (population2020(other) / 1000));
          net +=
            (pull(prefCode, year) - pull(other, year)) * scale * 0.35 * (1 + 0.25 * rnd.normal()) + 15 * rnd.normal();
        }
        rows.push({ prefCode: String(prefCode).padStart(2, '0'), year, blockCode, net: Math.round(net) });
      }
    }
  }
  return rows;
}

/** Net migration of each municipality by the three age classes. */
function ageClassMigration(seed: string, leaves: LeafPopulation[]) {
  const rows: { regionCode: string; year: number; ageClass: number; net: number }[] = [];
  for (const leaf of leaves) {
    const rnd = random(seed, 'ageClass', leaf.city.cityCode);
    const people = total(leaf, 2010);
    const drift = (leaf.urban - 0.5) * 0.004 + 0.0015 * rnd.normal();
    for (const year of MIGRATION_YEARS) {
      const base = people * (drift + 0.0008 * rnd.normal());
      const shares = [0.12 + 0.1 * rnd.normal(), 0.85 + 0.1 * rnd.normal(), 0.03 + 0.15 * rnd.normal()];
      shares.forEach((s, i) =>
        rows.push({ regionCode: leaf.city.cityCode, year, ageClass: i + 1, net: Math.round(base * s) }),
      );
    }
  }
  return rows;
}

/** Net migration of each 5-year cohort over each five-year period. */
function cohortMigration(seed: string, leaves: LeafPopulation[]) {
  const rows: { regionCode: string; periodFrom: number; ageFrom: number; net: number }[] = [];
  for (const leaf of leaves) {
    const rnd = random(seed, 'cohort', leaf.city.cityCode);
    for (const periodFrom of COHORT_PERIODS) {
      const y = leaf.byYear.get(periodFrom)!;
      for (let i = 0; i < 18; i++) {
        const ageFrom = i * 5;
        const people = y.man[i]! + y.woman[i]!;
        const rate = cohortRate(ageFrom, leaf.urban) + 0.006 * rnd.normal();
        rows.push({ regionCode: leaf.city.cityCode, periodFrom, ageFrom, net: Math.round(people * rate) });
      }
    }
  }
  return rows;
}

/** Share of a cohort that moves in (positive) or out (negative) over five years. */
function cohortRate(ageFrom: number, urban: number): number {
  if (ageFrom === 15) return -0.12 + 0.27 * urban;
  if (ageFrom === 20) return -0.05 + 0.1 * urban;
  if (ageFrom === 10) return -0.01 + 0.02 * urban;
  if (ageFrom <= 5 || (ageFrom >= 25 && ageFrom <= 35)) return 0.02 - 0.04 * urban;
  if (ageFrom >= 55 && ageFrom <= 65) return 0.005 - 0.01 * urban;
  return 0;
}

function total(leaf: LeafPopulation, year: number): number {
  const y = leaf.byYear.get(year)!;
  return y.man.reduce((a, v) => a + v, 0) + y.woman.reduce((a, v) => a + v, 0);
}

export const SAMPLE = {
  migration_by_block: (d) => csvOf('migration_by_block', blockMigration(d.seed)),
  migration_by_age_group: (d) => csvOf('migration_by_age_group', ageClassMigration(d.seed, leavesOf(d))),
  migration_by_cohort: (d) => csvOf('migration_by_cohort', cohortMigration(d.seed, leavesOf(d))),
} satisfies SampleTables;
