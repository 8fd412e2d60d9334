// Synthetic vital events and moves: births (by the mother's age), deaths, in-migrants and out-migrants of
// every leaf municipality per calendar year, drawn so that they account for the sample's own population:
// for each census interval Y → Y+5 (1980–2020), the events of the calendar years Y+1 … Y+5 add up to the
// change of the total population (people of unknown age included), births − deaths + in − out.
// Births and deaths follow the residents by age (fertility that fell to the 2000s and rose a little,
// lower where urban; mortality that falls with time and doubles about every seven years of age); net
// migration is what remains of each interval's change, spread over its five years, on top of gross
// moves that are largest in urban places and wards. 2021 and 2022 continue the last interval's trend.
// The table holds the years the original's last release gave: municipalities' events 1994–2021; before
// 1994 (to 1960) a prefecture's own rows, the sum of its municipalities' from 1981 (in 1981 with the gap between
// its own 1980 census and its municipalities of today: censusGap) and drawn from its own
// residents before (the prefecture's cells go back to 1960, municipal detail only to 1980).

import { NO_DATA_CITIES } from '../local-gov.ts';
import { apportion } from './fit.ts';
import { LAST_ACTUAL_YEAR, leavesOf, prefectureCells, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

/** The years drawn for each municipality; births by mother's age need 2022 (the period 2018-2022). */
const FIRST_VITAL_YEAR = 1981;
const LAST_VITAL_YEAR = 2022;
/** The years the table holds, as the original gave them: municipalities 1994–2021, prefectures from 1960. */
const MUNICIPAL_EVENTS_FROM = 1994;
const PREFECTURE_EVENTS_FROM = 1960;
const LAST_EVENT_YEAR = 2021;
const MOTHER_AGES = [15, 20, 25, 30, 35, 40, 45];
/** Five-year periods centred on the census years 1985–2020: 1983-1987 … 2018-2022. */
const BIRTH_PERIODS = Array.from({ length: 8 }, (_, i) => 1983 + 5 * i);
const periodText = (from: number) => `${from}-${from + 4}`;

interface VitalRow {
  regionCode: string;
  year: number;
  births: number;
  deaths: number;
  inMigrants: number;
  outMigrants: number;
}

interface MotherAgeRow {
  regionCode: string;
  period: string;
  ageFrom: number;
  births: number;
}

/** The nation's total fertility rate (rounded official figures), interpolated between these years. */
const TFR: [number, number][] = [
  [1960, 2.0],
  [1965, 2.14],
  [1970, 2.13],
  [1975, 1.91],
  [1980, 1.75],
  [1985, 1.76],
  [1990, 1.54],
  [1995, 1.42],
  [2000, 1.36],
  [2005, 1.26],
  [2010, 1.39],
  [2015, 1.45],
  [2020, 1.33],
  [2022, 1.26],
];
/** Share of a woman's births in each mother's class (15 … 45), in 1980 and in 2020: mothers grew older. */
const SCHEDULE_1980 = [0.01, 0.22, 0.5, 0.22, 0.045, 0.0048, 0.0002];
const SCHEDULE_2020 = [0.003, 0.06, 0.26, 0.37, 0.25, 0.055, 0.002];

function interpolate(points: [number, number][], x: number): number {
  if (x <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return points.at(-1)![1];
}

/** Annual births per woman of each mother's class in a year, nationally. */
function fertility(year: number): number[] {
  const t = Math.min(1, Math.max(0, (year - 1980) / 40));
  const tfr = interpolate(TFR, year);
  return SCHEDULE_1980.map((s, i) => (tfr * (s + (SCHEDULE_2020[i]! - s) * t)) / 5);
}

/** Annual deaths per resident of a 5-year class (index 0–18), by sex, in a year. */
function mortality(index: number, female: boolean, year: number): number {
  const age = index === 18 ? 92.5 : index * 5 + 2.5;
  const time = Math.exp(-0.018 * (year - 2020));
  const infant = index === 0 ? 0.0012 * Math.exp(-0.03 * (year - 2020)) : 0;
  return (0.00015 + infant + 1.9e-5 * Math.exp(0.098 * age) * (female ? 0.55 : 1) * time) * (female ? 0.9 : 1);
}

interface Cells {
  man: number[];
  woman: number[];
}

/** A region's residents by class at a point between two population years (fraction f of the way). */
function between(a: Cells, b: Cells, f: number): Cells {
  return { man: a.man.map((v, i) => v + (b.man[i]! - v) * f), woman: a.woman.map((v, i) => v + (b.woman[i]! - v) * f) };
}

const sum = (v: number[]) => v.reduce((s, x) => s + x, 0);

const cache = new WeakMap<LeafPopulation[], { events: VitalRow[]; byMotherAge: MotherAgeRow[] }>();

/** Both tables, drawn together: a period's births by mother's age add up to the births of its five years. */
function vitalEvents(seed: string, leaves: LeafPopulation[]): { events: VitalRow[]; byMotherAge: MotherAgeRow[] } {
  const cached = cache.get(leaves);
  if (cached) return cached;
  const { drawn, byMotherAge } = leafEvents(seed, leaves);
  const events = [
    ...prefectureEvents(seed, drawn, leaves),
    ...drawn.filter((e) => e.year >= MUNICIPAL_EVENTS_FROM && e.year <= LAST_EVENT_YEAR),
  ];
  const out = { events, byMotherAge };
  cache.set(leaves, out);
  return out;
}

/** Every leaf municipality's events, FIRST_VITAL_YEAR … LAST_VITAL_YEAR, and its births by mother's age. */
function leafEvents(seed: string, leaves: LeafPopulation[]): { drawn: VitalRow[]; byMotherAge: MotherAgeRow[] } {
  const events: VitalRow[] = [];
  const byMotherAge: MotherAgeRow[] = [];
  for (const leaf of leaves) {
    const code = leaf.city.cityCode;
    if (NO_DATA_CITIES.has(code)) continue;
    // One stream per municipality, drawn in a fixed order: its traits, each year's births and deaths, its migration, its gross moves.
    const rnd = random(seed, 'vital', code);
    const traits = leafTraits(leaf, rnd);
    const { births, deaths, residents } = birthsAndDeaths(leaf, rnd, traits);
    const net = leafNetMigration(leaf, rnd, births, deaths);
    for (let year = FIRST_VITAL_YEAR; year <= LAST_VITAL_YEAR; year++) {
      // People moved more in the 1980s; the gross flows sit on top of the net.
      const gross =
        residents.get(year)! *
        traits.mobility *
        (1 + 0.3 * Math.max(0, (2000 - year) / 20)) *
        (1 + 0.05 * rnd.normal());
      events.push({
        regionCode: code,
        year,
        births: sum(births.get(year)!),
        deaths: deaths.get(year)!,
        ...moves(gross, net.get(year)!),
      });
    }
    for (const from of BIRTH_PERIODS) {
      MOTHER_AGES.forEach((ageFrom, i) => {
        let n = 0;
        for (let year = from; year < from + 5; year++) n += births.get(year)![i]!;
        byMotherAge.push({ regionCode: code, period: periodText(from), ageFrom, births: n });
      });
    }
  }
  return { drawn: events, byMotherAge };
}

type Rnd = ReturnType<typeof random>;

/** How fertile, frail and mobile a municipality is: by how urban it is (and Okinawa, Tokyo, Hokkaido's known leans), drawn a little. */
function leafTraits(leaf: LeafPopulation, rnd: Rnd): { fertile: number; frail: number; mobility: number } {
  const prefCode = Number(leaf.city.cityCode.slice(0, 2));
  const prefLean = prefCode === 47 ? 0.25 : prefCode === 13 ? -0.12 : prefCode === 1 ? -0.08 : 0;
  const fertile = 1.1 * Math.exp(-0.3 * (leaf.urban - 0.5) + prefLean + 0.06 * rnd.normal());
  const frail = Math.exp(-0.1 * (leaf.urban - 0.5) + 0.04 * rnd.normal());
  const ward = leaf.city.bigCityFlag === '1' || leaf.city.bigCityFlag === '3';
  const mobility = (0.02 + 0.025 * leaf.urban + (ward ? 0.02 : 0)) * Math.exp(0.1 * rnd.normal());
  return { fertile, frail, mobility };
}

/** Births by mother's class and deaths, year by year, from the residents of the year. */
function birthsAndDeaths(
  leaf: LeafPopulation,
  rnd: Rnd,
  { fertile, frail }: { fertile: number; frail: number },
): { births: Map<number, number[]>; deaths: Map<number, number>; residents: Map<number, number> } {
  const births = new Map<number, number[]>();
  const deaths = new Map<number, number>();
  const residents = new Map<number, number>();
  for (let year = FIRST_VITAL_YEAR; year <= LAST_VITAL_YEAR; year++) {
    const from = 5 * Math.floor((year - 1) / 5);
    const cells = between(leaf.byYear.get(from)!, leaf.byYear.get(from + 5)!, (year - from - 0.5) / 5);
    const rates = fertility(year);
    births.set(
      year,
      MOTHER_AGES.map((age, i) =>
        Math.max(0, Math.round(cells.woman[age / 5]! * rates[i]! * fertile * (1 + 0.04 * rnd.normal()))),
      ),
    );
    deaths.set(year, Math.max(0, Math.round(expectedDeaths(cells, year) * frail * (1 + 0.03 * rnd.normal()))));
    residents.set(year, sum(cells.man) + sum(cells.woman));
  }
  return { births, deaths, residents };
}

/** Net migration: what each census interval's change leaves after births and deaths; after the last census, its trend drawn on. */
function leafNetMigration(
  leaf: LeafPopulation,
  rnd: Rnd,
  births: Map<number, number[]>,
  deaths: Map<number, number>,
): Map<number, number> {
  const total = (y: number) =>
    sum(leaf.byYear.get(y)!.man) + sum(leaf.byYear.get(y)!.woman) + (leaf.unknown.get(y) ?? 0);
  const net = netMigration(
    FIRST_VITAL_YEAR - 1,
    LAST_ACTUAL_YEAR,
    (y) => sum(births.get(y)!) - deaths.get(y)!,
    total,
    rnd,
  );
  const trend = [1, 2, 3, 4, 5].reduce((a, k) => a + net.get(LAST_ACTUAL_YEAR - 5 + k)!, 0) / 5;
  for (let year = LAST_ACTUAL_YEAR + 1; year <= LAST_VITAL_YEAR; year++)
    net.set(year, Math.round(trend * (0.7 + 0.6 * rnd())));
  return net;
}

/**
 * Each prefecture's own rows before MUNICIPAL_EVENTS_FROM: from FIRST_VITAL_YEAR the sums of its
 * municipalities' drawn events (so the rows account for the same people), before it drawn from the
 * prefecture's cells as the municipalities' are from theirs; 1960, whose interval starts before the
 * first population year, continues the next interval's migration.
 */
function prefectureEvents(seed: string, drawn: VitalRow[], leaves: LeafPopulation[]): VitalRow[] {
  const rows: VitalRow[] = [];
  const sums = new Map<string, VitalRow>();
  for (const e of drawn) {
    if (e.year >= MUNICIPAL_EVENTS_FROM) continue;
    const regionCode = e.regionCode.slice(0, 2);
    const key = `${regionCode}|${e.year}`;
    const s = sums.get(key) ?? { regionCode, year: e.year, births: 0, deaths: 0, inMigrants: 0, outMigrants: 0 };
    for (const k of ['births', 'deaths', 'inMigrants', 'outMigrants'] as const) s[k] += e[k];
    sums.set(key, s);
  }
  for (const [prefCode, byYear] of prefectureCells()) {
    rows.push(...earlyPrefectureEvents(seed, prefCode, byYear));
    const gap = censusGap(prefCode, byYear, leaves);
    for (let year = FIRST_VITAL_YEAR; year < MUNICIPAL_EVENTS_FROM; year++) {
      const s = sums.get(`${String(prefCode).padStart(2, '0')}|${year}`);
      if (!s) continue;
      if (year === FIRST_VITAL_YEAR && gap > 0) rows.push({ ...s, inMigrants: s.inMigrants + gap });
      else if (year === FIRST_VITAL_YEAR && gap < 0) rows.push({ ...s, outMigrants: s.outMigrants - gap });
      else rows.push(s);
    }
  }
  return rows;
}

type PrefectureYears = ReturnType<typeof prefectureCells> extends Map<number, infer Y> ? Y : never;

/**
 * Σ of a prefecture's municipalities of today − its own figure, in the first census year of municipal
 * detail (1980): 0 but where the census's prefecture of that year is not its municipalities of today
 * (東京都 −37; 長野県 −2,148 and 岐阜県 +2,148, 山口村). Its first year's moves carry the gap, so that its own
 * rows account for its own change to the next census, as the municipalities' account for theirs.
 */
function censusGap(prefCode: number, byYear: PrefectureYears, leaves: LeafPopulation[]): number {
  const year = FIRST_VITAL_YEAR - 1;
  const own = byYear.get(year)!;
  const sum = (v: number[]) => v.reduce((a, x) => a + x, 0);
  const mine = leaves
    .filter((l) => l.city.prefCode === prefCode)
    .reduce(
      (a, l) => a + sum(l.byYear.get(year)!.man) + sum(l.byYear.get(year)!.woman) + (l.unknown.get(year) ?? 0),
      0,
    );
  return mine - sum(own.cells) - own.unknown;
}

/** A prefecture's events PREFECTURE_EVENTS_FROM … FIRST_VITAL_YEAR − 1, from its own cells. */
function earlyPrefectureEvents(seed: string, prefCode: number, byYear: PrefectureYears): VitalRow[] {
  const rnd = random(seed, 'vital-pref', prefCode);
  const regionCode = String(prefCode).padStart(2, '0');
  const cellsOf = (y: number): Cells => {
    const c = byYear.get(y)!.cells;
    return { man: c.slice(0, c.length / 2), woman: c.slice(c.length / 2) };
  };
  const total = (y: number) => sum(byYear.get(y)!.cells) + byYear.get(y)!.unknown;
  const natural = new Map<number, { births: number; deaths: number; residents: number }>();
  for (let year = PREFECTURE_EVENTS_FROM; year < FIRST_VITAL_YEAR; year++) {
    const from = Math.max(PREFECTURE_EVENTS_FROM, 5 * Math.floor((year - 1) / 5));
    const cells =
      year === PREFECTURE_EVENTS_FROM
        ? cellsOf(year)
        : between(cellsOf(from), cellsOf(from + 5), (year - from - 0.5) / 5);
    const rates = fertility(year);
    const births = MOTHER_AGES.reduce(
      (a, age, i) => a + Math.max(0, Math.round(cells.woman[age / 5]! * rates[i]! * (1 + 0.03 * rnd.normal()))),
      0,
    );
    const deaths = Math.max(0, Math.round(expectedDeaths(cells, year) * (1 + 0.03 * rnd.normal())));
    natural.set(year, { births, deaths, residents: sum(cells.man) + sum(cells.woman) });
  }
  const net = netMigration(
    PREFECTURE_EVENTS_FROM,
    FIRST_VITAL_YEAR - 1,
    (y) => natural.get(y)!.births - natural.get(y)!.deaths,
    total,
    rnd,
  );
  net.set(
    PREFECTURE_EVENTS_FROM,
    Math.round([1, 2, 3, 4, 5].reduce((a, k) => a + net.get(PREFECTURE_EVENTS_FROM + k)!, 0) / 5),
  );
  const rows: VitalRow[] = [];
  for (let year = PREFECTURE_EVENTS_FROM; year < FIRST_VITAL_YEAR; year++) {
    const { births, deaths, residents } = natural.get(year)!;
    // People moved most around 1970; a prefecture's moves include those between its municipalities.
    const gross = residents * 0.06 * (1 + 0.3 * Math.exp(-(((year - 1970) / 8) ** 2))) * (1 + 0.05 * rnd.normal());
    rows.push({ regionCode, year, births, deaths, ...moves(gross, net.get(year)!) });
  }
  return rows;
}

/** Deaths expected of a region's residents by class in a year. */
function expectedDeaths(cells: Cells, year: number): number {
  let d = 0;
  cells.man.forEach((n, i) => (d += n * mortality(i, false, year)));
  cells.woman.forEach((n, i) => (d += n * mortality(i, true, year)));
  return d;
}

/**
 * Net migration per year, for each census interval from `first` to `last`: what the interval's change of
 * the total leaves after births and deaths (`natural`), spread over its five years.
 */
function netMigration(
  first: number,
  last: number,
  natural: (year: number) => number,
  total: (year: number) => number,
  rnd: ReturnType<typeof random>,
) {
  const net = new Map<number, number>();
  for (let from = first; from + 5 <= last; from += 5) {
    const years = [1, 2, 3, 4, 5].map((k) => from + k);
    const change = years.reduce((a, y) => a + natural(y), 0);
    const parts = signedApportion(
      total(from + 5) - total(from) - change,
      years.map(() => Math.max(0.05, 1 + 0.3 * rnd.normal())),
    );
    years.forEach((y, k) => net.set(y, parts[k]!));
  }
  return net;
}

/** In- and out-migrants around a net, the gross flow on top of it. */
function moves(gross: number, net: number): { inMigrants: number; outMigrants: number } {
  const out = Math.max(0, Math.round(gross));
  const inMigrants = Math.max(out + net, Math.round(0.3 * out));
  return { inMigrants, outMigrants: inMigrants - net };
}

/** Integer parts of a signed total, proportional to positive weights, adding up to it exactly. */
function signedApportion(n: number, weights: number[]): number[] {
  const parts = apportion(Math.abs(n), weights);
  return n < 0 ? parts.map((p) => -p) : parts;
}

export const SAMPLE = {
  vital_events: (d) => csvOf('vital_events', vitalEvents(d.seed, leavesOf(d)).events),
  births_by_mother_age: (d) => csvOf('births_by_mother_age', vitalEvents(d.seed, leavesOf(d)).byMotherAge),
} satisfies SampleTables;
