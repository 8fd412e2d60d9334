// What the population operations share: composition/perYear's path, which sum/perYear composes its addArea
// answers from (an operation names another's files through here, never by importing it); the parameters,
// tables and view of the region series (perYear, sum/perYear, sum/estimate) and the answer of the first two;
// and the view and answer of the two net-migration lists (society/forArea, society/forAgeClass).

import type { YearNets } from '../../facts/migration.ts';
import type { PopulationFacts } from '../../facts/population.ts';
import type { PerYearCounts } from '../../runtime/render/population.ts';
import type { Column, RowSource, View } from '../../runtime/view.ts';
import { addArea, cityCode, prefCode, regionOf, type Operation, type RegionValues } from '../operation.ts';

export const COMPOSITION_PER_YEAR_PATH = '/api/v1/population/composition/perYear';

/** A region (a prefecture, or a municipality of it) and the regions whose counts addArea adds to it. */
export const regionParams = () => [prefCode(), cityCode(), addArea()] as const;

/** A region's per-year counts as `render` answers them; null where the region has none. */
export const perYearAnswer =
  <R>(render: (counts: PerYearCounts) => R) =>
  (facts: PopulationFacts, v: RegionValues): R | null => {
    const counts = facts.perYear.get(regionOf(v));
    return counts ? render(counts) : null;
  };

/** The population series' tables: the census years, and the counts by 5-year class or by broad group. */
export const POPULATION_NEEDS: Operation['needs'] = [
  'population_years',
  ['population_by_age_sex', 'population_by_age_group'],
];

/**
 * The view of labelled series by year: a table of each point's series, year and `value` (then `more`
 * columns), a line per series, projections after the year `boundary` names.
 */
export const seriesView = (
  rows: RowSource[],
  value: string,
  boundary: string,
  { more = [], panels }: { more?: Column[]; panels?: { series: string[]; label: string }[] } = {},
): View => ({
  rows,
  columns: [
    { key: 'label', label: '区分 / series' },
    { key: 'year', label: '年 / year' },
    { key: 'value', label: value },
    ...more,
  ],
  chart: {
    kind: 'line',
    x: 'year',
    y: 'value',
    series: 'label',
    xType: 'year',
    boundary,
    ...(panels ? { panels } : {}),
  },
});

/**
 * A net-migration list's view: a row per member of the `positive<name>` and `negative<name>` lists, with its
 * year, its `code` column, its named column (`key`, `label`) and its value; bars per year stacked by that column.
 */
export const netMigrationView = (name: 'Areas' | 'AgeClasses', code: string, [key, label]: [string, string]): View => ({
  rows: [{ path: `data[].positive${name}[]` }, { path: `data[].negative${name}[]` }],
  columns: [
    { key: 'year', label: '年 / year' },
    { key: code, label: code },
    { key, label },
    { key: 'value', label: '純移動数 / net migration' },
  ],
  chart: { kind: 'bar', x: 'year', y: 'value', fill: key },
});

/**
 * A net-migration list's answer: per year, the members with a net gain under `positive<Name>` and with a net
 * loss under `negative<Name>` (a list with no member is left out, as the original did; a net of exactly zero
 * is in neither), and the year's net over all of them.
 */
export function netMigrationData<R extends { net: number }, M>(
  years: YearNets<R>[],
  name: 'Areas' | 'AgeClasses',
  member: (r: R) => M,
) {
  return {
    data: years.map(({ year, total, nets }) => {
      const positive = nets.filter((r) => r.net > 0).map(member);
      const negative = nets.filter((r) => r.net < 0).map(member);
      return {
        year,
        ...(positive.length ? { [`positive${name}`]: positive } : {}),
        ...(negative.length ? { [`negative${name}`]: negative } : {}),
        total: { value: total },
      };
    }),
  };
}
