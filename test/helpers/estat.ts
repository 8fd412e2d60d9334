// The real official tables beside the repository (never copied into it: tests copy them into a temp
// folder at test time), and small tools to corrupt one cell of a copy and say where it stands.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SHARED_DATA } from './paths.ts';

export const OFFICIAL = join(SHARED_DATA, 'official');
/** The files `npm run import:estat` reads, by the names PROVENANCE.md gives them. */
export const REAL = {
  converter: join(OFFICIAL, 'census-estat', 'municipality_converter_jp.csv'),
  census1980: join(OFFICIAL, 'census-estat', 'population_census_1980_table00101.csv'),
  census2020: join(OFFICIAL, 'census-estat', 'population_census_2020_table2-7-1.csv'),
  ipss: join(OFFICIAL, 'ipss-2018', 'projection_prefecture.csv'),
} as const;
export type RealTable = keyof typeof REAL;
export const HAS_OFFICIAL = Object.values(REAL).every((f) => existsSync(f));
export const OFFICIAL_SKIP_NOTE = `needs the real official tables in ${OFFICIAL} (census-estat/, ipss-2018/; set REGSTAT_SHARED to the parent of data/); not found, so skipped`;

/** The cells of one CSV line as written, quotes kept (the official tables hold no line break in a cell). */
export function rawCells(line: string): string[] {
  const cells: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/gy;
  for (let m; (m = re.exec(line)); ) {
    cells.push(m[1]!);
    if (m[2] === '') break;
  }
  return cells;
}

export const unquote = (raw: string) =>
  (raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw).replace(/^\ufeff/, '');
export const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
/** A count as e-Stat writes it: "1,234,567". */
export const grouped = (n: number) => quote(n.toLocaleString('en'));
export const countOf = (raw: string) => Number(unquote(raw).replaceAll(',', ''));

/** A copy of a table as lines (1-based through `line`), to find and change cells in. */
export class Table {
  readonly lines: string[];
  constructor(readonly file: string) {
    this.lines = readFileSync(file, 'utf8').split('\n');
  }
  cells(line: number): string[] {
    return rawCells(this.lines[line - 1]!.replace(/\r$/, ''));
  }
  /** The 1-based column whose header cell (unquoted) is `text`, in header line `line`. */
  column(line: number, text: string | RegExp, from = 1): number {
    const i = this.cells(line).findIndex(
      (c, i) => i + 1 >= from && (typeof text === 'string' ? unquote(c) === text : text.test(unquote(c))),
    );
    if (i < 0) throw new Error(`${this.file}:${line}: no header ${text}`);
    return i + 1;
  }
  /** The lines whose cells (unquoted) include every one of `values`. */
  find(...values: string[]): number[] {
    const out: number[] = [];
    this.lines.forEach((l, i) => {
      if (!values.every((v) => l.includes(v))) return;
      const cells = rawCells(l).map(unquote);
      if (values.every((v) => cells.includes(v))) out.push(i + 1);
    });
    return out;
  }
  one(...values: string[]): number {
    const found = this.find(...values);
    if (found.length !== 1) throw new Error(`${this.file}: ${found.length} lines hold ${values.join(', ')}`);
    return found[0]!;
  }
  get(line: number, column: number): string {
    return this.cells(line)[column - 1]!;
  }
  set(line: number, column: number, raw: string): this {
    const cells = this.cells(line);
    cells[column - 1] = raw;
    this.lines[line - 1] = cells.join(',') + (this.lines[line - 1]!.endsWith('\r') ? '\r' : '');
    return this;
  }
  /** Adds `by` to a count, written back in the cell's own style (grouped and quoted, or plain). */
  add(line: number, column: number, by: number): this {
    const raw = this.get(line, column);
    const n = countOf(raw) + by;
    return this.set(line, column, raw.startsWith('"') ? grouped(n) : String(n));
  }
  remove(lines: number[]): this {
    for (const l of [...lines].sort((a, b) => b - a)) this.lines.splice(l - 1, 1);
    return this;
  }
  write(to: string): void {
    writeFileSync(to, this.lines.join('\n'));
  }
}

/** Every file under `dir` (relative path → sha256), to compare folders byte for byte. */
export function digests(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
