// 総務省's 住民基本台帳に基づく人口、人口動態及び世帯数調査, 人口動態（市区町村別）（総計）, as converted to
// CSV: a title row naming the population date and the year of the events, three header rows, then one
// row per area (合計, prefectures, designated cities, their wards, municipalities) under its 6-digit
// 団体コード (5 digits and a check digit). The events of one calendar year are RESAS's sum/estimate bars.

import { countAt, normal, type Grid, type GridRow } from './grid.ts';
import { SourceError } from '../../build/user-error.ts';

export interface JukiArea {
  /** The 5-digit local-government code (the check digit verified and dropped). */
  code: string;
  name: string;
  /** Residents (総計: Japanese and foreign) on 1 January of the year after the events. */
  population: number;
  births: number;
  deaths: number;
  inMigrants: number;
  outMigrants: number;
  row: GridRow;
}

export interface JukiTable {
  kind: 'juki';
  file: string;
  /** The calendar year of the events. */
  year: number;
  areas: JukiArea[];
}

const TITLE = /住民基本台帳人口・世帯数.*人口動態[（(]市区町村別[）)]/;
/** The columns read, by their header in the fourth row. */
const COLUMNS = {
  population: '人',
  inMigrants: '転入者数(計)',
  births: '出生者数',
  outMigrants: '転出者数(計)',
  deaths: '死亡者数',
} as const;
const ERA = { 平成: 1988, 令和: 2018 } as const;

export function isJukiTable(grid: Grid): boolean {
  return TITLE.test(normal(grid.rows[0]?.cells[0] ?? '')) && headerRow(grid) !== undefined;
}

/** The header row that names the event columns. */
function headerRow(grid: Grid): GridRow | undefined {
  return grid.rows.slice(1, 6).find((r) => Object.values(COLUMNS).every((h) => r.cells.map(normal).includes(h)));
}

/** The year of the events the title names: 「…、平成27年（1月1日から同年12月31日まで）人口動態…」, 令和元年 = 2019. */
function eventYear(grid: Grid): number {
  const title = normal(grid.rows[0]!.cells[0]!);
  const m = /[、,](平成|令和)(\d+|元)年[（(]/.exec(title);
  if (!m)
    throw new SourceError(
      grid.file,
      grid.rows[0]!.line,
      1,
      `expected the title to name the year of the events (…、平成27年（1月1日から…）, found "${title}"`,
    );
  return ERA[m[1] as keyof typeof ERA] + (m[2] === '元' ? 1 : Number(m[2]));
}

/** 団体コード's check digit: the digits weighted 6, 5, 4, 3, 2, and 11 less the sum's remainder by 11, its last digit. */
const checkDigit = (code: string) => (11 - ([...code].reduce((a, d, i) => a + Number(d) * (6 - i), 0) % 11)) % 10;

/** Every area's births, deaths and moves (計: domestic and from or to abroad), each code's check digit verified. */
export function readJuki(grid: Grid): JukiTable {
  const year = eventYear(grid);
  const header = headerRow(grid)!;
  const col = Object.fromEntries(
    Object.entries(COLUMNS).map(([k, h]) => [k, header.cells.map(normal).indexOf(h)]),
  ) as Record<keyof typeof COLUMNS, number>;
  const areas: JukiArea[] = [];
  const seen = new Set<string>();
  for (const row of grid.rows.slice(grid.rows.indexOf(header) + 1)) {
    const c = row.cells;
    if (c.every((x) => x === '')) continue;
    if (c[0] === '' && normal(c[1] ?? '') === '合計') continue; // the nation
    const m = /^(\d{5})(\d)$/.exec(c[0] ?? '');
    if (!m)
      throw new SourceError(
        grid.file,
        row.line,
        1,
        `expected a 6-digit 団体コード such as 131016, found "${c[0] ?? ''}"`,
      );
    if (checkDigit(m[1]!) !== Number(m[2]))
      throw new SourceError(
        grid.file,
        row.line,
        1,
        `${c[0]}: its check digit should be ${checkDigit(m[1]!)} (a mistyped code)`,
      );
    if (seen.has(m[1]!)) throw new SourceError(grid.file, row.line, 1, `${c[0]} is given twice`);
    seen.add(m[1]!);
    const n = (k: keyof typeof COLUMNS) => countAt(grid, row, col[k], COLUMNS[k]);
    areas.push({
      code: m[1]!,
      name: c[2] || c[1] || '',
      population: n('population'),
      births: n('births'),
      deaths: n('deaths'),
      inMigrants: n('inMigrants'),
      outMigrants: n('outMigrants'),
      row,
    });
  }
  return { kind: 'juki', file: grid.file, year, areas };
}
