// Residents by municipality, year, sex and 5-year age class, drawn UNDER OFFICIAL FIGURES: each
// prefecture's people by sex and 5-year age are the census (1960–2020) or the IPSS 2018 projection
// (2025–2045), and its total the official one (sources/official/); each municipality's (and 2020's wards')
// are the census in 1980 and 2020 (municipal-age.csv), and IPSS 2018's in 2025–2045 wherever IPSS gives the
// municipality or ward (municipal-projection.csv). Only the rest is synthetic: the 85–89 / 90+ split of the
// prefectures 1985–2015 (the tables stop at 85 and over), the municipalities 1985–2015 (moving smoothly from
// one census to the next: population-anchors.ts), 福島県's in 2025–2045 (on from 2020, under what IPSS's
// prefecture is), and the wards but in 2020 and where IPSS gives them (it gives 8 designated cities whole).
// Every synthetic level is an integer table fitted to the level above, so municipalities and wards add up
// to the official figures exactly. In a census year they are the census, whose municipalities of today do
// not add up to three prefectures of 1980 (東京都 by 37, 長野県 and 岐阜県 by 山口村's 2,148, in 長野県 in
// 1980 and in 岐阜県 中津川市 today): those prefecture-years get rows of their own, which the build keeps
// over the sum (RESAS, too, showed both). IPSS's municipalities add up to its prefectures exactly (npm run
// anchors checks it). Other prefectures and designated cities are never generated for 1980 on: the build
// adds them up from these rows.

import { prefRegion, type City } from '../regions.ts';
import { toCsv } from '../csv.ts';
import { NO_DATA_CITIES } from '../local-gov.ts';
import { municipalAgeYears, municipalByAgeSex, municipalProjectionYears } from '../official-statistics.ts';
import { nationalByAgeSex, prefectureByAgeSex, prefecturePopulation } from '../official.ts';
import { apportion, fitIntegers } from './fit.ts';
import {
  addCells,
  censusCells,
  censusYears,
  municipalPart,
  projectedCells,
  wardPart,
  type Anchored,
  type Cells,
  type Part,
} from './population-anchors.ts';
import { random } from './random.ts';
import { citiesOf } from './regions.ts';
import { csvOf, makes, shared, type Draws, type SampleTables } from './shared.ts';
import type { TableName } from '../tables.ts';

const FIRST_YEAR = 1960;
const FIRST_DETAIL_YEAR = 1980;
export const LAST_ACTUAL_YEAR = 2020;
const LAST_YEAR = 2045;
export const YEARS = range(FIRST_YEAR, LAST_YEAR, 5);
const DETAIL_YEARS = range(FIRST_DETAIL_YEAR, LAST_YEAR, 5);
const CLASSES = range(0, 90, 5);

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

/** The official prefecture total of a year: the census to 2020, the IPSS 2018 projection after. */
function officialTotal(prefCode: number, year: number): number {
  const n = prefecturePopulation(prefCode, year);
  if (n === undefined) throw new Error(`sources/official has no population of prefecture ${prefCode} in ${year}`);
  return n;
}

/**
 * A prefecture's official people of stated age in a year, as 38 cells. To 2015 the tables' last class
 * is 85 and over: in 1980 the census table of that year splits it (municipal-age.csv); in the other years
 * its 90+ part is synthetic, the nation's share (over90Share).
 */
function officialCells(prefCode: number, year: number): number[] {
  const a = prefectureByAgeSex(prefCode, year);
  if (!a)
    throw new Error(
      `sources/official has no population of prefecture ${prefCode} by sex and age in ${year}; run npm run anchors`,
    );
  const census = municipalByAgeSex(prefRegion(prefCode), year);
  const fold = (v: number[], sex: 'male' | 'female') => {
    if (a.openFrom === 90) return v;
    if (census) return censusSplit(v, census[sex], `${prefCode} ${year} ${sex}`);
    const share = over90Share(year, sex);
    const [over90] = apportion(v[17]!, [share, 1 - share]);
    return [...v.slice(0, 17), v[17]! - over90!, over90!];
  };
  return [...fold(a.male, 'male'), ...fold(a.female, 'female')];
}

/** 85歳以上 (`v[17]`) split as the census table of the year splits it, which must add up to it. */
function censusSplit(v: number[], census: number[], what: string): number[] {
  if (census[17]! + census[18]! !== v[17])
    throw new Error(
      `sources/official: the 85+ of prefecture ${what} differ in prefecture-age.csv and municipal-age.csv`,
    );
  return [...v.slice(0, 17), census[17]!, census[18]!];
}

/**
 * The nation's share of 90 and over among people 85 and over: the census's where it gives both (1980 by
 * its prefectures, 2005 on); between 1980 and 2005 moving geometrically from one to the other, before
 * 1980 smaller the further back (the oldest were fewer), so the split has no step.
 */
function over90Share(year: number, sex: 'male' | 'female'): number {
  const share = (v: number[]) => v.slice(18).reduce((a, x) => a + x, 0) / v.slice(17).reduce((a, x) => a + x, 0);
  if (nationalByAgeSex(year)!.openFrom >= 90) return share(nationalByAgeSex(year)![sex]);
  const [first, later] = [share(census1980(sex)), share(nationalByAgeSex(2005)![sex])];
  if (year < 1980) return first * Math.exp(0.015 * (year - 1980));
  const t = (year - 1980) / (2005 - 1980);
  return first ** (1 - t) * later ** t;
}

/** The 47 prefectures' 1980 census classes to 90歳～ added up (made once: every prefecture-year before 2005 asks). */
function census1980(sex: 'male' | 'female'): number[] {
  const known = census1980Cache.get(sex);
  if (known) return known;
  const out = new Array<number>(19).fill(0);
  for (let p = 1; p <= 47; p++) {
    const c = municipalByAgeSex(prefRegion(p), 1980);
    if (!c) throw new Error(`sources/official has no 1980 census of prefecture ${p}; run npm run anchors`);
    c[sex].forEach((v, i) => (out[i]! += v));
  }
  census1980Cache.set(sex, out);
  return out;
}

const census1980Cache = new Map<'male' | 'female', number[]>();

const prefectureCache = new Map<number, Map<number, Cells>>();

/**
 * Every prefecture's people by year, sex and age, 1960–2045: the official figures (sources/official),
 * their people of unknown age the official total minus the classes. Where the classes add up to more
 * than the total (長野県 1960: the age table is on today's boundary, the total on 1960's), they are
 * scaled down to it.
 */
export function prefectureCells(): Map<number, Map<number, Cells>> {
  return new Map(PREF_CODES.map((p) => [p, prefectureYears(p)]));
}

const PREF_CODES = range(1, 47, 1);

/** One prefecture's cells by year (prefectureCells): a share of the sample makes only its own. */
function prefectureYears(p: number): Map<number, Cells> {
  const known = prefectureCache.get(p);
  if (known) return known;
  const byYear = new Map<number, Cells>();
  for (const year of YEARS) {
    const total = officialTotal(p, year);
    const cells = officialCells(p, year);
    const unknown = total - cells.reduce((a, v) => a + v, 0);
    byYear.set(year, unknown >= 0 ? { cells, unknown } : { cells: apportion(total, cells), unknown: 0 });
  }
  prefectureCache.set(p, byYear);
  return byYear;
}

/**
 * The units a prefecture divides into: a designated city whole (its wards come after), every other
 * municipality on its own, each with its census cells in the census years (population-anchors.ts).
 */
interface Unit {
  code: string;
  members: City[];
  anchored: Anchored;
}

/** A region's census cells of a year, which the anchor must give (else the anchor file is older than the region list). */
function mustCensus(code: string, year: number, parts: string[] = []): Cells {
  const c = censusCells(code, year, parts);
  if (!c)
    throw new Error(
      `sources/official has no census of ${code} by sex and age in ${year}; run npm run anchors (municipal-age.csv)`,
    );
  return c;
}

export function samplePopulation(seed: string, cities: City[]): LeafPopulation[] {
  const leaves = leafCities(cities);
  const out: LeafPopulation[] = [];
  for (const prefCode of new Set(leaves.map((c) => c.prefCode))) {
    const mine = leaves.filter((c) => c.prefCode === prefCode);
    const units = unitsOf(mine);
    const urbanOf = urbanity(mine);
    const byCity = new Map(
      mine.map((c) => [
        c.cityCode,
        { byYear: new Map<number, { man: number[]; woman: number[] }>(), unknown: new Map<number, number>() },
      ]),
    );
    const whole = prefectureYears(prefCode);
    for (const year of DETAIL_YEARS) divideYear(seed, whole.get(year)!, year, units, byCity);
    for (const c of mine) out.push({ city: c, urban: urbanOf.get(c.cityCode)!, ...byCity.get(c.cityCode)! });
  }
  return out.sort((a, b) => (a.city.cityCode < b.city.cityCode ? -1 : 1));
}

/** How urban each municipality is: its rank by 2020 census population within the prefecture (0–1), designated cities' wards at least 0.8. */
function urbanity(mine: City[]): Map<string, number> {
  const last = censusYears().at(-1)!;
  const size = new Map(mine.map((c) => [c.cityCode, mustCensus(c.cityCode, last).cells.reduce((a, v) => a + v, 0)]));
  const ranked = [...mine].sort(
    (a, b) => size.get(a.cityCode)! - size.get(b.cityCode)! || (a.cityCode < b.cityCode ? -1 : 1),
  );
  return new Map(
    mine.map((c) => {
      const rank = ranked.indexOf(c) / Math.max(1, ranked.length - 1);
      return [c.cityCode, c.bigCityFlag === '0' ? rank : Math.max(rank, 0.8)] as const;
    }),
  );
}

/** The prefecture's units, each with its census cells and those of all units together in the first and last census year. */
function unitsOf(mine: City[]): Unit[] {
  const groups = new Map<string, City[]>();
  for (const c of mine) {
    const code = c.bigCityFlag === '1' ? c.designatedCityCode : c.cityCode;
    groups.set(code, [...(groups.get(code) ?? []), c]);
  }
  const [first, last] = [censusYears()[0]!, censusYears().at(-1)!];
  const cells = [...groups].map(([code, members]) => {
    const wards = members[0]!.cityCode === code ? [] : members.map((m) => m.cityCode);
    return { code, members, first: mustCensus(code, first, wards), last: mustCensus(code, last, wards) };
  });
  const firstAll = addCells(cells.map((c) => c.first));
  const lastAll = addCells(cells.map((c) => c.last));
  return cells.map(({ code, members, first, last }) => ({
    code,
    members,
    anchored: { first, last, firstAll, lastAll },
  }));
}

/**
 * One year's prefecture cells divided among the units, and a designated city's among its wards, into
 * `byCity`. The units the anchors give (anchoredCells) are theirs; the others' parts (population-anchors.ts)
 * are fitted to what those leave of the prefecture's cells.
 */
function divideYear(
  seed: string,
  whole: Cells,
  year: number,
  units: Unit[],
  byCity: Map<string, Omit<LeafPopulation, 'city' | 'urban'>>,
): void {
  const parts = drawRest(
    whole,
    year,
    units,
    units.map((u) => anchoredCells(u, year)),
  );
  units.forEach((u, k) => {
    const cells = wardsOf(u).length === 0 ? [parts[k]!] : divideCity(seed, u, parts[k]!, year);
    u.members.forEach((c, w) => {
      const { cells: leafCells, unknown } = cells[w]!;
      const leaf = byCity.get(c.cityCode)!;
      leaf.byYear.set(year, { man: leafCells.slice(0, CLASSES.length), woman: leafCells.slice(CLASSES.length) });
      if (year <= LAST_ACTUAL_YEAR) leaf.unknown.set(year, unknown);
    });
  });
}

/**
 * A unit's cells of a year where the anchors give them: the census in its years (every unit); after 2020
 * IPSS 2018's, for a municipality, a designated city it gives whole, or one whose wards it gives. Undefined
 * for the others (福島県's municipalities after 2020, every unit 1985–2015).
 */
function anchoredCells(u: Unit, year: number): Cells | undefined {
  if (censusYears().includes(year)) return mustCensus(u.code, year, wardsOf(u));
  return year > LAST_ACTUAL_YEAR ? projectedCells(u.code, year, wardsOf(u)) : undefined;
}

/**
 * The units' cells: the anchored ones as they are, the others drawn from what those leave of the prefecture
 * (all of it 1985–2015, none of it where IPSS gives every municipality: which must then add up exactly).
 */
function drawRest(whole: Cells, year: number, units: Unit[], anchored: (Cells | undefined)[]): Cells[] {
  // Census years keep the census as it is, even where it does not add up to the prefecture (1980).
  if (censusYears().includes(year)) return anchored as Cells[];
  const given = addCells(anchored.filter((c) => c !== undefined));
  const left = [whole.unknown - given.unknown, ...whole.cells.map((n, i) => n - given.cells[i]!)];
  const rest = units.filter((_, k) => !anchored[k]);
  if (rest.length === 0 ? left.some((n) => n !== 0) : left.some((n) => n < 0))
    throw new Error(
      `sources/official: prefecture ${units[0]!.members[0]!.prefCode}'s municipalities in municipal-projection.csv do not add up to its ${year} cells; run npm run anchors`,
    );
  if (rest.length === 0) return anchored as Cells[];
  const [first, last] = [censusYears()[0]!, censusYears().at(-1)!];
  const t = (year - first) / (last - first);
  const remainder: Cells = { cells: left.slice(1), unknown: left[0]! };
  const drawn = split(
    remainder,
    rest.map((u) => municipalPart(u.anchored, t, remainder)),
  );
  return anchored.map((c) => c ?? drawn.shift()!);
}

/** A designated city's wards (none for a unit that is a municipality on its own). */
const wardsOf = (u: Unit): string[] => (u.members[0]!.cityCode === u.code ? [] : u.members.map((m) => m.cityCode));

/**
 * A designated city's year divided among its wards: the census or IPSS where they give every ward (2020;
 * 2025–2045 but for the 8 cities IPSS gives whole), else each ward's 2020 share of the city's cells, its
 * total drifting a little from 2020's (synthetic).
 */
function divideCity(seed: string, u: Unit, city: Cells, year: number): Cells[] {
  const own = u.members.map((w) => censusCells(w.cityCode, year) ?? projectedCells(w.cityCode, year));
  if (own.every((c) => c)) return own as Cells[];
  const last = censusYears().at(-1)!;
  const years = driftYears(year);
  return split(
    city,
    u.members.map((w) =>
      wardPart(
        mustCensus(w.cityCode, last),
        u.anchored.last,
        0.01 * random(seed, 'ward-drift', w.cityCode).normal() * years,
        city,
      ),
    ),
  );
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
 * Divides a region-year's cells among parts with these weights (relative sizes) and seeds: integers
 * whose columns add up to the region's exactly, sizes in proportion to the weights.
 */
function split(whole: Cells, parts: Part[]): Cells[] {
  const totalWeight = parts.reduce((a, p) => a + p.weight, 0);
  const all = whole.cells.reduce((a, v) => a + v, 0) + whole.unknown;
  const unknown = apportion(
    whole.unknown,
    parts.map((p) => p.unknownWeight),
  );
  const stated = apportion(
    all - whole.unknown,
    parts.map((p, i) => Math.max(0, (all * p.weight) / totalWeight - unknown[i]!)),
  );
  const fitted = fitIntegers(
    parts.map((p) => p.seed),
    stated,
    whole.cells,
  );
  return parts.map((_, i) => ({ cells: fitted[i]!, unknown: unknown[i]! }));
}

/** Prefecture-level broad groups for 1960–1975, before municipal detail starts: the prefecture's own cells. */
function earlyPrefectureGroups(d: Draws) {
  const rows: { regionCode: string; year: number; ageGroup: string; count: number }[] = [];
  for (const prefCode of PREF_CODES.filter((p) => makes(d, p))) {
    const byYear = prefectureYears(prefCode);
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

/** What every population table, and so most of the sample, starts from: the official prefecture and municipal anchors, read and fitted. */
export function warmPopulation(): void {
  prefectureCells();
  municipalAgeYears();
  municipalProjectionYears();
}

/** The leaf municipalities' residents (of the share's prefecture only, for a share), which most other tables of the sample are drawn from. */
export const leavesOf = shared((d) =>
  samplePopulation(
    d.seed,
    citiesOf(d).filter((c) => makes(d, c.prefCode)),
  ),
);

/**
 * The tables whose prefecture's rows are made apart (a first on-demand answer generates one prefecture,
 * not 47): every prefecture's municipalities are drawn under its own official cells alone, so a share's
 * rows are the whole's rows of that prefecture, in their order (a test holds them to it).
 */
export const BY_PREFECTURE: readonly TableName[] = ['population_by_age_sex', 'population_by_age_group'];

export const SAMPLE = {
  population_years: () =>
    csvOf(
      'population_years',
      YEARS.map((year) => ({ year, kind: year <= LAST_ACTUAL_YEAR ? 'actual' : 'projection' })),
    ),
  population_by_age_sex: (d) =>
    toCsv(['regionCode', 'year', 'sex', 'ageFrom', 'count'], [...detailRows(leavesOf(d)), ...ownPrefectureRows(d)]),
  population_by_age_group: (d) =>
    csvOf('population_by_age_group', [
      ...earlyPrefectureGroups(d),
      ...ownPrefectureYears(d).map(({ prefCode, year, cells }) => ({
        regionCode: prefRegion(prefCode),
        year,
        ageGroup: 'unknown',
        count: cells.unknown,
      })),
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

/**
 * The prefecture-years whose municipalities do not add up to the prefecture's official cells (in a census
 * year, where both are the census: 東京都, 長野県 and 岐阜県 in 1980), with the prefecture's cells.
 */
function ownPrefectureYears(d: Draws): { prefCode: number; year: number; cells: Cells }[] {
  const leaves = leavesOf(d);
  const out: { prefCode: number; year: number; cells: Cells }[] = [];
  for (const prefCode of PREF_CODES.filter((p) => makes(d, p)))
    for (const year of censusYears()) {
      const mine = leaves.filter((l) => l.city.prefCode === prefCode);
      const sum = addCells(
        mine.map((l) => {
          const y = l.byYear.get(year)!;
          return { cells: [...y.man, ...y.woman], unknown: l.unknown.get(year) ?? 0 };
        }),
      );
      const own = prefectureYears(prefCode).get(year)!;
      if (sum.unknown !== own.unknown || sum.cells.some((v, i) => v !== own.cells[i]))
        out.push({ prefCode, year, cells: own });
    }
  return out;
}

function* ownPrefectureRows(d: Draws) {
  for (const { prefCode, year, cells } of ownPrefectureYears(d))
    for (const [i, count] of cells.cells.entries())
      yield [prefRegion(prefCode), year, i < CLASSES.length ? 'male' : 'female', (i % CLASSES.length) * 5, count];
}
