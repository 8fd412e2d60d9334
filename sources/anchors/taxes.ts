// Local tax per resident (municipality/taxes/perYear) as RESAS computed it: SSDSE-A's 地方税（市町村財政）
// (item D320101, thousand yen) of fiscal year t over the 住民基本台帳 population of 1 January t+1 (総計:
// Japanese and foreign residents). RESAS's answer for 港区 is exactly that, rounded: 292, 308, 303, 304, 331
// for FY2015–2019 (test/sources/official-taxes.test.ts). Census populations would give 293 for 2015.
// SSDSE-A lists designated cities whole; the 住基 tables list their wards too, which get residents only.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SourceError } from '../../build/user-error.ts';
import { readGrid } from '../estat/grid.ts';
import { isJukiTable, readJuki } from '../estat/juki.ts';
import { currentCode, ssdseByItem } from '../estat/ssdse-layout.ts';

const TAXES = { code: 'D320101', label: '地方税(市町村財政)' };

/** One row of the anchor file: a municipality's (or ward's) code, fiscal year, tax revenue (none for a ward) and residents. */
type TaxRow = [cityCode: string, year: number, taxes: number | '', residents: number];

export interface TaxReport {
  years: number[];
  /** Per year: municipalities with taxes, and regions with residents. */
  counts: { year: number; taxes: number; residents: number }[];
  /** Codes SSDSE-A gives taxes for and the 住基 table no residents (left out). */
  unmatched: string[];
}

/** Per fiscal year, each municipality's 地方税 (thousand yen), from every SSDSE-A edition in `dir`. */
const ssdseTaxes = (dir: string): Map<number, Map<string, number>> =>
  ssdseByItem(dir, [TAXES]).get(TAXES.code) ?? new Map();

/** Per year of the events, each area's residents on 1 January of the next year, from the 住基 tables in `dir`. */
function jukiResidents(dir: string): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    const grid = readGrid(join(dir, f));
    if (!isJukiTable(grid)) continue;
    const table = readJuki(grid);
    // Prefectures (code ending 000) are the sums of their municipalities: not anchored.
    out.set(
      table.year,
      new Map(table.areas.filter((a) => !a.code.endsWith('000')).map((a) => [currentCode(a.code), a.population])),
    );
  }
  return out;
}

/** The anchor rows of every fiscal year both tables give, in code and year order, and what the checks found. */
export function municipalTaxRows(official: string): { rows: TaxRow[]; report: TaxReport } {
  const ssdse = join(official, 'ssdse');
  const juki = join(official, 'juki-vital');
  for (const d of [ssdse, juki]) if (!existsSync(d)) throw new SourceError(d, 1, 1, 'no such folder');
  const taxes = ssdseTaxes(ssdse);
  const residents = jukiResidents(juki);
  const years = [...taxes.keys()].filter((y) => residents.has(y)).sort((a, b) => a - b);
  const rows: TaxRow[] = [];
  const unmatched = new Set<string>();
  for (const year of years) {
    const t = taxes.get(year)!;
    // A municipality SSDSE-A lists, or a ward of a designated city it lists (01101 of 01100); 住基's other areas are not anchored.
    const ward = (code: string) => !t.has(code) && t.has(`${code.slice(0, 3)}00`);
    for (const [code, n] of residents.get(year)!)
      if (t.has(code) || ward(code)) rows.push([code, year, t.get(code) ?? '', n]);
    for (const code of t.keys()) if (!residents.get(year)!.has(code)) unmatched.add(`${code} (${year})`);
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  const counts = years.map((year) => ({
    year,
    taxes: rows.filter((r) => r[1] === year && r[2] !== '').length,
    residents: rows.filter((r) => r[1] === year).length,
  }));
  return { rows, report: { years, counts, unmatched: [...unmatched] } };
}
