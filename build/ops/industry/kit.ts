// What several industry declarations declare alike: the views of their series (one figure per year or
// month in `data`, drawn as a line over the years or as a bar each; each operation names its figure),
// and addArea where it names other prefectures.

import type { AreasParam } from '../../runtime/routes.ts';
import type { Column, View } from '../../runtime/view.ts';

const YEAR = '年 / year';

const columns = (value: string, year: string): Column[] => [
  { key: 'year', label: year },
  { key: 'value', label: value },
];

/** A figure per year as a line; `year` heads the year column (年度 for fiscal years, 年月 for months). */
export function lineOverYears(value: string, o: { year?: string; xType?: 'year' | 'month' } = {}): View {
  return {
    rows: [{ path: 'data[]' }],
    columns: columns(value, o.year ?? YEAR),
    chart: { kind: 'line', x: 'year', y: 'value', xType: o.xType ?? 'year' },
  };
}

/** A figure per year as a bar; `more` columns follow the figure's in the table. */
export function barsOverYears(value: string, more: Column[] = []): View {
  return {
    rows: [{ path: 'data[]' }],
    columns: [...columns(value, YEAR), ...more],
    chart: { kind: 'bar', x: 'year', y: 'value' },
  };
}

/** addArea of an operation that answers for prefectures only: other prefectures, `<prefCode>_` each. */
export const prefectureAreas = (doc: string): AreasParam & { name: 'addArea' } => ({
  name: 'addArea',
  type: 'areas',
  required: false,
  max: 10,
  pref: 'prefCode',
  doc,
});
