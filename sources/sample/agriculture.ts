// Synthetic census of agriculture facts (2005, 2010, 2015, 2020): each municipality's farm management
// entities, how many of them are corporations, and the person-days of farm work they did in the year.
// Nearly every municipality farms, the more rural the more entities; entities fall census by census (as
// they did nationally, from about 2.0 million to 1.1 million) while the share of corporations rises
// (about 1 % to 3 %), and a corporation works many times the days of a family farm. Of the entities, a
// few percent run a production-related business: most sell to consumers directly, a few process their
// crops, fewer run tourist farms, inns or restaurants; direct sales and processing grow census by census.

import { AGRICULTURE_YEARS, FARM_BUSINESSES, FARMER_AGES } from '../agriculture-codes.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

interface FarmRow {
  regionCode: string;
  year: number;
  entities: number;
  corporations: number;
  workingDays: number;
}

function farmEntities(seed: string, leaves: LeafPopulation[]): FarmRow[] {
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

/** Per business (in FARM_BUSINESSES' order), the share of entities running it in 2005, and its growth per census. */
const BUSINESS_SHARE = [0.03, 0.15, 0.004, 0.007, 0.002, 0.001, 0.0003, 0.003];
const BUSINESS_GROWTH = [1.15, 1.1, 1.05, 1, 1, 1.2, 1.5, 1];

/** The entities of each business per municipality and census, from the entities `farmEntities` drew (its own random stream). */
function farmBusinesses(seed: string, farms: FarmRow[]) {
  return farms.flatMap((f) => {
    const rnd = random(seed, 'agriculture-business', f.regionCode, f.year);
    const t = AGRICULTURE_YEARS.indexOf(f.year);
    return FARM_BUSINESSES.map((_, i) => ({
      regionCode: f.regionCode,
      year: f.year,
      business: i + 1,
      entities: Math.min(
        f.entities,
        Math.round(f.entities * BUSINESS_SHARE[i]! * Math.pow(BUSINESS_GROWTH[i]!, t) * Math.exp(0.4 * rnd.normal())),
      ),
    }));
  });
}

/** Age classes' shares of farmers in 2005 (15–24 … 75+), older each census; the mean age in each class. */
const AGE_SHARE = [0.01, 0.03, 0.06, 0.15, 0.28, 0.3, 0.17];
const CLASS_AGE = [21, 30, 40, 50, 60, 69.5, 80];
/** Per type (managers, working population): persons per entity, and the share of them that are women. */
const PER_ENTITY = [1, 1.9];
const WOMEN = [0.07, 0.47];

/**
 * Farm managers and the farm working population of each municipality and census, by sex and age class, with
 * the sum of their ages (the average age is that over the persons): drawn from the entities `farmEntities`
 * drew, ageing census by census as Japan's farmers did (average about 64 years in 2005, 68 in 2020).
 */
function farmers(seed: string, farms: FarmRow[]) {
  return farms.flatMap((f) => {
    const rnd = random(seed, 'agriculture-farmers', f.regionCode, f.year);
    const t = AGRICULTURE_YEARS.indexOf(f.year);
    const lean = 0.12 * t + 0.1 * rnd.normal(); // older each census, and some places older than others
    const weights = AGE_SHARE.map((s, c) => s * Math.exp(lean * (c - 4)));
    const total = weights.reduce((a, w) => a + w, 0);
    return PER_ENTITY.flatMap((per, type) =>
      [1 - WOMEN[type]!, WOMEN[type]!].flatMap((share, sex) =>
        FARMER_AGES.map((_, c) => {
          const persons = Math.round((f.entities * per * share * weights[c]!) / total);
          return {
            regionCode: f.regionCode,
            year: f.year,
            farmersType: type + 1,
            gender: sex + 1,
            ageClass: c + 1,
            persons,
            ageYears: Math.round(persons * (CLASS_AGE[c]! + 0.5 * rnd.normal())),
          };
        }),
      ),
    );
  });
}

const farmsOf = shared((d) => farmEntities(d.seed, leavesOf(d)));

export const SAMPLE = {
  farm_entities: (d) => csvOf('farm_entities', farmsOf(d)),
  farm_businesses: (d) => csvOf('farm_businesses', farmBusinesses(d.seed, farmsOf(d))),
  farmers: (d) => csvOf('farmers', farmers(d.seed, farmsOf(d))),
} satisfies SampleTables;
