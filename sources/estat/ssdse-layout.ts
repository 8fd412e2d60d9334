// 統計センター's SSDSE tables as the anchors read them, in one place. SSDSE-A (municipalities, one file per
// edition) and SSDSE-E (prefectures, one cross-section): row 1 the item codes, row 2 each item's reference
// year, row 3 the labels, then one row per region coded `R<5-digit code>`. Items move between editions
// (地方税 sits in columns 83, 85, 85, 81, 81, 82 of the editions 2018–2023), so they are found by code and
// checked by label. SSDSE-B (prefectures × years): one header row of labels, 年度 and 地域コード first.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SourceError } from '../../build/user-error.ts';
import { countAt, normal, readGrid, type Grid, type GridRow } from './grid.ts';

/** An SSDSE item: its code and its label as `normal` writes it (ASCII parentheses, no spaces), or one an edition used instead. */
export interface SsdseItem {
  code: string;
  label: string;
  /** Labels earlier editions gave the same item (the 2018 edition's 人口総数 for 総人口). */
  also?: readonly string[];
}

/** What an SSDSE table is, from its header rows alone: A (municipalities), B (prefectures × years) or E (prefectures). */
type SsdseKind = 'A' | 'B' | 'E';

/**
 * The kind of an SSDSE table, by its content: row 1's first head varies (`Code`, `code`, `SSDSE-A-2021`), so
 * A and E are told by row 3's region heads and row 1's item codes, B by its one header row of labels.
 */
export function ssdseKind(grid: Grid): SsdseKind | null {
  const [codes, , labels] = grid.rows.slice(0, 3).map((r) => r.cells.map(normal));
  if (codes?.[0] === '年度' && codes[1] === '地域コード' && codes[2] === '都道府県' && codes.includes('総人口'))
    return 'B';
  if (labels?.[0] !== '地域コード' || labels[1] !== '都道府県' || !codes?.includes('A1101')) return null;
  return labels[2] === '市区町村' ? 'A' : 'E';
}

/** Per reference year, per municipality code, the values of one item or of several in the order asked. */
type ByYear<T> = Map<number, Map<string, T>>;

/** A check of one row's values: the index of the item at fault and what is wrong, or nothing. */
type SsdseCheck = (values: number[]) => { item: number; message: string } | undefined;

/** Codes the older editions (and 住基 tables of those years) use for a municipality renamed since: 那珂川町 became 那珂川市 in 2018. */
const RENAMED: Record<string, string> = { '40305': '40231' };

/** The code a municipality has today. */
export const currentCode = (code: string): string => RENAMED[code] ?? code;

/** Every SSDSE-A edition in `dir`, oldest first, read. */
export const ssdseEditions = (dir: string): Grid[] =>
  readdirSync(dir)
    .filter((f) => /^SSDSE-A-\d{4}\.csv$/.test(f))
    .sort()
    .map((f) => readGrid(join(dir, f)));

/** An item's column in an SSDSE-A or -E table, checked by its label, and the reference year it gives. */
export function itemColumn(grid: Grid, item: SsdseItem): { col: number; year: number } {
  const [codes, years, labels] = grid.rows;
  if (!codes || !years || !labels) throw new SourceError(grid.file, 1, 1, "expected SSDSE's three header rows");
  const col = codes.cells.indexOf(item.code);
  if (col < 0) throw new SourceError(grid.file, codes.line, 1, `expected item ${item.code} (${item.label}) in row 1`);
  const label = normal(labels.cells[col] ?? '');
  if (label !== item.label && !item.also?.includes(label))
    throw new SourceError(
      grid.file,
      labels.line,
      col + 1,
      `expected ${item.code} to be labelled ${item.label}, found "${labels.cells[col] ?? ''}"`,
    );
  const year = Number(years.cells[col]);
  if (!Number.isInteger(year))
    throw new SourceError(grid.file, years.line, col + 1, "expected the item's reference year");
  return { col, year };
}

/** The one column of SSDSE-B's header row headed `label` (as `normal` writes it). */
export function labelColumn(grid: Grid, label: string): number {
  const header = grid.rows[0];
  const cols = header?.cells.flatMap((c, i) => (normal(c) === label ? [i] : [])) ?? [];
  if (cols.length !== 1)
    throw new SourceError(grid.file, header?.line ?? 1, 1, `expected one column headed ${label}, found ${cols.length}`);
  return cols[0] ?? 0;
}

/** The municipality of an SSDSE-A row (`R13103`), under the code it has today. */
export function municipalityOf(grid: Grid, row: GridRow): string {
  const m = /^R(\d{5})$/.exec(row.cells[0] ?? '');
  if (!m?.[1]) throw new SourceError(grid.file, row.line, 1, 'expected a region code such as R13103');
  return currentCode(m[1]);
}

/**
 * `items` of every municipality in every SSDSE-A edition in `dir`, per reference year, which they must
 * share in each edition; where two editions give the same year, the later edition's figures win.
 */
export const ssdseSeries = (dir: string, items: SsdseItem[], check?: SsdseCheck): ByYear<number[]> =>
  seriesOf(ssdseEditions(dir), items, check);

function seriesOf(editions: Grid[], items: SsdseItem[], check?: SsdseCheck): ByYear<number[]> {
  const out: ByYear<number[]> = new Map();
  for (const grid of editions) {
    const columns = items.map((item) => itemColumn(grid, item));
    const year = columns[0]?.year ?? 0;
    const other = columns.find((c) => c.year !== year);
    if (other)
      throw new SourceError(grid.file, 2, other.col + 1, `expected the reference year ${year} of ${items[0]?.code}`);
    const values = new Map<string, number[]>();
    for (const row of grid.rows.slice(3)) {
      const figures = columns.map((c, i) => countAt(grid, row, c.col, items[i]?.label ?? ''));
      const fault = check?.(figures);
      if (fault) throw new SourceError(grid.file, row.line, (columns[fault.item]?.col ?? 0) + 1, fault.message);
      values.set(municipalityOf(grid, row), figures);
    }
    out.set(year, values);
  }
  return out;
}

/** Each of `items` on its own (its reference year may differ from the others'), by item code: as ssdseSeries. */
export const ssdseByItem = (dir: string, items: SsdseItem[]): Map<string, ByYear<number>> =>
  ssdseByItemOf(ssdseEditions(dir), items);

/** ssdseByItem over editions already read, oldest first (the importer's, recognised by content). */
export function ssdseByItemOf(editions: Grid[], items: SsdseItem[]): Map<string, ByYear<number>> {
  const single = (series: ByYear<number[]>): ByYear<number> =>
    new Map([...series].map(([year, byCity]) => [year, new Map([...byCity].map(([c, [n = 0]]) => [c, n]))]));
  return new Map(items.map((item) => [item.code, single(seriesOf(editions, [item]))]));
}
