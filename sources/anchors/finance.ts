// Settled expenditure of the municipalities (地方財政状況調査, thousand yen) as SSDSE-A gives it: the total
// (歳出決算総額, D3203) and four purposes of the fourteen municipality/finance/forSettlementAmount shows —
// 民生費 (D320303), 土木費 (D320308), 教育費 (D320310), 災害復旧費 (D320311) — for fiscal years 2015–2022.
// The total is the sum of every purpose, so the four purposes' shares of it are the official ones; the
// other ten purposes are synthetic, fitted to fill the rest. Prefecture governments are not in SSDSE-A.

import { SourceError } from '../../build/user-error.ts';
import { ssdseSeries } from '../estat/ssdse-layout.ts';

/** In the order of FINANCE_COLUMNS (sources/official.ts). */
const ITEMS = [
  { code: 'D3203', label: '歳出決算総額(市町村財政)' },
  { code: 'D320303', label: '民生費(市町村財政)' },
  { code: 'D320308', label: '土木費(市町村財政)' },
  { code: 'D320310', label: '教育費(市町村財政)' },
  { code: 'D320311', label: '災害復旧費(市町村財政)' },
];

/** One row of the anchor file: a municipality's code, fiscal year, and the items in FINANCE_COLUMNS' order. */
type FinanceRow = [cityCode: string, year: number, ...amounts: number[]];

export interface FinanceReport {
  years: number[];
  /** Municipalities per year. */
  counts: number[];
}

/** The rows of every fiscal year SSDSE-A gives, in code and year order; a row whose purposes exceed its total fails. */
export function municipalFinanceRows(ssdse: string): { rows: FinanceRow[]; report: FinanceReport } {
  const series = ssdseSeries(ssdse, ITEMS, ([total = 0, ...parts]) => {
    const sum = parts.reduce((a, n) => a + n, 0);
    return sum > total
      ? {
          item: 0,
          message: `expected 歳出決算総額 ${total} to be at least its 民生費, 土木費, 教育費 and 災害復旧費 (${sum})`,
        }
      : undefined;
  });
  if (series.size === 0) throw new SourceError(ssdse, 1, 1, 'expected SSDSE-A editions (SSDSE-A-<year>.csv)');
  const years = [...series.keys()].sort((a, b) => a - b);
  const rows: FinanceRow[] = years.flatMap((year) =>
    [...(series.get(year) ?? [])].map(([code, amounts]): FinanceRow => [code, year, ...amounts]),
  );
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return { rows, report: { years, counts: years.map((y) => series.get(y)?.size ?? 0) } };
}
