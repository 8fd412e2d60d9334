// What an import takes from SSDSE beyond the population (import.ts's addSsdse), written only where a
// regstat table can hold the figures whole:
// - local_taxes: 地方税 (SSDSE-A D320101, every edition's fiscal year) over the 住民基本台帳 residents of
//   1 January of the next year (a 住基 table of the folder), as RESAS divided them; the table's parts
//   (固定資産税, 市町村民税法人分) are not in SSDSE and are left empty, never apportioned.
// - medical_counts: matter2 203 歯科診療所数, 206 歯科医師数, 208 薬剤師数, whose one class is the count
//   itself; SSDSE-A's municipalities, SSDSE-B's prefectures in the years SSDSE-A lacks (the anchors' reader).
// Checked on the way, not written: every SSDSE-A row names a municipality that exists (today's code, or
// 那珂川町's older one), and its establishments and employees per broad class stay within the total.
// What is not written, and why, is listed in NOT_WRITTEN for the report.

import { medicalRowsOf } from '../anchors/medical.ts';
import { readEdition } from '../anchors/establishments.ts';
import { SourceError } from '../../build/user-error.ts';
import type { Grid } from './grid.ts';
import type { RegionList } from './regions.ts';
import type { SsdseTable } from './ssdse.ts';
import { currentCode, ssdseByItemOf } from './ssdse-layout.ts';

const TAXES = { code: 'D320101', label: '地方税(市町村財政)' };
/** The matter2 whose one class (00, the count) SSDSE gives whole, and their column in medicalRowsOf's rows. */
const MEDICAL = [
  { matter2: 203, column: 3 },
  { matter2: 206, column: 4 },
  { matter2: 208, column: 5 },
] as const;

/** SSDSE's item families regstat has a table for but cannot fill from SSDSE without figures it does not give. */
export const NOT_WRITTEN = [
  'establishments (事業所数, 従業者数 by broad class, 2014/2016/2021): the table counts by industry middle class, which SSDSE does not give; checked only',
  'settlement_amounts (歳出 by purpose): SSDSE gives 4 of the 14 purposes and the total, not the other ten',
  'accommodation_stays (延べ宿泊者数, SSDSE-B/E): the table is by month, type and employee-size class; SSDSE gives yearly prefecture totals of facilities of 10 or more employees',
  'medical_counts 202 一般診療所数 (by clinical department), 201 and 205 (SSDSE counts other hospitals and doctors than the chart)',
  'vital_events from SSDSE-A (人口動態統計, 住基移動報告 日本人): other statistics than the 住民基本台帳 events the table holds',
];

export interface SsdseOutput {
  localTaxes: (string | number)[][];
  medicalCounts: (string | number)[][];
  /** Per table written, its years. */
  years: { table: string; years: number[] }[];
}

/** The tables SSDSE gives whole, from the SSDSE-A editions (oldest first), SSDSE-B if any and the 住基 residents by year. */
export function ssdseTables(
  editions: SsdseTable[],
  b: Grid | undefined,
  residents: Map<number, Map<string, number>>,
  list: RegionList,
): SsdseOutput {
  for (const e of editions) checkEdition(e, list);
  const grids = editions.map((e) => e.grid);
  const localTaxes = taxRows(grids, residents);
  const medicalCounts = medicalRows(grids, b);
  const yearsOf = (rows: (string | number)[][], col: number) =>
    [...new Set(rows.map((r) => r[col] as number))].sort((x, y) => x - y);
  return {
    localTaxes,
    medicalCounts,
    years: [
      { table: 'local_taxes', years: yearsOf(localTaxes, 1) },
      ...MEDICAL.map((m) => ({
        table: `medical_counts ${m.matter2}`,
        years: yearsOf(
          medicalCounts.filter((r) => r[0] === m.matter2),
          1,
        ),
      })),
    ],
  };
}

/** Every row's 団体コード exists (today's, or a former one ssdse-layout knows), and its industries stay within their total. */
function checkEdition(e: SsdseTable, list: RegionList): void {
  for (const a of e.areas)
    if (!list.byCode.has(currentCode(a.code)))
      throw new SourceError(
        e.file,
        a.row.line,
        1,
        `団体コード ${a.code} (${a.name}) is no municipality of today's, nor a former code regstat knows`,
      );
  readEdition(e.grid);
}

/** local_taxes rows: each municipality's 地方税 of fiscal year t over its residents of 1 January t+1, where both are given. */
function taxRows(grids: Grid[], residents: Map<number, Map<string, number>>): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const [year, byCity] of ssdseByItemOf(grids, [TAXES]).get(TAXES.code) ?? [])
    for (const [code, taxes] of byCity) {
      const people = residents.get(year)?.get(code);
      if (people !== undefined) rows.push([code, year, taxes, '', '', people]);
    }
  return rows.sort((x, y) => (x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : (x[1] as number) - (y[1] as number)));
}

/** medical_counts rows (matter2, year, regionCode, areaCode, classCode, count) of the matter2 in MEDICAL. */
function medicalRows(grids: Grid[], b: Grid | undefined): (string | number)[][] {
  const { rows } = medicalRowsOf(grids, b);
  return MEDICAL.flatMap((m) =>
    rows.flatMap((r) => (r[m.column] === '' ? [] : [[m.matter2, r[1], r[0], '', '00', r[m.column]!]])),
  );
}
