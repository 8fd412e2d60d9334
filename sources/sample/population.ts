// Synthetic residents by municipality, year, sex and 5-year age class, drawn UNDER OFFICIAL FIGURES: each
// prefecture's people by sex and 5-year age are the census (1960–2020) or the IPSS 2018 projection
// (2025–2045), and its total the official one (sources/official/). Only the detail below them is
// synthetic: the 85–89 / 90+ split to 2015 (the tables stop at 85 and over), how a prefecture's people
// divide among municipalities (urban shares rising, remote ones falling, smoothly) and wards.
// Every level is an integer table fitted to the level above, so municipalities and wards add up to the
// official figures exactly, for every year, sex and age class. Prefectures and designated cities are
// never generated for 1980 on: the build adds them up from these rows.

import type { City } from '../regions.ts';
import { toCsv } from '../csv.ts';
import { NO_DATA_CITIES } from '../local-gov.ts';
import { nationalByAgeSex, prefectureByAgeSex, prefecturePopulation } from '../official.ts';
import { apportion, fitIntegers } from './fit.ts';
import { random } from './random.ts';
import { citiesOf } from './regions.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

const FIRST_YEAR = 1960;
const FIRST_DETAIL_YEAR = 1980;
export const LAST_ACTUAL_YEAR = 2020;
const LAST_YEAR = 2045;
export const YEARS = range(FIRST_YEAR, LAST_YEAR, 5);
const DETAIL_YEARS = range(FIRST_DETAIL_YEAR, LAST_YEAR, 5);
const CLASSES = range(0, 90, 5);
/** Cells of a region-year: men in the 19 classes, then women. */
const CELLS = 2 * CLASSES.length;

export interface LeafPopulation {
  city: City;
  /** 0 for the most rural municipality of its prefecture, 1 for the most urban. */
  urban: number;
  /** Men and women per 5-year class, by year. */
  byYear: Map<number, { man: number[]; woman: number[] }>;
  /** Residents whose age the census did not learn, by (actual) year. */
  unknown: Map<number, number>;
}

/** The municipalities that carry facts: all but designated cities (their wards do) and no-data villages. */
function leafCities(cities: City[]): City[] {
  return cities.filter((c) => c.bigCityFlag !== '2' && !NO_DATA_CITIES.has(c.cityCode));
}

/** A region-year: 38 cells (men 0–4 … 90+, women 0–4 … 90+) and the people of unknown age. */
interface Cells {
  cells: number[];
  unknown: number;
}

/** The official prefecture total of a year: the census to 2020, the IPSS 2018 projection after. */
function officialTotal(prefCode: number, year: number): number {
  const n = prefecturePopulation(prefCode, year);
  if (n === undefined) throw new Error(`sources/official has no population of prefecture ${prefCode} in ${year}`);
  return n;
}

/**
 * A prefecture's official people of stated age in a year, as 38 cells. To 2015 the tables' last class
 * is 85 and over: its 90+ part is synthetic, the nation's share that year where the census gives it
 * (2005 on), else the 2005 share, smaller the further back (the oldest were fewer), so the split meets
 * 2005 without a step.
 */
function officialCells(prefCode: number, year: number): number[] {
  const a = prefectureByAgeSex(prefCode, year);
  if (!a)
    throw new Error(
      `sources/official has no population of prefecture ${prefCode} by sex and age in ${year}; run npm run anchors`,
    );
  const fold = (v: number[], sex: 'male' | 'female') => {
    if (a.openFrom === 90) return v;
    const share = over90Share(year, sex);
    const [over90] = apportion(v[17]!, [share, 1 - share]);
    return [...v.slice(0, 17), v[17]! - over90!, over90!];
  };
  return [...fold(a.male, 'male'), ...fold(a.female, 'female')];
}

/** The nation's share of 90 and over among people 85 and over (the census gives both from 2005). */
function over90Share(year: number, sex: 'male' | 'female'): number {
  const share = (y: number) => {
    const v = nationalByAgeSex(y)![sex];
    return v.slice(18).reduce((a, x) => a + x, 0) / v.slice(17).reduce((a, x) => a + x, 0);
  };
  return nationalByAgeSex(year)!.openFrom >= 90 ? share(year) : share(2005) * Math.exp(0.015 * (year - 2005));
}

/**
 * How a region's age structure leans from the one above it: towards young adults where it is urban,
 * towards the old where it is not, more so as Japan aged. Fixed per region, so its series stay smooth.
 */
function ageShape(from: number): number {
  if (from < 15) return -0.2;
  if (from < 20) return 0;
  if (from < 45) return from >= 25 && from < 35 ? 1.2 : 1;
  if (from < 65) return 0.3;
  return from < 75 ? -0.8 : -1;
}
const strength = (year: number) => 0.5 + 0.5 * Math.min(1, Math.max(0, (year - 1960) / 60));

function tilt(lean: number, year: number, noise: number[]): number[] {
  return Array.from({ length: CELLS }, (_, c) =>
    Math.exp(lean * strength(year) * ageShape(CLASSES[c % CLASSES.length]!) + noise[c % CLASSES.length]!),
  );
}

const prefectureCache = new Map<number, Map<number, Cells>>();

/**
 * Every prefecture's people by year, sex and age, 1960–2045: the official figures (sources/official),
 * their people of unknown age the official total minus the classes. Where the classes add up to more
 * than the total (長野県 1960: the age table is on today's boundary, the total on 1960's), they are
 * scaled down to it.
 */
export function prefectureCells(): Map<number, Map<number, Cells>> {
  if (prefectureCache.size) return prefectureCache;
  for (let p = 1; p <= 47; p++) {
    const byYear = new Map<number, Cells>();
    for (const year of YEARS) {
      const total = officialTotal(p, year);
      const cells = officialCells(p, year);
      const unknown = total - cells.reduce((a, v) => a + v, 0);
      byYear.set(year, unknown >= 0 ? { cells, unknown } : { cells: apportion(total, cells), unknown: 0 });
    }
    prefectureCache.set(p, byYear);
  }
  return prefectureCache;
}

/**
 * The units a prefecture divides into: a designated city whole (its wards come after), every other
 * municipality on its own. Each has a 2020 share and a drift: the yearly change of its log share.
 */
interface Unit {
  code: string;
  members: City[];
  share2020: number;
  urban: number;
  drift: number;
}

export function samplePopulation(seed: string, cities: City[]): LeafPopulation[] {
  const leaves = leafCities(cities);
  const prefs = prefectureCells();
  const out: LeafPopulation[] = [];
  for (const prefCode of new Set(leaves.map((c) => c.prefCode))) {
    const mine = leaves.filter((c) => c.prefCode === prefCode);
    const shares = shares2020(seed, prefCode, mine);
    const urbanOf = urbanity(mine, shares);
    const units = unitsOf(seed, mine, shares, urbanOf);
    const wards: WardWeights = {
      shares,
      urbanOf,
      drift: new Map(mine.map((c) => [c.cityCode, 0.01 * random(seed, 'ward-drift', c.cityCode).normal()])),
    };
    const byCity = new Map(
      mine.map((c) => [
        c.cityCode,
        { byYear: new Map<number, { man: number[]; woman: number[] }>(), unknown: new Map<number, number>() },
      ]),
    );
    for (const year of DETAIL_YEARS) divideYear(seed, prefs.get(prefCode)!.get(year)!, year, units, wards, byCity);
    for (const c of mine) out.push({ city: c, urban: urbanOf.get(c.cityCode)!, ...byCity.get(c.cityCode)! });
  }
  return out.sort((a, b) => (a.city.cityCode < b.city.cityCode ? -1 : 1));
}

/** How urban each municipality is: its rank by 2020 share within the prefecture (0–1), designated cities' wards at least 0.8. */
function urbanity(mine: City[], shares: Map<string, number>): Map<string, number> {
  const ranked = [...mine].sort(
    (a, b) => shares.get(a.cityCode)! - shares.get(b.cityCode)! || (a.cityCode < b.cityCode ? -1 : 1),
  );
  return new Map(
    mine.map((c) => {
      const rank = ranked.indexOf(c) / Math.max(1, ranked.length - 1);
      return [c.cityCode, c.bigCityFlag === '0' ? rank : Math.max(rank, 0.8)] as const;
    }),
  );
}

/** The prefecture's units, each with its 2020 share, how urban its most urban member is, and its drift. */
function unitsOf(seed: string, mine: City[], shares: Map<string, number>, urbanOf: Map<string, number>): Unit[] {
  const units: Unit[] = [];
  for (const c of mine) {
    const code = c.bigCityFlag === '1' ? c.designatedCityCode : c.cityCode;
    let unit = units.find((u) => u.code === code);
    if (!unit) units.push((unit = { code, members: [], share2020: 0, urban: 0, drift: 0 }));
    unit.members.push(c);
    unit.share2020 += shares.get(c.cityCode)!;
    unit.urban = Math.max(unit.urban, urbanOf.get(c.cityCode)!);
  }
  for (const u of units) u.drift = 0.025 * (u.urban - 0.5) + 0.004 * random(seed, 'drift', u.code).normal();
  return units;
}

/** What a designated city's wards are weighed by: their 2020 shares, how urban they are and their own drifts. */
interface WardWeights {
  shares: Map<string, number>;
  urbanOf: Map<string, number>;
  drift: Map<string, number>;
}

/** One year's prefecture cells divided among the units, and a designated city's among its wards, into `byCity`. */
function divideYear(
  seed: string,
  whole: Cells,
  year: number,
  units: Unit[],
  wards: WardWeights,
  byCity: Map<string, Omit<LeafPopulation, 'city' | 'urban'>>,
): void {
  const years = driftYears(year);
  const parts = split(
    seed,
    whole,
    year,
    units.map((u) => ({
      code: u.code,
      weight: u.share2020 * Math.exp(u.drift * years),
      lean: 1.6 * (u.urban - 0.5),
    })),
  );
  units.forEach((u, k) => {
    // A designated city (a unit whose members are its wards) divides among them the same way, their shares drifting a little.
    const cells =
      u.members[0]!.cityCode === u.code
        ? [parts[k]!]
        : split(
            seed,
            parts[k]!,
            year,
            u.members.map((w) => ({
              code: w.cityCode,
              weight: wards.shares.get(w.cityCode)! * Math.exp(wards.drift.get(w.cityCode)! * years),
              lean: 0.4 * (wards.urbanOf.get(w.cityCode)! - 0.8),
            })),
          );
    u.members.forEach((c, w) => {
      const { cells: leafCells, unknown } = cells[w]!;
      const leaf = byCity.get(c.cityCode)!;
      leaf.byYear.set(year, { man: leafCells.slice(0, CLASSES.length), woman: leafCells.slice(CLASSES.length) });
      if (year <= LAST_ACTUAL_YEAR) leaf.unknown.set(year, unknown);
    });
  });
}

/**
 * Years of drift from 2020 (negative before), weighted: concentration ran at full speed to the 1990s
 * and at half speed since, so urban places grow longest and remote ones shrink first.
 */
function driftYears(year: number): number {
  const pace = (y: number) => 0.5 + 0.5 / (1 + Math.exp((y - 2000) / 12));
  let sum = 0;
  for (let y = Math.min(year, 2020); y < Math.max(year, 2020); y++) sum += pace(y + 0.5);
  return year < 2020 ? -sum : sum;
}

/**
 * Divides a region-year's cells among parts with these weights (relative sizes) and leans: integers
 * whose columns add up to the region's exactly, sizes in proportion to the weights.
 */
function split(
  seed: string,
  whole: Cells,
  year: number,
  parts: { code: string; weight: number; lean: number }[],
): Cells[] {
  const totalWeight = parts.reduce((a, p) => a + p.weight, 0);
  const all = whole.cells.reduce((a, v) => a + v, 0) + whole.unknown;
  const unknown = apportion(
    whole.unknown,
    parts.map((p) => p.weight * (0.5 + Math.max(0, p.lean))),
  );
  const stated = apportion(
    all - whole.unknown,
    parts.map((p, i) => Math.max(0, (all * p.weight) / totalWeight - unknown[i]!)),
  );
  const seedTable = parts.map((p) => {
    const rnd = random(seed, 'age-noise', p.code);
    const t = tilt(
      p.lean,
      year,
      CLASSES.map(() => 0.04 * rnd.normal()),
    );
    return whole.cells.map((n, c) => n * t[c]!);
  });
  const fitted = fitIntegers(seedTable, stated, whole.cells);
  return parts.map((_, i) => ({ cells: fitted[i]!, unknown: unknown[i]! }));
}

/**
 * Each municipality's share of its prefecture in 2020. Big cities are drawn as wholes: the designated
 * cities of a prefecture take 30–70% of it and Tokyo's 23 special wards together about two thirds, like
 * the real ones, and split that among their wards; the other municipalities share the rest, the capital
 * weighing most.
 */
/** Relative size by the kind of municipality its name ends with: 市, 町, 村. */
const KIND_WEIGHT: Record<string, number> = { 市: 8, 町: 1, 村: 0.3 };

function shares2020(seed: string, prefCode: number, mine: City[]): Map<string, number> {
  const rnd = random(seed, 'shares', prefCode);
  const units = new Map<string, City[]>();
  for (const c of mine) {
    const unit = c.bigCityFlag === '1' ? c.designatedCityCode : c.bigCityFlag === '3' ? 'special-wards' : c.cityCode;
    units.set(unit, [...(units.get(unit) ?? []), c]);
  }
  const big = [...units.keys()].filter((u) => units.get(u)!.length > 1 || u === 'special-wards');
  const bigShare =
    big.length === 0
      ? 0
      : big.includes('special-wards')
        ? 0.68 + 0.02 * rnd.normal()
        : Math.min(0.7, 0.3 + 0.12 * (big.length - 1) + 0.05 * rnd.normal());
  const weights = new Map<string, number>();
  for (const u of units.keys()) {
    const z = Math.max(-2.5, Math.min(2.2, random(seed, 'weight', u).normal()));
    // The first designated city of a prefecture is its largest (Yokohama, Osaka, Fukuoka…).
    // Cities are larger than towns and towns than villages, the prefectural capital (XX201) most of all.
    const kind = big.includes(u) ? 1 : (KIND_WEIGHT[units.get(u)![0]!.cityName.slice(-1)] ?? 1);
    weights.set(
      u,
      big.includes(u)
        ? Math.exp(0.3 * z) * (u === big[0] ? 2.5 : 1)
        : Math.exp(0.6 * z) * kind * (u.endsWith('201') ? 4 : 1),
    );
  }
  const sum = (us: string[]) => us.reduce((a, u) => a + weights.get(u)!, 0);
  const small = [...units.keys()].filter((u) => !big.includes(u));
  const out = new Map<string, number>();
  for (const [u, members] of units) {
    const share = big.includes(u)
      ? (bigShare * weights.get(u)!) / sum(big)
      : ((1 - bigShare) * weights.get(u)!) / sum(small);
    const w = members.map((c) => Math.exp(0.4 * random(seed, 'ward', c.cityCode).normal()));
    const total = w.reduce((a, x) => a + x, 0);
    members.forEach((c, i) => out.set(c.cityCode, (share * w[i]!) / total));
  }
  return out;
}

/** Prefecture-level broad groups for 1960–1975, before municipal detail starts: the prefecture's own cells. */
function earlyPrefectureGroups() {
  const rows: { regionCode: string; year: number; ageGroup: string; count: number }[] = [];
  for (const [prefCode, byYear] of prefectureCells()) {
    for (const year of YEARS.filter((y) => y < FIRST_DETAIL_YEAR)) {
      const { cells, unknown } = byYear.get(year)!;
      const sum = { young: 0, working: 0, old: 0 };
      cells.forEach((n, c) => (sum[groupOf(CLASSES[c % CLASSES.length]!)] += n));
      for (const [ageGroup, count] of Object.entries({ ...sum, unknown }))
        rows.push({ regionCode: String(prefCode).padStart(2, '0'), year, ageGroup, count });
    }
  }
  return rows;
}

const groupOf = (from: number) => (from < 15 ? 'young' : from < 65 ? 'working' : 'old');

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

/** The leaf municipalities' residents, which most other tables of the sample are drawn from. */
export const leavesOf = shared((d) => samplePopulation(d.seed, citiesOf(d)));

export const SAMPLE = {
  population_years: () =>
    csvOf(
      'population_years',
      YEARS.map((year) => ({ year, kind: year <= LAST_ACTUAL_YEAR ? 'actual' : 'projection' })),
    ),
  population_by_age_sex: (d) => toCsv(['regionCode', 'year', 'sex', 'ageFrom', 'count'], detailRows(leavesOf(d))),
  population_by_age_group: (d) =>
    csvOf('population_by_age_group', [
      ...earlyPrefectureGroups(),
      ...leavesOf(d).flatMap((l) =>
        [...l.unknown].map(([year, count]) => ({ regionCode: l.city.cityCode, year, ageGroup: 'unknown', count })),
      ),
    ]),
} satisfies SampleTables;

function* detailRows(leaves: LeafPopulation[]) {
  for (const leaf of leaves) {
    for (const [year, { man, woman }] of leaf.byYear) {
      for (const [i, count] of man.entries()) yield [leaf.city.cityCode, year, 'male', i * 5, count];
      for (const [i, count] of woman.entries()) yield [leaf.city.cityCode, year, 'female', i * 5, count];
    }
  }
}
