// SSDSE-A, 統計センター's municipal cross-section, in every edition: one file per edition, row 1 the item
// codes, row 2 each item's reference year, row 3 the labels, then `R<5-digit code>` rows for the 1,741
// municipalities and designated cities (no wards). Items move between editions (地方税 sits in columns 83,
// 85, 85, 81, 81, 82 of the editions 2018–2023), so they are found by code and checked by label.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SourceError } from '../../build/user-error.ts';
import { countAt, normal, readGrid, type Grid } from '../estat/grid.ts';

/** An SSDSE-A item: its code and its label as `normal` writes it (ASCII parentheses, no spaces). */
interface SsdseItem {
  code: string;
  label: string;
}

/** Per reference year, per municipality code, the items' values in the order asked. */
type SsdseSeries = Map<number, Map<string, number[]>>;

/** A check of one row's values: the index of the item at fault and what is wrong, or nothing. */
type SsdseCheck = (values: number[]) => { item: number; message: string } | undefined;

const EDITION = /^SSDSE-A-\d{4}\.csv$/;

/** Codes the older editions (and 住基 tables of those years) use for a municipality renamed since: 那珂川町 became 那珂川市 in 2018. */
const RENAMED: Record<string, string> = { '40305': '40231' };

/** The code a municipality has today. */
export const currentCode = (code: string): string => RENAMED[code] ?? code;

/** The columns of `items` in an edition, checked by label, and the one reference year they share there. */
function itemColumns(grid: Grid, items: SsdseItem[]): { cols: number[]; year: number } {
  const [codes, years, labels] = grid.rows;
  if (!codes || !years || !labels) throw new SourceError(grid.file, 1, 1, "expected SSDSE-A's three header rows");
  const cols = items.map((item) => {
    const col = codes.cells.indexOf(item.code);
    if (col < 0) throw new SourceError(grid.file, codes.line, 1, `expected item ${item.code} (${item.label}) in row 1`);
    if (normal(labels.cells[col] ?? '') !== item.label)
      throw new SourceError(grid.file, labels.line, col + 1, `expected ${item.code} to be labelled ${item.label}`);
    return col;
  });
  const found = cols.map((col) => Number(years.cells[col]));
  const year = found[0];
  if (year === undefined || !Number.isInteger(year))
    throw new SourceError(grid.file, years.line, (cols[0] ?? 0) + 1, 'expected the reference year of the item');
  const other = found.findIndex((y) => y !== year);
  if (other >= 0)
    throw new SourceError(
      grid.file,
      years.line,
      cols[other]! + 1,
      `expected the reference year ${year} of ${items[0]!.code}`,
    );
  return { cols, year };
}

/**
 * `items` of every municipality in every SSDSE-A edition in `dir`, per reference year; where two editions
 * give the same year, the later edition's figures win (a revision).
 */
export function ssdseSeries(dir: string, items: SsdseItem[], check?: SsdseCheck): SsdseSeries {
  const out: SsdseSeries = new Map();
  for (const f of readdirSync(dir)
    .filter((f) => EDITION.test(f))
    .sort()) {
    const grid = readGrid(join(dir, f));
    const { cols, year } = itemColumns(grid, items);
    const values = new Map<string, number[]>();
    for (const row of grid.rows.slice(3)) {
      const m = /^R(\d{5})$/.exec(row.cells[0] ?? '');
      if (!m?.[1]) throw new SourceError(grid.file, row.line, 1, `expected a region code such as R13103`);
      const figures = cols.map((col, i) => countAt(grid, row, col, items[i]!.label));
      const fault = check?.(figures);
      if (fault) throw new SourceError(grid.file, row.line, cols[fault.item]! + 1, fault.message);
      values.set(currentCode(m[1]), figures);
    }
    out.set(year, values);
  }
  return out;
}
