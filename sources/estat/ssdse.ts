// 統計センター's SSDSE (教育用標準データセット) as the importer reads it, recognised by content: SSDSE-A
// (municipalities, one file per edition, 2018–2026), SSDSE-B (prefectures × years) and SSDSE-E
// (prefectures, one cross-section). The layouts (which item is where, by code and label) are
// ssdse-layout.ts's, shared with the anchors; this module reads the population items of SSDSE-A and
// checks what the tables say of themselves: each item's 男 + 女 = 総数, the three age groups within 総人口.

import { countAt, faultAt, normal, type Grid, type GridRow } from './grid.ts';
import { itemColumn, labelColumn, ssdseKind, type SsdseItem } from './ssdse-layout.ts';
import { SourceError } from '../../build/user-error.ts';

/** 総人口 and the three age groups (SSDSE-A's item family A), each given 総数, 男 (…01) and 女 (…02). */
const POPULATION: (SsdseItem & { what: string })[] = [
  { what: 'total', code: 'A1101', label: '総人口', also: ['人口総数'] },
  { what: 'young', code: 'A1301', label: '15歳未満人口' },
  { what: 'working', code: 'A1302', label: '15~64歳人口' },
  { what: 'old', code: 'A1303', label: '65歳以上人口' },
];

/** An item's 男 and 女 items: its code with 01 and 02, its labels with (男) and (女). */
const bySex = (item: SsdseItem, suffix: '01' | '02'): SsdseItem => {
  const sex = suffix === '01' ? '(男)' : '(女)';
  return { code: item.code + suffix, label: item.label + sex, also: item.also?.map((l) => l + sex) };
};

interface SsdseArea {
  /** The 5-digit code the row gives (R01100 → 01100), as the edition wrote it. */
  code: string;
  name: string;
  total: number;
  /** 15歳未満, 15～64歳, 65歳以上 (both sexes). */
  groups: [number, number, number];
  row: GridRow;
}

export interface SsdseTable {
  kind: 'ssdse';
  file: string;
  grid: Grid;
  /** The census year of the population items (row 2). */
  year: number;
  /** The latest reference year of any of its items (row 2): later editions revise earlier ones. */
  edition: number;
  areas: SsdseArea[];
  /** The column of 総人口, for messages about totals. */
  totalColumn: number;
}

/** SSDSE-B or -E: recognised and checked here; what the import takes from it is read by ssdse-tables.ts. */
export interface SsdsePrefectureTable {
  kind: 'ssdse-pref';
  file: string;
  grid: Grid;
  ssdse: 'B' | 'E';
  /** The years its rows give (B), or its items' reference years (E). */
  years: number[];
  rows: number;
}

export const isSsdseTable = (grid: Grid): boolean => ssdseKind(grid) === 'A';
export const isSsdsePrefectureTable = (grid: Grid): boolean => ['B', 'E'].includes(ssdseKind(grid) ?? '');

/** Every municipality's population items, checked: each item's 男 + 女 = 総数, the three groups no more than 総人口, one year for all. */
export function readSsdse(grid: Grid): SsdseTable {
  const columns = POPULATION.map((item) =>
    [item, bySex(item, '01'), bySex(item, '02')].map((i) => itemColumn(grid, i)),
  );
  const year = columns[0]![0]!.year;
  const other = columns.flat().find((c) => c.year !== year);
  if (other)
    throw new SourceError(grid.file, grid.rows[1]!.line, other.col + 1, `expected the population items of ${year}`);
  const areas: SsdseArea[] = [];
  const seen = new Set<string>();
  for (const row of grid.rows.slice(3)) {
    if (row.cells.every((x) => x === '')) continue;
    const code = regionCodeOf(grid, row, 5);
    if (seen.has(code)) throw new SourceError(grid.file, row.line, 1, `${code} is given twice`);
    seen.add(code);
    const [all, young, working, old] = columns.map((cols, i) => sexesAddUp(grid, row, POPULATION[i]!, cols)) as [
      number,
      number,
      number,
      number,
    ];
    if (young + working + old > all)
      throw faultAt(
        grid,
        row,
        columns[0]![0]!.col,
        `総人口 is ${all}, less than its three age groups ${young} + ${working} + ${old} = ${young + working + old}`,
      );
    areas.push({ code, name: row.cells[2] ?? '', total: all, groups: [young, working, old], row });
  }
  const years = grid.rows[1]!.cells.filter((y) => /^\d{4}$/.test(y)).map(Number);
  const edition = Math.max(...years);
  return { kind: 'ssdse', file: grid.file, grid, year, edition, areas, totalColumn: columns[0]![0]!.col };
}

/** An item's 総数, failing at its cell where 男 + 女 do not make it. */
function sexesAddUp(grid: Grid, row: GridRow, item: SsdseItem, cols: { col: number }[]): number {
  const [t, male, female] = cols.map((c, i) => countAt(grid, row, c.col, `${item.code}${['', '01', '02'][i]}`));
  if (t !== male! + female!)
    throw faultAt(grid, row, cols[0]!.col, `${item.code} is ${t}, but 男 ${male} + 女 ${female} = ${male! + female!}`);
  return t!;
}

/** The region code of a row (`R13103`, `R13000`): `digits` 5 for a municipality, 2 for a prefecture (R..000). */
function regionCodeOf(grid: Grid, row: GridRow, digits: 2 | 5, col = 0): string {
  const cell = row.cells[col] ?? '';
  const m = digits === 5 ? /^R(\d{5})$/.exec(cell) : /^R(\d{2})000$/.exec(cell);
  if (!m?.[1])
    throw new SourceError(
      grid.file,
      row.line,
      col + 1,
      `expected a ${digits === 5 ? 'municipality code such as R01100' : 'prefecture code such as R13000'}, found "${cell}"`,
    );
  return m[1];
}

/** SSDSE-B's population by sex (総人口 = 男 + 女 in every row) and SSDSE-E's items, recognised and checked. */
export function readSsdsePrefectures(grid: Grid): SsdsePrefectureTable {
  const ssdse = ssdseKind(grid) as 'B' | 'E';
  if (ssdse === 'E') {
    const years = new Set(grid.rows[1]!.cells.filter((y) => /^\d{4}$/.test(y)).map(Number));
    const rows = grid.rows.slice(3).filter((r) => r.cells.some((c) => c !== ''));
    for (const row of rows) if (row.cells[0] !== 'R00000') regionCodeOf(grid, row, 2);
    return { kind: 'ssdse-pref', file: grid.file, grid, ssdse, years: [...years].sort(), rows: rows.length };
  }
  const [total, male, female] = ['総人口', '総人口(男)', '総人口(女)'].map((l) => labelColumn(grid, l)) as number[];
  const rows = grid.rows.slice(1).filter((r) => r.cells.some((c) => c !== ''));
  const years = new Set<number>();
  for (const row of rows) {
    const year = Number(row.cells[0]);
    if (!/^\d{4}$/.test(row.cells[0] ?? '')) throw faultAt(grid, row, 0, `expected a year, found "${row.cells[0]}"`);
    years.add(year);
    regionCodeOf(grid, row, 2, 1);
    const [t, m, f] = [total!, male!, female!].map((c) => countAt(grid, row, c, normal(grid.rows[0]!.cells[c] ?? '')));
    // The years between censuses are estimates in thousands, each rounded on its own: 男 + 女 may then miss
    // 総人口 by one thousand, never more.
    const slack = [t!, m!, f!].every((n) => n % 1000 === 0) ? 1000 : 0;
    if (Math.abs(t! - m! - f!) > slack)
      throw faultAt(grid, row, total!, `総人口 is ${t}, but 男 ${m} + 女 ${f} = ${m! + f!}`);
  }
  return { kind: 'ssdse-pref', file: grid.file, grid, ssdse, years: [...years].sort(), rows: rows.length };
}
