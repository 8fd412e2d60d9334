// Net migration by region (population/society): by regional block, by age class and by cohort. Municipal
// nets add up to their prefecture's (moves inside it cancel), so rows of the regions above are sums.

import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';
import { perSources } from './memo.ts';
import { byRegion, rollupRows } from './rollup.ts';
import { rowsOf } from './table.ts';

/** A region's nets of one year (by block or by age class, in code order) and the year's net over them all. */
export interface YearNets<R> {
  year: number;
  total: number;
  nets: R[];
}

/** Rows in year order, grouped by their region's code and then by year, each year with its total. */
function byRegionAndYear<R extends { year: number; net: number }>(
  rows: R[],
  regionOf: (r: R) => string,
): Map<string, YearNets<R>[]> {
  const out = new Map<string, YearNets<R>[]>();
  for (const r of rows) {
    const years = getOrSet(out, regionOf(r), (): YearNets<R>[] => []);
    let last = years.at(-1);
    if (last?.year !== r.year) years.push((last = { year: r.year, total: 0, nets: [] }));
    last.total += r.net;
    last.nets.push(r);
  }
  return out;
}

const byYearThen =
  <R extends { year: number }>(code: (r: R) => string | number) =>
  (a: R, b: R) =>
    a.year - b.year || (code(a) < code(b) ? -1 : code(a) > code(b) ? 1 : 0);

type BlockRow = Row<'migration_by_block'>;

/** migration_by_block: by prefecture code (two digits), years ascending, blocks in code order. */
export const migrationByBlock = perSources(
  (sources: Sources): Map<string, YearNets<BlockRow>[]> =>
    byRegionAndYear(rowsOf(sources, 'migration_by_block').sort(byYearThen((r) => r.blockCode)), (r) => r.prefCode),
);

type AgeClassRow = { region: string } & Pick<Row<'migration_by_age_group'>, 'year' | 'ageClass' | 'net'>;

/** migration_by_age_group: by region code, years ascending, age classes in code order. */
export const migrationByAgeClass = perSources(
  (sources: Sources): Map<string, YearNets<AgeClassRow>[]> =>
    byRegionAndYear(
      rollupRows(sources, 'migration_by_age_group', ['year', 'ageClass'], ['net'], 'year').sort(
        byYearThen((r) => r.ageClass),
      ),
      (r) => r.region,
    ),
);

type CohortRow = { region: string } & Pick<Row<'migration_by_cohort'>, 'periodFrom' | 'ageFrom' | 'net'>;

/** migration_by_cohort: by region code, in period and age order. */
export const migrationByCohort = perSources((sources: Sources): Map<string, CohortRow[]> => {
  const rows = rollupRows(sources, 'migration_by_cohort', ['periodFrom', 'ageFrom'], ['net'], 'periodFrom').sort(
    (a, b) => a.periodFrom - b.periodFrom || a.ageFrom - b.ageFrom,
  );
  return byRegion(rows);
});
