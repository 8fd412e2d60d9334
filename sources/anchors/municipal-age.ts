// The municipal anchor of population by sex and 5-year age: the census of 1980 (昭和55年 表00101) and 2020
// (令和2年 表2-7-1) for every municipality of today, read by the e-Stat importer's own readers (census.ts,
// converter.ts) and put onto today's regions as the importer does (RegionList). 2020 gives today's
// municipalities and the wards of designated cities; 1980's municipalities are added up onto today's
// through the municipality converter, which knows designated cities only whole, so 1980 has no wards.
// 1980's prefectures are kept too: their 85–89 and 90歳～, which the time series c03 gives as one class.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, SourceError } from '../../build/user-error.ts';
import { isCensusTable, readCensus, type CensusTable } from '../estat/census.ts';
import { isConverter, readConverter } from '../estat/converter.ts';
import { readGrid, type Grid } from '../estat/grid.ts';
import { RegionList } from '../estat/regions.ts';

const CENSUS_DIR = 'census-estat';
const TABLES = {
  1980: 'population_census_1980_table00101.csv',
  2020: 'population_census_2020_table2-7-1.csv',
} as const;
const CONVERTER = 'municipality_converter_jp.csv';

type Sex = 'male' | 'female';
/** One row of the anchor file: region, year, sex, people of unknown age, then the 19 classes 0–4 … 90歳～. */
type MunicipalAgeRow = [regionCode: string, year: number, sex: Sex, unknown: number, ...classes: number[]];

/** A region's people of one year: the 19 classes per sex and the people of unknown age per sex. */
interface Counts {
  male: number[];
  female: number[];
  unknown: { male: number; female: number };
  /** The line of the first area row added in, for messages. */
  line?: number;
}

/** Where Σ of a prefecture's municipalities (on today's boundaries) is not the prefecture's own figure. */
interface AgeGap {
  prefCode: number;
  year: number;
  /** By cell (`male 20` …, `unknown`): Σ of the municipalities − the prefecture's figure. */
  cells: Record<string, number>;
  total: number;
}

export interface MunicipalAgeReport {
  /** Per year: the regions written (municipalities, wards, designated cities whole) and the table's areas read. */
  years: { year: number; municipalities: number; wards: number; areas: number }[];
  gaps: AgeGap[];
}

const zero = (): Counts => ({
  male: new Array<number>(19).fill(0),
  female: new Array<number>(19).fill(0),
  unknown: { male: 0, female: 0 },
});

function add(into: Map<string, Counts>, code: string, area: CensusTable['areas'][number]): void {
  const c = into.get(code) ?? { ...zero(), line: area.sexes.total!.row.line };
  into.set(code, c);
  for (const sex of ['male', 'female'] as const) {
    area.sexes[sex]!.classes.forEach((v, i) => (c[sex][i]! += v));
    c.unknown[sex] += area.sexes[sex]!.unknown;
  }
}

function table(dir: string, name: string, is: (g: Grid) => boolean, what: string): Grid {
  const file = join(dir, CENSUS_DIR, name);
  if (!existsSync(file))
    throw new InputError(`${file}: not found; give the folder of shared/data/official (it holds ${what})`);
  const g = readGrid(file);
  if (!is(g)) throw new InputError(`${file}: not ${what} as downloaded (its header differs)`);
  return g;
}

/** A census year's regions of today: prefectures (2 digits) and the municipalities (and 2020's wards) of today. */
function censusRegions(
  list: RegionList,
  t: CensusTable,
  map: Map<string, string> | null,
): { prefectures: Map<string, Counts>; regions: Map<string, Counts> } {
  const prefectures = new Map<string, Counts>();
  const regions = new Map<string, Counts>();
  for (const area of t.areas) {
    const own = list.region(area.code);
    if (own?.length === 2) {
      add(prefectures, own, area);
      continue;
    }
    // Today's table: a designated city's own row is the sum of its wards, which are written instead.
    // A past table: the converter's municipality of today; 1980's wards and aggregates have none.
    const today = map ? list.pastRegion(area.code, map) : own && list.byCode.get(own)!.bigCityFlag !== '2' && own;
    if (!today) continue;
    const city = list.byCode.get(today);
    if (!city || (map && city.bigCityFlag === '1'))
      throw new SourceError(
        t.file,
        area.sexes.total!.row.line,
        t.totalColumn + 1,
        `${t.year} area ${area.code} ${area.name} becomes ${today}, which is ${city ? 'a ward' : 'not a municipality of today'}; the converter must name a municipality of today, designated cities whole`,
      );
    add(regions, today, area);
  }
  return { prefectures, regions };
}

/** Every municipality of today must have figures: 2020's with wards and without designated cities whole, 1980's the other way round. */
function checkCoverage(list: RegionList, t: CensusTable, regions: Map<string, Counts>, wards: boolean): void {
  const missing = list.counted
    .filter((code) => code.length === 5)
    .filter((code) => list.byCode.get(code)!.bigCityFlag !== (wards ? '2' : '1'))
    .filter((code) => !regions.has(code));
  if (missing.length)
    throw new InputError(
      `${t.file}: no ${t.year} figures for ${missing.length} municipalities of today (${missing.slice(0, 5).join(', ')}…); is this the whole table?`,
    );
}

/** A prefecture's people per cell (`male 0` … `female 90`, `unknown`), to compare levels cell by cell. */
function cellsOf(c: Counts): Map<string, number> {
  const out = new Map<string, number>();
  for (const sex of ['male', 'female'] as const) c[sex].forEach((v, i) => out.set(`${sex} ${i * 5}`, v));
  out.set('unknown', c.unknown.male + c.unknown.female);
  return out;
}

/** Where Σ of a prefecture's municipalities of today is not the table's own prefecture figure, cell by cell. */
function gapsOf(year: number, prefectures: Map<string, Counts>, regions: Map<string, Counts>): AgeGap[] {
  const sums = new Map<string, Counts>();
  for (const [code, c] of regions) {
    const s = sums.get(code.slice(0, 2)) ?? zero();
    sums.set(code.slice(0, 2), s);
    for (const sex of ['male', 'female'] as const) {
      c[sex].forEach((v, i) => (s[sex][i]! += v));
      s.unknown[sex] += c.unknown[sex];
    }
  }
  const gaps: AgeGap[] = [];
  for (const [pref, own] of [...prefectures].sort()) {
    const [want, got] = [cellsOf(own), cellsOf(sums.get(pref) ?? zero())];
    const cells = Object.fromEntries([...want].flatMap(([k, v]) => (got.get(k) === v ? [] : [[k, got.get(k)! - v]])));
    const total = Object.values(cells).reduce((a, v) => a + v, 0);
    if (Object.keys(cells).length) gaps.push({ prefCode: Number(pref), year, cells, total });
  }
  return gaps;
}

/**
 * The prefecture figures the sample already has (prefecture-age.csv: c03 to 85歳以上 up to 2015, the 2020
 * table to 90歳～) must be this table's prefecture rows: the two files then describe one census.
 */
function checkPrefectures(
  t: CensusTable,
  prefectures: Map<string, Counts>,
  prefectureAge: (prefCode: number, year: number, sex: Sex) => number[],
): void {
  for (const [pref, c] of prefectures)
    for (const sex of ['male', 'female'] as const) {
      const theirs = prefectureAge(Number(pref), t.year, sex);
      const open = theirs.length - 1;
      const mine = [...c[sex].slice(0, open), c[sex].slice(open).reduce((a, v) => a + v, 0)];
      const at = mine.findIndex((v, i) => v !== theirs[i]);
      if (at >= 0)
        throw new SourceError(
          t.file,
          c.line ?? 1,
          t.totalColumn + 1,
          `${t.year} prefecture ${pref} ${sex} ${at * 5}歳～ is ${mine[at]}, but prefecture-age.csv has ${theirs[at]}; the tables disagree`,
        );
    }
}

const rowsOf = (year: number, regions: Map<string, Counts>): MunicipalAgeRow[] =>
  [...regions].flatMap(([code, c]) =>
    (['male', 'female'] as const).map((sex): MunicipalAgeRow => [code, year, sex, c.unknown[sex], ...c[sex]]),
  );

/**
 * The anchor rows (1980: its prefectures and today's municipalities, designated cities whole; 2020: today's
 * municipalities and wards), sorted by region, year, sex; and what the checks found. `prefectureAge` gives
 * prefecture-age.csv's classes of a prefecture, year and sex.
 */
export function municipalAgeRows(
  dir: string,
  prefectureAge: (prefCode: number, year: number, sex: Sex) => number[],
): { rows: MunicipalAgeRow[]; report: MunicipalAgeReport } {
  const list = new RegionList();
  const converter = readConverter(table(dir, CONVERTER, isConverter, 'the municipality converter'));
  const rows: MunicipalAgeRow[] = [];
  const report: MunicipalAgeReport = { years: [], gaps: [] };
  for (const [y, name] of Object.entries(TABLES)) {
    const t = readCensus(table(dir, name, isCensusTable, 'a census table of 5-year age classes'));
    if (t.year !== Number(y)) throw new InputError(`${t.file}: expected the ${y} census, found ${t.year}`);
    const map = t.year === 2020 ? null : converter.to2020.get(t.year);
    if (map === undefined) throw new InputError(`${converter.file}: no id_muni${t.year} column`);
    const { prefectures, regions } = censusRegions(list, t, map);
    checkCoverage(list, t, regions, !map);
    checkPrefectures(t, prefectures, prefectureAge);
    report.gaps.push(...gapsOf(t.year, prefectures, regions));
    const wards = [...regions.keys()].filter((c) => list.byCode.get(c)!.bigCityFlag === '1').length;
    report.years.push({ year: t.year, municipalities: regions.size - wards, wards, areas: t.areas.length });
    rows.push(...rowsOf(t.year, regions), ...(map ? rowsOf(t.year, prefectures) : []));
  }
  rows.sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || (a[2] === b[2] ? 0 : a[2] === 'male' ? -1 : 1),
  );
  return { rows, report };
}

/** The checks as lines for the terminal. */
export function municipalAgeLines(r: MunicipalAgeReport): string[] {
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  return [
    `population by sex and 5-year age (国勢調査): ${r.years.map((y) => `${y.year} ${y.municipalities} municipalities${y.wards ? ` and ${y.wards} wards` : ' (designated cities whole)'} from ${y.areas.toLocaleString('en')} areas`).join('; ')}`,
    r.gaps.length === 0
      ? "Σ of each prefecture's municipalities = its own figure in every year, sex, class and 年齢不詳"
      : `Σ of the municipalities of today − the prefecture's own figure (the sample keeps both: the prefecture's own rows win over the sum): ${r.gaps
          .map(
            (g) =>
              `${g.year} prefecture ${g.prefCode} ${signed(g.total)} (${Object.entries(g.cells)
                .map(([k, v]) => `${k} ${signed(v)}`)
                .join(', ')})`,
          )
          .join('; ')}`,
  ];
}
