// Net migration by region (population/society): by regional block, by age class and by cohort. Municipal
// nets add up to their prefecture's (moves inside it cancel), so rows of the regions above are sums.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { groupRows, rollupRegions } from './rollup.ts';
import { tableOf } from './table.ts';
import { perSources } from './memo.ts';

/** The region's net with a block in a year, and the year's net over all blocks. */
export type BlockRow = Row<'migration_by_block'> & { total: number };

/** By prefecture code (two digits), in year and block order. */
export const migrationByBlock = perSources(function migrationByBlock(sources: Sources): Map<string, BlockRow[]> {
  const t = tableOf(sources, 'migration_by_block')
    .groupby('prefCode', 'year')
    .derive({ total: aq.op.sum('net') })
    .ungroup()
    .orderby('prefCode', 'year', 'blockCode');
  return groupRows<BlockRow>(t, 'prefCode');
});

export type AgeClassRow = { region: string; total: number } & Pick<
  Row<'migration_by_age_group'>,
  'year' | 'ageClass' | 'net'
>;

/** By region code, in year and age class order, with the year's net over all classes. */
export const migrationByAgeClass = perSources(function migrationByAgeClass(
  sources: Sources,
): Map<string, AgeClassRow[]> {
  const t = rollupRegions(
    tableOf(sources, 'migration_by_age_group'),
    sources.regions,
    ['year', 'ageClass'],
    'net',
    'year',
  )
    .groupby('region', 'year')
    .derive({ total: aq.op.sum('net') })
    .ungroup()
    .orderby('region', 'year', 'ageClass');
  return groupRows<AgeClassRow>(t, 'region');
});

export type CohortRow = { region: string } & Pick<Row<'migration_by_cohort'>, 'periodFrom' | 'ageFrom' | 'net'>;

/** By region code, in period and age order. */
export const migrationByCohort = perSources(function migrationByCohort(sources: Sources): Map<string, CohortRow[]> {
  const t = rollupRegions(
    tableOf(sources, 'migration_by_cohort'),
    sources.regions,
    ['periodFrom', 'ageFrom'],
    'net',
    'periodFrom',
  ).orderby('region', 'periodFrom', 'ageFrom');
  return groupRows<CohortRow>(t, 'region');
});
