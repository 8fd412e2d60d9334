// 統計センター's SSDSE-A (教育用標準データセット, municipalities), as downloaded (Shift_JIS): row 1 the
// item codes (A1101 …), row 2 each item's reference year, row 3 its Japanese label, then one row per
// municipality, `R<5-digit code>`, designated cities whole and no wards. Its population items are a
// census: 総人口 and 15歳未満 / 15～64歳 / 65歳以上, each by sex (the 2019 edition: the 2015 census).

import { countAt, faultAt, normal, type Grid, type GridRow } from './grid.ts';
import { SourceError } from '../../build/user-error.ts';

/** The items read: 総人口 and the three age groups, each as 総数, 男, 女. */
const ITEMS = { total: 'A1101', young: 'A1301', working: 'A1302', old: 'A1303' } as const;

interface SsdseArea {
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
  /** The census year of the population items (row 2). */
  year: number;
  /** The latest reference year of any of its items (row 2): later editions revise earlier ones. */
  edition: number;
  areas: SsdseArea[];
  /** The column of 総人口, for messages about totals. */
  totalColumn: number;
}

export function isSsdseTable(grid: Grid): boolean {
  const [codes, years, labels] = grid.rows.slice(0, 3).map((r) => r.cells.map(normal));
  return (
    codes?.[0] === 'Code' &&
    years?.[0] === 'Year' &&
    labels?.[0] === '地域コード' &&
    Object.values(ITEMS).every((i) => ['', '01', '02'].every((s) => codes.includes(i + s)))
  );
}

/** Every municipality's population items, checked: each item's 男 + 女 = 総数, the three groups no more than 総人口, one year for all. */
export function readSsdse(grid: Grid): SsdseTable {
  const [codes, years] = grid.rows.slice(0, 2).map((r) => r.cells.map(normal)) as [string[], string[]];
  const col = (item: string) => codes.indexOf(item);
  const total = col(ITEMS.total);
  const year = Number(years[total]);
  for (const item of Object.values(ITEMS)) {
    const c = col(item);
    if (years[c] !== years[total])
      throw new SourceError(
        grid.file,
        grid.rows[1]!.line,
        c + 1,
        `expected the population items to share one year (${years[total]}), found "${years[c] ?? ''}"`,
      );
  }
  if (!/^\d{4}$/.test(years[total] ?? ''))
    throw new SourceError(grid.file, grid.rows[1]!.line, total + 1, `expected a year, found "${years[total] ?? ''}"`);
  const areas: SsdseArea[] = [];
  const seen = new Set<string>();
  for (const row of grid.rows.slice(3)) {
    const c = row.cells;
    if (c.every((x) => x === '')) continue;
    const m = /^R(\d{5})$/.exec(c[0] ?? '');
    if (!m)
      throw new SourceError(
        grid.file,
        row.line,
        1,
        `expected a municipality code such as R01100, found "${c[0] ?? ''}"`,
      );
    if (seen.has(m[1]!)) throw new SourceError(grid.file, row.line, 1, `${m[1]} is given twice`);
    seen.add(m[1]!);
    const [all, young, working, old] = Object.entries(ITEMS).map(([what, item]) => {
      const [t, male, female] = ['', '01', '02'].map((s) => countAt(grid, row, col(item + s), `${item}${s} (${what})`));
      if (t !== male! + female!)
        throw faultAt(grid, row, col(item), `${item} is ${t}, but 男 ${male} + 女 ${female} = ${male! + female!}`);
      return t!;
    }) as [number, number, number, number];
    if (young + working + old > all)
      throw faultAt(
        grid,
        row,
        total,
        `総人口 is ${all}, less than its three age groups ${young} + ${working} + ${old} = ${young + working + old}`,
      );
    areas.push({ code: m[1]!, name: c[2] ?? '', total: all, groups: [young, working, old], row });
  }
  const edition = Math.max(...years.filter((y) => /^\d{4}$/.test(y)).map(Number));
  return { kind: 'ssdse', file: grid.file, year, edition, areas, totalColumn: total };
}
