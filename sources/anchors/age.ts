// The fourth anchor file: each prefecture's people by sex and 5-year age class, 1960–2045, from the
// official tables beside the JLSTAT ones, read by the e-Stat importer's own readers: the census time
// series c03 (1960–2015, classes to 85歳以上), the 2020 census table 2-7-1 (classes to 90歳以上, folded as
// RESAS showed them) and IPSS 2018's prefecture projections (2025–2045, to 90歳以上).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../build/user-error.ts';
import { isCensusTable, readCensus } from '../estat/census.ts';
import { readGrid } from '../estat/grid.ts';
import { isProjectionTable, readProjection } from '../estat/ipss.ts';
import { isTimeSeriesTable, readTimeSeries } from '../estat/timeseries.ts';

/** Where each table sits under shared/data/official, and the years taken from it. */
export const AGE_TABLES = {
  timeseries: {
    file: 'census-timeseries/c03.csv',
    years: [1960, 1965, 1970, 1975, 1980, 1985, 1990, 1995, 2000, 2005, 2010, 2015],
  },
  census2020: { file: 'census-estat/population_census_2020_table2-7-1.csv', years: [2020] },
  projection: { file: 'ipss-2018/projection_prefecture.csv', years: [2025, 2030, 2035, 2040, 2045] },
} as const;

type AgeRow = [
  prefCode: number,
  year: number,
  kind: 'census' | 'projection',
  sex: 'male' | 'female',
  ageFrom: number,
  population: number,
];

/** Per prefecture and year: 総数 as the age table gives it (people of unknown age included), to compare with the JLSTAT totals. */
type AgeTableTotals = Map<number, number>; // key prefCode * 10000 + year

/** A table under `dir`, which must be there and be `what` (its header tells). */
export function grid(dir: string, name: string, is: (g: ReturnType<typeof readGrid>) => boolean, what: string) {
  const file = join(dir, name);
  if (!existsSync(file))
    throw new InputError(`${file}: not found; give the folder of shared/data/official (it holds ${what})`);
  const g = readGrid(file);
  if (!is(g)) throw new InputError(`${file}: not ${what} as downloaded (its header differs)`);
  return g;
}

export function prefectureAgeRows(dir: string): { rows: AgeRow[]; totals: AgeTableTotals } {
  const rows: AgeRow[] = [];
  const totals: AgeTableTotals = new Map();
  const push = (pref: number, year: number, kind: AgeRow[2], male: number[], female: number[], total: number) => {
    for (const [sex, v] of [
      ['male', male],
      ['female', female],
    ] as const)
      v.forEach((n, i) => rows.push([pref, year, kind, sex, i * 5, n]));
    totals.set(pref * 10000 + year, total);
  };
  const c03 = AGE_TABLES.timeseries;
  for (const c of readTimeSeries(grid(dir, c03.file, isTimeSeriesTable, 'the census time series c03'), [...c03.years])
    .cells)
    push(c.prefCode, c.year, 'census', c.male, c.female, c.maleTotal + c.femaleTotal);
  const census = readCensus(
    grid(dir, AGE_TABLES.census2020.file, isCensusTable, 'a census table of 5-year age classes'),
  );
  if (census.year !== 2020) throw new InputError(`${census.file}: expected the 2020 census, found ${census.year}`);
  for (const area of census.areas.filter((a) => /^\d{2}000$/.test(a.code) && a.code !== '00000')) {
    const { male, female, total } = area.sexes;
    if (!male || !female || !total) throw new InputError(`${census.file}: ${area.name} lacks 男 or 女 or 総数`);
    push(Number(area.code.slice(0, 2)), 2020, 'census', male.classes, female.classes, total.total);
  }
  const ipss = readProjection(
    grid(dir, AGE_TABLES.projection.file, isProjectionTable, "IPSS 2018's projection by prefecture"),
  );
  const years = new Set<number>(AGE_TABLES.projection.years);
  for (const r of ipss.rows.filter((r) => r.type === 'a' && years.has(r.year)))
    push(Number(r.code.slice(0, 2)), r.year, 'projection', r.male, r.female, r.total);
  for (const year of Object.values(AGE_TABLES).flatMap((t) => [...t.years])) {
    const n = [...totals.keys()].filter((k) => k % 10000 === year).length;
    if (n !== 47) throw new InputError(`${dir}: expected the 47 prefectures by sex and age in ${year}, found ${n}`);
  }
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[3] === b[3] ? 0 : a[3] === 'male' ? -1 : 1) || a[4] - b[4]);
  return { rows, totals };
}
