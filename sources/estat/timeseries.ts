// e-Stat's census time series c03, 「年齢（5歳階級），男女別人口－都道府県（大正9年～平成27年）」, as
// downloaded (Shift_JIS): one row per prefecture, census year and age class, 総数/男/女 side by side.
// From 1960 on every year has the classes 0～4歳 … 80～84歳 and 85歳以上; earlier years have other cuts
// (80歳以上, 1～5歳 …), so a reader asks for the years it wants and gets them whole or a fault.

import { ageHeader, countAt, faultAt, normal, type Grid, type GridRow } from './grid.ts';
import { SourceError } from '../../build/user-error.ts';

const HEADER = [
  '都道府県コード',
  '都道府県名',
  '年齢5歳階級',
  '元号',
  '和暦(年)',
  '西暦(年)',
  '人口(総数)',
  '人口(男)',
  '人口(女)',
];
/** The column (0-based) of 人口(総数), where a fault in a row's totals is reported. */
export const TIMESERIES_TOTAL_COLUMN = 6;
/** The classes of the years read: 0–4 … 80–84, then 85 and over. */
const TIMESERIES_CLASSES = 18;

interface TimeSeriesCell {
  prefCode: number;
  year: number;
  /** People of each sex in the 18 classes (index = ageFrom / 5, the last open). */
  male: number[];
  female: number[];
  /** 総数 of each sex, which includes people of unknown age. */
  maleTotal: number;
  femaleTotal: number;
  row: GridRow;
}

export interface TimeSeriesTable {
  kind: 'timeseries';
  file: string;
  cells: TimeSeriesCell[];
}

export function isTimeSeriesTable(grid: Grid): boolean {
  const top = grid.rows[0]?.cells.map(normal) ?? [];
  return HEADER.every((h, i) => top[i] === normal(h));
}

/** The prefecture × year cells of `years`, each checked: both sexes, all 18 classes once, 総数 = 男 + 女, no class above its total. */
export function readTimeSeries(grid: Grid, years: number[]): TimeSeriesTable {
  const byKey = rowsByCell(grid, new Set(years));
  const cells = [...byKey].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, entry]) => timeSeriesCell(grid, key, entry));
  for (const year of years) {
    const n = cells.filter((c) => c.year === year).length;
    if (n !== 47)
      throw new SourceError(grid.file, grid.rows[0]!.line, 6, `expected the 47 prefectures in ${year}, found ${n}`);
  }
  return { kind: 'timeseries', file: grid.file, cells };
}

/** One prefecture-year's rows as read: its 総数 row and its classes, each [総数, 男, 女]; `row` is the first. */
interface CellRows {
  totals?: number[];
  classes: (number[] | undefined)[];
  row: GridRow;
}

/** The rows of the wanted years by prefecture-year (`01-1960`), each row's code, year and class checked, 総数 = 男 + 女. */
function rowsByCell(grid: Grid, wanted: Set<number>): Map<string, CellRows> {
  const byKey = new Map<string, CellRows>();
  for (const row of grid.rows.slice(1)) {
    const c = row.cells;
    if (c.every((x) => x === '')) continue;
    if (!/^\d{2}$/.test(c[0] ?? '') || Number(c[0]) < 1 || Number(c[0]) > 47)
      throw new SourceError(grid.file, row.line, 1, `expected a prefecture code 01 … 47, found "${c[0] ?? ''}"`);
    if (!/^\d{4}$/.test(c[5] ?? ''))
      throw new SourceError(grid.file, row.line, 6, `expected a year such as 1960, found "${c[5] ?? ''}"`);
    const year = Number(c[5]);
    if (!wanted.has(year)) continue;
    const counts = [6, 7, 8].map((col) => countAt(grid, row, col, normal(grid.rows[0]!.cells[col]!)));
    if (counts[0] !== counts[1]! + counts[2]!)
      throw faultAt(
        grid,
        row,
        TIMESERIES_TOTAL_COLUMN,
        `人口（総数） is ${counts[0]}, but 男 ${counts[1]} + 女 ${counts[2]} = ${counts[1]! + counts[2]!}`,
      );
    const key = `${c[0]}-${year}`;
    const entry = byKey.get(key) ?? { classes: [], row };
    byKey.set(key, entry);
    const h = ageHeader(c[2] ?? '');
    const index = h?.kind === 'class' ? h.from / 5 : -1;
    const fits =
      h?.kind === 'class' && h.from % 5 === 0 && (h.from === 85 ? h.to === null : h.from < 85 && h.to === h.from + 4);
    if (h?.kind === 'total') entry.totals = counts;
    else if (!fits)
      throw new SourceError(
        grid.file,
        row.line,
        3,
        `expected 総数 or a class 0～4歳 … 80～84歳, 85歳以上 for ${year}, found "${c[2] ?? ''}"`,
      );
    else if (entry.classes[index])
      throw new SourceError(grid.file, row.line, 3, `${c[1]} ${year} ${c[2]} is given twice`);
    else entry.classes[index] = counts;
  }
  return byKey;
}

/** One prefecture-year whole: 総数 and all 18 classes, and neither sex's classes above its 総数 (which counts unknown ages). */
function timeSeriesCell(grid: Grid, key: string, { totals, classes, row }: CellRows): TimeSeriesCell {
  if (!totals || classes.length !== TIMESERIES_CLASSES || classes.includes(undefined))
    throw new SourceError(
      grid.file,
      row.line,
      3,
      `${key}: expected 総数 and the 18 classes 0～4歳 … 85歳以上, found ${classes.filter(Boolean).length} classes`,
    );
  const male = classes.map((v) => v![1]!);
  const female = classes.map((v) => v![2]!);
  for (const [sex, v, total] of [
    ['男', male, totals[1]!],
    ['女', female, totals[2]!],
  ] as const) {
    const sum = v.reduce((a, x) => a + x, 0);
    if (sum > total)
      throw faultAt(
        grid,
        row,
        TIMESERIES_TOTAL_COLUMN,
        `${key} ${sex}: the classes add up to ${sum}, more than its 総数 ${total}`,
      );
  }
  const [pref, year] = key.split('-').map(Number);
  return { prefCode: pref!, year: year!, male, female, maleTotal: totals[1]!, femaleTotal: totals[2]!, row };
}

/** The census years of c03 from `from` on (the years whose classes end with 85歳以上), ascending. */
export function timeSeriesYears(grid: Grid, from = 1960): number[] {
  const years = new Set<number>();
  for (const row of grid.rows.slice(1)) {
    const y = Number(row.cells[5]);
    if (/^\d{4}$/.test(row.cells[5] ?? '') && y >= from) years.add(y);
  }
  return [...years].sort((a, b) => a - b);
}
