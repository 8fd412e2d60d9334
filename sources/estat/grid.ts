// An official table as downloaded: every record with its line, read strictly (UTF-8, BOMs dropped), and
// the cell conventions of e-Stat and IPSS downloads (thousands separators, "-" and "***" for none).

import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { decodeUtf8, parseCsv } from '../csv.ts';
import { SourceError } from '../../build/user-error.ts';

export interface GridRow {
  cells: string[];
  line: number;
}

export interface Grid {
  file: string;
  rows: GridRow[];
}

export function readGrid(file: string, bytes: Uint8Array = readFileSync(file)): Grid {
  const rows: GridRow[] = [];
  parseCsv(decode(csvBytes(bytes), file), file, (cells, line) =>
    rows.push({ cells: cells.map((c) => c.trim()), line }),
  );
  return { file, rows };
}

const BOM = [0xef, 0xbb, 0xbf];
const CR = 0x0d;
const LF = 0x0a;

/**
 * The bytes as the CSV reader takes them, where a file is unambiguous but unusual: every leading byte-order
 * mark dropped (a file saved again by an editor that adds one has two, and the second hid its first cell,
 * 統計名, from the readers), and old Mac line endings (CR alone, and no LF anywhere) made LF, so that the
 * first megabyte holds whole lines and a line number is what an editor shows. Anything else is as it was.
 */
export function csvBytes(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (BOM.every((b, i) => bytes[start + i] === b)) start += BOM.length;
  const text = bytes.subarray(start);
  if (text.indexOf(LF) >= 0 || text.indexOf(CR) < 0) return text;
  const lf = Uint8Array.from(text);
  for (let i = lf.indexOf(CR); i >= 0; i = lf.indexOf(CR, i + 1)) lf[i] = LF;
  return lf;
}

/** UTF-8, or Shift_JIS as e-Stat also offers its downloads; anything else fails at its first bad byte. */
function decode(bytes: Uint8Array, file: string): string {
  if (isUtf8(bytes)) return decodeUtf8(bytes, file);
  try {
    return new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
  } catch {
    return decodeUtf8(bytes, file); // throws, at the first byte that is not UTF-8
  }
}

const GROUPED = /^-?\d{1,3}(,\d{3})+$/;
const PLAIN = /^-?\d+$/;

/**
 * A count in cell `col` (0-based) of a row. e-Stat writes "-" and "***" (当該数値がないもの) where there
 * is nobody to count: both are 0. Anything else that is not an integer stops the import where it stands.
 */
export function countAt(grid: Grid, row: GridRow, col: number, what: string, signed = false): number {
  const raw = row.cells[col];
  if (raw === undefined)
    throw new SourceError(
      grid.file,
      row.line,
      col + 1,
      `expected ${what}, but the row ends after ${row.cells.length} cells`,
    );
  if (raw === '-' || raw === '***') return 0;
  if (PLAIN.test(raw) || GROUPED.test(raw)) {
    const n = Number(raw.replaceAll(',', ''));
    if (n < 0 && !signed)
      throw new SourceError(grid.file, row.line, col + 1, `expected ${what} (a count, 0 or more), found "${raw}"`);
    return n;
  }
  throw new SourceError(
    grid.file,
    row.line,
    col + 1,
    `expected ${what} (an integer, thousands separators allowed, or "-"/"***" for none), found "${raw}"`,
  );
}

/** Header text as e-Stat varies it: fullwidth digits and tildes, units in 【】. */
export const normal = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/【.*?】/g, '')
    .replace(/\s+/g, '');

type AgeHeader =
  | { kind: 'total' }
  | { kind: 'class'; from: number; to: number | null }
  | { kind: 'unknown' }
  | { kind: 'recap' };

/** What an age column header names: 総数, a 5-year class (0～4歳, ０－４歳, 0歳～4歳), an open class (100歳以上), 年齢「不詳」 or a (再掲) sum. */
export function ageHeader(text: string): AgeHeader | null {
  const s = normal(text);
  if (s === '総数') return { kind: 'total' };
  if (s.includes('再掲')) return { kind: 'recap' };
  if (s.includes('不詳')) return { kind: 'unknown' };
  let m = /^(\d+)歳?[~\-〜](\d+)歳$/.exec(s);
  if (m) return { kind: 'class', from: Number(m[1]), to: Number(m[2]) };
  m = /^(\d+)歳以上$/.exec(s);
  if (m) return { kind: 'class', from: Number(m[1]), to: null };
  return null;
}

/** The 19 classes RESAS showed (0–4 … 85–89, 90 and over) from finer ones: index = from / 5, 90+ folded. */
export function foldClasses(classes: { from: number; count: number }[]): number[] {
  const out = new Array<number>(19).fill(0);
  for (const c of classes) out[Math.min(18, c.from / 5)]! += c.count;
  return out;
}

/** A fault found after reading (a total that does not add up), reported at the row that states the total. */
export function faultAt(grid: Grid, row: GridRow, col: number, detail: string): SourceError {
  return new SourceError(grid.file, row.line, col + 1, detail);
}

/**
 * The 20 columns of an age block from `start`: 総数, then 0～4歳 … 85～89歳, then 90歳以上 (IPSS and the
 * migration tables lay them out alike); `where` says where in the header, for the message.
 */
export function fiveYearBlock(grid: Grid, ages: GridRow, start: number, where: string): number[] {
  return Array.from({ length: 20 }, (_, i) => {
    const col = start + i;
    const h = ageHeader(ages.cells[col] ?? '');
    const ok =
      i === 0
        ? h?.kind === 'total'
        : h?.kind === 'class' && h.from === (i - 1) * 5 && (i === 19 ? h.to === null : h.to === h.from + 4);
    if (!ok)
      throw new SourceError(
        grid.file,
        ages.line,
        col + 1,
        `expected ${i === 0 ? '総数' : i === 19 ? '90歳以上' : `${(i - 1) * 5}～${(i - 1) * 5 + 4}歳`} ${where}, found "${ages.cells[col] ?? ''}"`,
      );
    return col;
  });
}
