// IPSS 日本の地域別将来推計人口（平成30年推計）, 男女･年齢（5歳）階級別の推計結果一覧 as a CSV: one row per
// area and year, the 19 classes of 総数, 男 and 女 side by side under a two-line header.

import { countAt, faultAt, fiveYearBlock, normal, type Grid, type GridRow } from './grid.ts';
import { SourceError } from '../../build/user-error.ts';

interface ProjectionRow {
  /** Five digits: a prefecture is XX000. */
  code: string;
  /** a: prefecture, 1: designated city, 0: ward or Tokyo special ward, 2: city, 3: town or village. */
  type: string;
  name: string;
  year: number;
  male: number[];
  female: number[];
  total: number;
  row: GridRow;
}

export interface ProjectionTable {
  kind: 'projection';
  file: string;
  rows: ProjectionRow[];
  totalColumn: number;
}

const DIMENSIONS = ['コード', '市などの別', '都道府県', '市区町村', '年'];

export function isProjectionTable(grid: Grid): boolean {
  const top = grid.rows[0]?.cells.map(normal) ?? [];
  return DIMENSIONS.every((d, i) => top[i] === d) && ['総数', '男', '女'].every((s) => top.includes(s));
}

export function readProjection(grid: Grid): ProjectionTable {
  const [top, ages, ...data] = grid.rows;
  if (!ages)
    throw new SourceError(
      grid.file,
      top!.line + 1,
      1,
      'expected a second header line of age classes (総数, 0～4歳 … 90歳以上)',
    );
  const blocks: Blocks = {
    all: ageBlock(grid, top!, ages, '総数'),
    male: ageBlock(grid, top!, ages, '男'),
    female: ageBlock(grid, top!, ages, '女'),
  };
  const rows: ProjectionRow[] = [];
  for (const row of data) {
    if (row.cells.every((x) => x === '')) continue;
    rows.push(projectionRow(grid, row, ages, blocks));
  }
  return { kind: 'projection', file: grid.file, rows, totalColumn: blocks.all[0]! };
}

/** The columns of 総数, 男 and 女: each 総数 and the 19 classes 0～4歳 … 90歳以上 in order. */
interface Blocks {
  all: number[];
  male: number[];
  female: number[];
}

/** The 20 columns under the top header `name`, each checked against the age it must hold. */
function ageBlock(grid: Grid, top: GridRow, ages: GridRow, name: string): number[] {
  return fiveYearBlock(
    grid,
    ages,
    top.cells.findIndex((c) => normal(c) === name),
    `under ${name}`,
  );
}

/** One area-year: its code, kind and year checked; each block's classes add up to its 総数, and 男 + 女 to 総数. */
function projectionRow(grid: Grid, row: GridRow, ages: GridRow, { all, male, female }: Blocks): ProjectionRow {
  const c = row.cells;
  if (!/^\d{4,5}$/.test(c[0] ?? ''))
    throw new SourceError(
      grid.file,
      row.line,
      1,
      `expected an area code (4 or 5 digits, the leading zero may be dropped), found "${c[0] ?? ''}"`,
    );
  if (!/^[a0-3]$/.test(c[1] ?? ''))
    throw new SourceError(grid.file, row.line, 2, `expected 市などの別 a, 0, 1, 2 or 3, found "${c[1] ?? ''}"`);
  const y = /^(\d{4})年?$/.exec(normal(c[4] ?? ''));
  if (!y) throw new SourceError(grid.file, row.line, 5, `expected a year such as 2025年, found "${c[4] ?? ''}"`);
  const read = (cols: number[], what: string) =>
    cols.map((col, i) => countAt(grid, row, col, `${what} ${normal(ages.cells[col]!)}`));
  const [t, m, f] = [read(all, '総数'), read(male, '男'), read(female, '女')];
  for (const [cols, v, what] of [
    [all, t, '総数'],
    [male, m, '男'],
    [female, f, '女'],
  ] as const) {
    const sum = v.slice(1).reduce((a, x) => a + x, 0);
    if (sum !== v[0]) throw faultAt(grid, row, cols[0]!, `${what} is ${v[0]}, but its 19 age classes add up to ${sum}`);
  }
  t.forEach((v, i) => {
    if (v !== m[i]! + f[i]!)
      throw faultAt(
        grid,
        row,
        all[i]!,
        `総数 ${normal(ages.cells[all[i]!]!)} is ${v}, but 男 ${m[i]} + 女 ${f[i]} = ${m[i]! + f[i]!}`,
      );
  });
  return {
    code: c[0]!.padStart(5, '0'),
    type: c[1]!,
    name: c[3] || c[2]!,
    year: Number(y[1]),
    male: m.slice(1),
    female: f.slice(1),
    total: t[0]!,
    row,
  };
}
