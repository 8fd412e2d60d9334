// The all-class totals of medicalAnalysis/chart's matter2 that SSDSE gives as the original defined them:
// 202 一般診療所数 and 203 歯科診療所数 (医療施設調査, 1 October), 206 歯科医師数 and 208 薬剤師数
// (医師・歯科医師・薬剤師統計, 31 December, 総数 by place of work). Municipalities from SSDSE-A (every
// edition, items by code and label; designated cities whole), prefectures from SSDSE-B for the years
// SSDSE-A lacks. Only the years the operation serves (sources/medical-codes.ts) are kept.
// Not anchored, because the tables' statistic is not the original's: 201 (SSDSE's 一般病院数 leaves out
// 精神科病院; RESAS's 病院数 counts every hospital) and 205 (SSDSE's 医師数 is every registered doctor;
// RESAS's, classed by 主たる診療科 with 臨床研修医, 全科, その他, 不詳, those working in medical facilities).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SourceError } from '../../build/user-error.ts';
import { countAt, readGrid, type Grid } from '../estat/grid.ts';
import { labelColumn, ssdseByItemOf, ssdseEditions } from '../estat/ssdse-layout.ts';
import { MATTER2 } from '../medical-codes.ts';

/** The anchored matter2, their SSDSE-A item and label, and their column in the anchor file. */
export const MEDICAL_ITEMS = [
  { matter2: '202', item: 'I5102', label: '一般診療所数', column: 'clinics' },
  { matter2: '203', item: 'I5103', label: '歯科診療所数', column: 'dentalClinics' },
  { matter2: '206', item: 'I6200', label: '歯科医師数', column: 'dentists' },
  { matter2: '208', item: 'I6300', label: '薬剤師数', column: 'pharmacists' },
] as const;

/** Counts by matter2, year and region code (5-digit municipality or 2-digit prefecture). */
type Counts = Map<string, Map<number, Map<string, number>>>;

/** A row of the anchor file: region, year and one cell per MEDICAL_ITEMS entry (empty where not given). */
type MedicalRow = [regionCode: string, year: number, ...counts: (number | '')[]];

export interface MedicalReport {
  /** Per matter2: the municipal years (SSDSE-A) and the prefecture years (SSDSE-B) kept. */
  years: { matter2: string; municipal: number[]; prefecture: number[] }[];
  /** Per matter2 and year both tables give: prefectures whose SSDSE-B figure is not Σ of SSDSE-A's municipalities. */
  disagreements: { matter2: string; year: number; prefCode: string; a: number; b: number }[];
  checkedYears: number[];
}

const yearsServed = (matter2: string) =>
  new Set(Object.values(MATTER2.find((m) => m.code === matter2)?.years ?? {}).flat());

/** SSDSE-A: per matter2 and year, each municipality's count; a later edition's year wins whole. */
function ssdseA(editions: Grid[]): Counts {
  const byItem = ssdseByItemOf(
    editions,
    MEDICAL_ITEMS.map((m) => ({ code: m.item, label: m.label })),
  );
  return new Map(MEDICAL_ITEMS.map((m) => [m.matter2, byItem.get(m.item) ?? new Map()]));
}

/** SSDSE-B: per matter2 it gives (202, 203) and year, each prefecture's count. */
function ssdseB(grid: Grid | undefined): Counts {
  if (!grid) return new Map();
  const items = MEDICAL_ITEMS.filter((m) => m.matter2 === '202' || m.matter2 === '203');
  const cols = items.map((m) => labelColumn(grid, m.label));
  const out: Counts = new Map(items.map((m) => [m.matter2, new Map()]));
  for (const row of grid.rows.slice(1)) {
    const year = Number(row.cells[0]);
    const m = /^R(\d{2})000$/.exec(row.cells[1] ?? '');
    if (!Number.isInteger(year) || !m?.[1])
      throw new SourceError(grid.file, row.line, 1, 'expected a year and a prefecture code such as R13000');
    items.forEach((item, i) => {
      const byYear = out.get(item.matter2);
      const counts = byYear?.get(year) ?? new Map<string, number>();
      byYear?.set(year, counts);
      counts.set(m[1] ?? '', countAt(grid, row, cols[i]!, item.label));
    });
  }
  return out;
}

/** Prefectures whose SSDSE-B figure is not the sum of SSDSE-A's municipalities, in every year both give. */
function disagreements(a: Counts, b: Counts): MedicalReport['disagreements'] {
  const out: MedicalReport['disagreements'] = [];
  for (const [matter2, byYear] of b)
    for (const [year, prefs] of byYear) {
      const municipal = a.get(matter2)?.get(year);
      if (!municipal) continue;
      const sums = new Map<string, number>();
      for (const [code, n] of municipal) sums.set(code.slice(0, 2), (sums.get(code.slice(0, 2)) ?? 0) + n);
      for (const [prefCode, n] of prefs)
        if (sums.get(prefCode) !== n) out.push({ matter2, year, prefCode, a: sums.get(prefCode) ?? 0, b: n });
    }
  return out;
}

/**
 * The anchor rows, by region code and year: municipalities in the years SSDSE-A gives and the operation
 * serves; prefectures in the served years SSDSE-B gives and SSDSE-A does not.
 */
export function medicalRows(official: string): { rows: MedicalRow[]; report: MedicalReport } {
  const dir = join(official, 'ssdse');
  const bFile = join(dir, 'SSDSE-B-2023.csv');
  for (const p of [dir, bFile]) if (!existsSync(p)) throw new SourceError(p, 1, 1, 'no such file or folder');
  return medicalRowsOf(ssdseEditions(dir), readGrid(bFile));
}

/** medicalRows of SSDSE-A editions (oldest first) and SSDSE-B already read: the importer's, recognised by content. */
export function medicalRowsOf(
  editions: Grid[],
  bGrid: Grid | undefined,
): { rows: MedicalRow[]; report: MedicalReport } {
  const [a, b] = [ssdseA(editions), ssdseB(bGrid)];
  const cells = new Map<string, (number | '')[]>();
  const years: MedicalReport['years'] = [];
  MEDICAL_ITEMS.forEach((item, i) => {
    const served = yearsServed(item.matter2);
    const kept = { matter2: item.matter2, municipal: [] as number[], prefecture: [] as number[] };
    const take = (byYear: Map<number, Map<string, number>> | undefined, skip: Set<number>, into: number[]) => {
      for (const [year, counts] of byYear ?? [])
        if (served.has(year) && !skip.has(year)) {
          into.push(year);
          for (const [code, n] of counts) {
            const key = `${code}|${year}`;
            const row = cells.get(key) ?? MEDICAL_ITEMS.map((): number | '' => '');
            row[i] = n;
            cells.set(key, row);
          }
        }
    };
    take(a.get(item.matter2), new Set(), kept.municipal);
    take(b.get(item.matter2), new Set(a.get(item.matter2)?.keys()), kept.prefecture);
    const up = (xs: number[]) => xs.sort((x, y) => x - y);
    years.push({ matter2: item.matter2, municipal: up(kept.municipal), prefecture: up(kept.prefecture) });
  });
  const rows = [...cells]
    .map(([key, counts]): MedicalRow => [key.slice(0, key.indexOf('|')), Number(key.slice(-4)), ...counts])
    .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]));
  const checkedYears = [...(b.get('202')?.keys() ?? [])].filter((y) => a.get('202')?.has(y)).sort((x, y) => x - y);
  return { rows, report: { years, disagreements: disagreements(a, b), checkedYears } };
}
