// Guest nights (延べ宿泊者数) and foreign guest nights by prefecture and calendar year, for
// tourism/hotelAnalysis/groupStack: SSDSE-B (2009–2020, one row a prefecture-year, items by their label)
// and SSDSE-E (one cross-section, items by code and label, here 2021). Both take them from 社会・人口統計体系,
// which takes them from 宿泊旅行統計調査 for the facilities of 10 or more employees only: the 47
// prefectures add up to 500,979,890 for 2019, where the survey's every facility made about 596 million.
// So these are RESAS's employee-size classes 10～29人, 30～99人 and 100人以上 together, never its total
// (test/sources/official-stays.test.ts checks the sum of the classes; sources/official/README.md says more).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SourceError } from '../../build/user-error.ts';
import { countAt, normal, readGrid, type Grid, type GridRow } from '../estat/grid.ts';
import { itemColumn, labelColumn } from '../estat/ssdse-layout.ts';

/** The two items, as SSDSE labels them (NFKC), and SSDSE-E's codes for them. */
const ITEMS = {
  guests: { label: '延べ宿泊者数', code: 'G7101' },
  foreignGuests: { label: '外国人延べ宿泊者数', code: 'G7102' },
} as const;
const FILES = { b: 'ssdse/SSDSE-B-2023.csv', e: 'ssdse/SSDSE-E-2023.csv' } as const;

/** One row of the anchor file: every guest night (Japanese and foreign) and the foreign ones. */
type StayRow = [prefCode: number, year: number, guests: number, foreignGuests: number];
/** A row as read, with the line it came from. */
type Read = { row: StayRow; line: number };

export interface StayReport {
  /** Per year and file: the national sums of the two items. */
  years: { year: number; file: string; guests: number; foreignGuests: number }[];
}

/** The prefecture of a region code such as R13000 (SSDSE's codes: R, the 5-digit local-government code). */
function prefectureOf(grid: Grid, row: GridRow, col: number): number | undefined {
  if (row.cells[col] === 'R00000') return undefined; // the nation (SSDSE-E): the prefectures' sum
  const m = /^R(\d{2})000$/.exec(row.cells[col] ?? '');
  if (!m) throw new SourceError(grid.file, row.line, col + 1, `expected a prefecture's code such as R13000`);
  const code = Number(m[1]);
  if (code < 1 || code > 47) throw new SourceError(grid.file, row.line, col + 1, `no prefecture has code ${code}`);
  return code;
}

/** The two counts of a row, from the columns of all guest nights and of the foreign ones. */
const counts = (grid: Grid, row: GridRow, g: number, f: number): [number, number] => [
  countAt(grid, row, g, ITEMS.guests.label),
  countAt(grid, row, f, ITEMS.foreignGuests.label),
];

/** SSDSE-B: the year (年度, a calendar year for these items), 地域コード, then the items, one header row. */
function ssdseB(file: string): Read[] {
  const grid = readGrid(file);
  const header = grid.rows[0];
  if (!header || normal(header.cells[0] ?? '') !== '年度' || normal(header.cells[1] ?? '') !== '地域コード')
    throw new SourceError(file, 1, 1, 'expected SSDSE-B: a header row starting 年度, 地域コード');
  const [g, f] = [labelColumn(grid, ITEMS.guests.label), labelColumn(grid, ITEMS.foreignGuests.label)];
  return grid.rows.slice(1).map((row): Read => {
    const year = Number(row.cells[0]);
    if (!/^\d{4}$/.test(row.cells[0] ?? '')) throw new SourceError(file, row.line, 1, 'expected a year such as 2019');
    const prefCode = prefectureOf(grid, row, 1);
    if (prefCode === undefined) throw new SourceError(file, row.line, 2, 'expected a prefecture, not the nation');
    return { row: [prefCode, year, ...counts(grid, row, g, f)], line: row.line };
  });
}

/** SSDSE-E: item codes in row 1, each item's year in row 2, labels in row 3, then one row a region. */
function ssdseE(file: string): Read[] {
  const grid = readGrid(file);
  const [g, f] = [itemColumn(grid, ITEMS.guests), itemColumn(grid, ITEMS.foreignGuests)];
  if (g.year !== f.year)
    throw new SourceError(file, 2, f.col + 1, `expected both items of one year, found ${g.year} and ${f.year}`);
  return grid.rows.slice(3).flatMap((row): Read[] => {
    const prefCode = prefectureOf(grid, row, 0);
    if (prefCode === undefined) return [];
    return [{ row: [prefCode, g.year, ...counts(grid, row, g.col, f.col)], line: row.line }];
  });
}

/** Each prefecture-year once, all 47 prefectures in every year, foreign nights within all nights. */
function checked(read: Read[], file: string): StayRow[] {
  const seen = new Set<string>();
  for (const { row, line } of read) {
    const [prefCode, year, guests, foreign] = row;
    if (seen.has(`${prefCode}|${year}`)) throw new SourceError(file, line, 1, `prefecture ${prefCode} ${year} again`);
    seen.add(`${prefCode}|${year}`);
    if (foreign > guests)
      throw new SourceError(
        file,
        line,
        1,
        `prefecture ${prefCode} ${year}: more foreign guest nights than guest nights`,
      );
  }
  const rows = read.map((r) => r.row);
  for (const year of new Set(rows.map((r) => r[1])))
    if (rows.filter((r) => r[1] === year).length !== 47)
      throw new SourceError(file, 1, 1, `${year}: expected a row for each of the 47 prefectures`);
  return rows;
}

/** The anchor rows (SSDSE-B's years, then SSDSE-E's that B lacks), by prefecture and year, and their sums. */
export function prefectureStayRows(official: string): { rows: StayRow[]; report: StayReport } {
  const [b, e] = [join(official, FILES.b), join(official, FILES.e)];
  for (const f of [b, e]) if (!existsSync(f)) throw new SourceError(f, 1, 1, 'no such file');
  const fromB = checked(ssdseB(b), b);
  const bYears = new Set(fromB.map((r) => r[1]));
  const fromE = checked(ssdseE(e), e).filter((r) => !bYears.has(r[1]));
  const rows = [...fromB, ...fromE].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const years = [...new Set(rows.map((r) => r[1]))].sort((x, y) => x - y);
  const sum = (year: number, i: 2 | 3) => rows.filter((r) => r[1] === year).reduce((a, r) => a + r[i], 0);
  return {
    rows,
    report: {
      years: years.map((year) => ({
        year,
        file: bYears.has(year) ? 'SSDSE-B' : 'SSDSE-E',
        guests: sum(year, 2),
        foreignGuests: sum(year, 3),
      })),
    },
  };
}
