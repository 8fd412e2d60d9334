// A file no reader recognised may still be one of the tables regstat reads, by its title (e-Stat's head
// of 国勢調査 by 男女 and 年齢5歳階級, 住基's 人口動態（市区町村別）) or by the name ../shared gives it: then
// it is damaged or saved in a way the readers do not take, and skipping it would write an import without
// its years over the previous one (a 2020 census table saved with a second BOM was skipped, the import
// exited 0, and 2020 was gone). Such a file stops the import, saying what is wrong with it.

import { basename } from 'node:path';
import { censusProblem } from './census.ts';
import { normal, type Grid } from './grid.ts';
import { InputError } from '../../build/user-error.ts';

/** The names ../shared/data/official gives the tables (its PROVENANCE.md files), with what each is. */
const NAMES: { name: RegExp; what: string }[] = [
  { name: /^population_census_\d{4}/i, what: 'a census table' },
  { name: /^c03\.csv$/i, what: 'the census time series' },
  { name: /^SSDSE-A-/i, what: 'SSDSE-A' },
  { name: /^SSDSE-[BE]-/i, what: 'SSDSE-B or SSDSE-E' },
  { name: /^juki_population_dynamics/i, what: 'a 住民基本台帳 人口動態 table' },
  { name: /^projection_(prefecture|municipalit)/i, what: 'an IPSS projection table' },
  { name: /^migration_\d{4}/i, what: 'a net-migration table' },
  { name: /^municipality_converter/i, what: 'the municipality converter' },
];

interface Expected {
  what: string;
  /** What says so: its title, or its name. */
  by: string;
}

/** What a file's title or name says it is, when that is a table regstat reads. */
export function expectedTable(file: string, grid: Grid): Expected | undefined {
  // Loosely, as a damaged head may keep its quotes in a cell: the text of the row a label opens.
  const row = (label: string) => {
    const r = grid.rows.slice(0, 8).find((r) => normal(r.cells[0] ?? '').includes(label));
    return r ? normal(r.cells.join('')) : '';
  };
  const title = row('表題');
  if (row('統計名').includes('国勢調査') && title.includes('男女') && /年齢\(?5歳階級/.test(title))
    return { what: 'a census table', by: 'its title (国勢調査, 男女, 年齢5歳階級)' };
  const first = normal(grid.rows[0]?.cells.join('') ?? '');
  if (first.includes('人口動態(市区町村別)'))
    return { what: 'a 住民基本台帳 人口動態 table', by: 'its title (人口動態（市区町村別）)' };
  const named = NAMES.find((n) => n.name.test(basename(file)));
  return named && { what: named.what, by: 'its name' };
}

/** The failure for a file that says it is a table regstat reads, but that no reader recognised. */
export function unreadableTable(name: string, expected: Expected, grid: Grid): InputError {
  const { what, by } = expected;
  const other = by === 'its name' ? 'take it out of the folder or rename it' : 'take it out of the folder';
  return new InputError(
    `${name}: ${by} says it is ${what}, but regstat cannot read it: ${problemOf(what, grid)}; if it is ${what}, download it again (as CSV, UTF-8 or Shift_JIS; see docs/data.md, "Official statistics"); if it is another table, ${other}`,
  );
}

function problemOf(what: string, grid: Grid): string {
  if (grid.rows.length === 0) return 'its first megabyte holds no whole line (is it empty, or not text?)';
  const census = what === 'a census table' ? censusProblem(grid) : null;
  if (census) return census;
  const first = grid.rows[0]!.cells.join(',');
  return `its header is not the one ${what} has (its first line is "${first.length > 80 ? `${first.slice(0, 80)}…` : first}")`;
}
