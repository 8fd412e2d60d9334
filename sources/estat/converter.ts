// The municipality code converter (Kondo 2019, 市区町村コンバータ): for every municipality of a census year
// since 1980, the municipality of 2020 it lies in today. It is how past figures reach today's municipalities.

import type { Grid } from './grid.ts';
import { SourceError } from '../../build/user-error.ts';

export interface Converter {
  kind: 'converter';
  file: string;
  /** Census year → that year's municipality code → the 2020 code it became (five digits). */
  to2020: Map<number, Map<string, string>>;
  rows: number;
}

const YEAR_COLUMN = /^id_muni(\d{4})$/;

export function isConverter(grid: Grid): boolean {
  const header = grid.rows[0]?.cells ?? [];
  return header.includes('id_muni2020') && header.some((h) => YEAR_COLUMN.test(h) && h !== 'id_muni2020');
}

export function readConverter(grid: Grid): Converter {
  const [header, ...rows] = grid.rows;
  const to = header!.cells.indexOf('id_muni2020');
  const years = header!.cells.flatMap((h, col) => {
    const m = YEAR_COLUMN.exec(h);
    return m && col !== to ? [{ year: Number(m[1]), col }] : [];
  });
  const to2020 = new Map(years.map((y) => [y.year, new Map<string, string>()]));
  const code = (row: (typeof rows)[number], col: number): string | null => {
    const raw = row.cells[col] ?? '';
    if (raw === '') return null;
    if (!/^\d{4,5}$/.test(raw))
      throw new SourceError(
        grid.file,
        row.line,
        col + 1,
        `expected a municipality code (4 or 5 digits, the leading zero may be dropped) or nothing, found "${raw}"`,
      );
    return raw.padStart(5, '0');
  };
  for (const row of rows) {
    const today = code(row, to);
    if (!today) continue; // a municipality that no longer exists on its own carries its successor in id_muni2020
    for (const y of years) {
      const past = code(row, y.col);
      if (!past) continue;
      const map = to2020.get(y.year)!;
      const known = map.get(past);
      if (known && known !== today)
        throw new SourceError(
          grid.file,
          row.line,
          y.col + 1,
          `${y.year} municipality ${past} is mapped to ${known} above and to ${today} here; regstat cannot divide one municipality's figures between two`,
        );
      map.set(past, today);
    }
  }
  return { kind: 'converter', file: grid.file, to2020, rows: rows.length };
}
