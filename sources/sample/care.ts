// Synthetic long-term care facts: each municipality's insurer (a designated city insures its wards, every
// other municipality itself), and per municipality and year the persons certified by care level, the users
// of each kind of service, the facilities and places of each service, the care workers and nurses, the
// costs; per insurer the monthly premium. All follow the municipality's population aged 65 and over, with
// rates near Japan's (about 18 % of the elderly certified, three users in four at home, premiums of about
// 5,000 yen a month in 2012 rising to 6,000 in 2021, set for the three years of each insurance plan).

import type { City } from '../regions.ts';
import { CARE_LEVELS, CARE_MATTERS, CARE_SERVICES } from '../care-codes.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { citiesOf } from './regions.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

const yearsOf = (code: string) => {
  const years = Object.values(CARE_MATTERS.find((m) => m.code === code)!.years).flat();
  return [...new Set(years)].sort((a, b) => a - b);
};

/** Residents aged 65 and over in `year`, between the census (and projection) years around it. */
function elderlyAt(leaf: LeafPopulation, year: number): number {
  const old = (y: number) => {
    const p = leaf.byYear.get(y);
    return p ? [...p.man.slice(13), ...p.woman.slice(13)].reduce((a, b) => a + b, 0) : undefined;
  };
  const before = year - (year % 5);
  const a = old(before);
  const b = old(before + 5);
  if (a === undefined) return b ?? 0;
  if (b === undefined) return a;
  return a + ((b - a) * (year - before)) / 5;
}

/** The insurer of each municipality that carries facts: a ward's designated city, or itself. */
function careInsurers(leaves: LeafPopulation[], cities: City[]) {
  const names = new Map(cities.map((c) => [c.cityCode, c.cityName]));
  return leaves.map((l) => {
    const insurer = l.city.designatedCityCode || l.city.cityCode;
    return { insurerCode: insurer, insurerName: names.get(insurer)!, cityCode: l.city.cityCode };
  });
}

// Care levels' shares of the certified (要支援1 … 要介護5); 経過的要介護 existed only until 2008.
const LEVEL_SHARE = [0.15, 0.14, 0.01, 0.2, 0.17, 0.13, 0.12, 0.09];
// Kinds of service: share of users, and annual cost per user (thousand yen).
const KIND_SHARE = [0.72, 0.08, 0.2];
const KIND_COST = [1_250, 3_000, 3_400];
// Per service (in CARE_SERVICES' order): facilities per 10,000 elderly in 2021, and places per facility.
const SERVICES = CARE_SERVICES.flatMap(([, , services]) => services.map(([code]) => code));
const FACILITIES = [
  9, 0.5, 4, 1.5, 12, 0.03, 2.4, 2.4, 3, 1.1, 2.3, 11, 0.6, 1, 1.5, 0.3, 0.2, 5.5, 3.5, 1.5, 0.1, 2.3, 1.2, 0.1, 0.7,
];
const PLACES = [0, 0, 0, 0, 25, 10, 30, 0, 20, 8, 0, 0, 0, 12, 29, 0, 29, 15, 17, 50, 25, 70, 90, 40, 29];

type Row = { matter2: string; year: number; regionCode: string; classCode: string; count: number };

/** Every care count of every municipality that carries facts, each on its own random stream. */
function careCounts(seed: string, leaves: LeafPopulation[]): Row[] {
  const rows: Row[] = [];
  for (const leaf of leaves) {
    const rnd = random(seed, 'care', leaf.city.cityCode);
    const push = (matter2: string, year: number, classCode: string, count: number) =>
      rows.push({ matter2, year, regionCode: leaf.city.cityCode, classCode, count: Math.max(0, Math.round(count)) });
    const need = Math.exp(0.1 * rnd.normal()); // some places certify more than others
    const supply = SERVICES.map(() => Math.exp(0.35 * rnd.normal()));
    const certified = (y: number) => elderlyAt(leaf, y) * need * (0.16 + 0.002 * (y - 2006));
    // 経過的要介護 ended in 2008, and services without places (visits) have none: no rows for them.
    for (const y of yearsOf('102'))
      CARE_LEVELS.forEach(
        (_, i) => (i !== 2 || y <= 2008) && push('102', y, String(i + 1), certified(y) * LEVEL_SHARE[i]!),
      );
    for (const y of yearsOf('101'))
      KIND_SHARE.forEach((s, k) =>
        push('101', y, String(k + 1), certified(y) * 0.85 * s * Math.exp(0.05 * rnd.normal())),
      );
    for (const y of yearsOf('302'))
      KIND_SHARE.forEach((s, k) =>
        push('302', y, String(k + 1), certified(y) * 0.85 * s * KIND_COST[k]! * (1 + 0.015 * (y - 2010))),
      );
    const facilities = (y: number, i: number) =>
      (elderlyAt(leaf, y) / 10_000) * FACILITIES[i]! * supply[i]! * Math.pow(0.97, 2021 - y);
    for (const y of yearsOf('201')) SERVICES.forEach((code, i) => push('201', y, code, facilities(y, i)));
    for (const y of yearsOf('202'))
      SERVICES.forEach(
        (code, i) =>
          PLACES[i]! > 0 && push('202', y, code, facilities(y, i) * PLACES[i]! * Math.exp(0.1 * rnd.normal())),
      );
    for (const y of yearsOf('203'))
      push('203', y, '-', elderlyAt(leaf, y) * 0.055 * need * Math.exp(0.1 * rnd.normal()));
    for (const y of yearsOf('204'))
      push('204', y, '-', elderlyAt(leaf, y) * 0.012 * need * Math.exp(0.1 * rnd.normal()));
  }
  return rows;
}

/** The plan periods' national average premium (yen a month): 2012–2014, 2015–2017, 2018–2020, 2021–2023. */
const PREMIUMS: [from: number, premium: number][] = [
  [2012, 4_972],
  [2015, 5_514],
  [2018, 5_869],
  [2021, 6_014],
];

/** Each insurer's premium per year (one per plan period) and its first-insured persons (its elderly). */
function carePremiums(seed: string, leaves: LeafPopulation[], insurers: ReturnType<typeof careInsurers>) {
  const members = new Map<string, LeafPopulation[]>();
  insurers.forEach((ins, i) =>
    (members.get(ins.insurerCode) ?? members.set(ins.insurerCode, []).get(ins.insurerCode)!).push(leaves[i]!),
  );
  return [...members].flatMap(([insurerCode, leafs]) => {
    const rnd = random(seed, 'care-premium', insurerCode);
    const factors = PREMIUMS.map(() => Math.exp(0.08 * rnd.normal()));
    return yearsOf('301').map((year) => {
      const period = PREMIUMS.findLastIndex(([from]) => from <= year);
      return {
        insurerCode,
        year,
        premium: Math.round((PREMIUMS[period]![1] * factors[period]!) / 10) * 10,
        insured: Math.round(leafs.reduce((a, l) => a + elderlyAt(l, year), 0)),
      };
    });
  });
}

const insurersOf = shared((d) => careInsurers(leavesOf(d), citiesOf(d)));

export const SAMPLE = {
  care_insurers: (d) => csvOf('care_insurers', insurersOf(d)),
  care_counts: (d) => csvOf('care_counts', careCounts(d.seed, leavesOf(d))),
  care_premiums: (d) => csvOf('care_premiums', carePremiums(d.seed, leavesOf(d), insurersOf(d))),
} satisfies SampleTables;
