// Synthetic net migration. People move toward places that draw them (Tokyo most of all, less so in the
// pandemic years); the young move most, from rural municipalities to urban ones.
// 2021 is official at the prefecture level (sources/official/prefecture-migration.csv, 住民基本台帳人口移動報告,
// 日本人移動者): a prefecture's nets with each block are the report's (the other years as drawn), and its
// municipalities' nets by age class are shifted to add up to the report's (the shift spread by population,
// and kept in the other years). The cohorts (forAgeClassLine, a census statistic) stay as drawn.

import { prefectureMigration } from '../official-statistics.ts';
import type { Row } from '../tables.ts';
import { apportion } from './fit.ts';
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
        // Drawn in every year all the same, so that the other years do not change with the official ones.
        const official = prefectureMigration(prefCode, year)?.blocks[blockCode];
        rows.push({ prefCode: String(prefCode).padStart(2, '0'), year, blockCode, net: official ?? Math.round(net) });
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
  fitOfficial(rows, leaves);
  return rows;
}

/**
 * Where the report gives a prefecture's net in an age class, its municipalities' (and wards') nets are
 * shifted to add up to it (officialShifts). Each region keeps its shift in the other years too, nearest
 * official year's, so that the series does not jump where the official year is: the drawn nets lean to
 * gains (urban drift), the report's are losses in most prefectures.
 */
function fitOfficial(rows: Row<'migration_by_age_group'>[], leaves: LeafPopulation[]): void {
  const shifts = officialShifts(rows, leaves);
  const years = [...shifts.keys()].map((k) => Number(k.split('|')[2]));
  if (years.length === 0) return;
  const [first, last] = [Math.min(...years), Math.max(...years)];
  for (const r of rows) {
    const year = Math.min(Math.max(r.year, first), last);
    r.net += shifts.get(`${r.regionCode}|${r.ageClass}|${year}`) ?? 0;
  }
}

/**
 * By region, age class and official year: how much a region's drawn net must move for its prefecture's
 * to be the report's. The difference from the drawn sum is spread in proportion to 2020 population (a
 * net can have either sign, so the shift is apportioned by its size and given its sign).
 */
function officialShifts(rows: Row<'migration_by_age_group'>[], leaves: LeafPopulation[]): Map<string, number> {
  const leafOf = new Map(leaves.map((l) => [l.city.cityCode, l]));
  const groups = new Map<string, Row<'migration_by_age_group'>[]>();
  for (const r of rows) {
    const key = `${leafOf.get(r.regionCode)?.city.prefCode}|${r.year}|${r.ageClass}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const shifts = new Map<string, number>();
  for (const [key, group] of groups) {
    const [prefCode, year, ageClass] = key.split('|').map(Number) as [number, number, number];
    const official = prefectureMigration(prefCode, year)?.ageClasses[ageClass - 1];
    if (official === undefined) continue;
    const gap = official - group.reduce((a, r) => a + r.net, 0);
    const weights = group.map((r) => {
      const leaf = leafOf.get(r.regionCode);
      return leaf ? total(leaf, 2020) : 0;
    });
    const shares = apportion(Math.abs(gap), weights);
    group.forEach((r, i) => shifts.set(`${r.regionCode}|${ageClass}|${year}`, Math.sign(gap) * shares[i]!));
  }
  return shifts;
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
