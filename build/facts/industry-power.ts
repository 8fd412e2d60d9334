// Facts of industry/power: the specialization sums of forIndustry, and the manufacturing
// establishments by status of forManufacturerEstablishments.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { prefRegion } from '../../sources/regions.ts';
import type { Row } from '../../sources/tables.ts';
import { sumsAtEveryLevel } from './levels.ts';
import { groupRows, rollupRegions, sharedKeys, type Table } from './rollup.ts';
import { Grouped, tableOf } from './table.ts';
import { perSources } from './memo.ts';

/** A region's facts of one middle class and year, beside what its coefficients divide by. */
export interface SpecializationRow
  extends Pick<Row<'industry_economy'>, 'year' | 'simcCode' | 'valueAdded' | 'employees'> {
  region: string;
  /** The region's totals over all industries, the nation's in this industry and over all. */
  vaRegion: number;
  empRegion: number;
  vaNation: number;
  empNation: number;
  vaNationAll: number;
  empNationAll: number;
}

/** The nation's sums per year and middle class (every prefecture's), and over all classes. */
function nationSums(econ: Table): { nation: Table; nationAll: Table } {
  const nation = econ
    .filter((d) => aq.op.length(d.region) === 2)
    .groupby('year', 'simcCode')
    .rollup({ vaNation: aq.op.sum('valueAdded'), empNation: aq.op.sum('employees') });
  const nationAll = nation
    .groupby('year')
    .rollup({ vaNationAll: aq.op.sum('vaNation'), empNationAll: aq.op.sum('empNation') });
  return { nation, nationAll };
}

/**
 * industry_economy by region (those of the prefectures in `prefs`: a --prefs build, and a first answer on
 * demand, do that much less; the nation is every prefecture's), with the sums the coefficients need.
 */
export function specializationFacts(sources: Sources, prefs: number[]): Map<string, SpecializationRow[]> {
  const econ = rollupRegions(
    tableOf(sources, 'industry_economy'),
    sources.regions,
    ['year', 'simcCode'],
    ['valueAdded', 'employees'],
    'year',
  );
  const { nation, nationAll } = nationSums(econ);
  const scope = new Set(prefs.map(prefRegion));
  const rows = econ
    .filter(aq.escape((d: { region: string }) => scope.has(d.region.slice(0, 2))))
    .groupby('region', 'year')
    .derive({ vaRegion: aq.op.sum('valueAdded'), empRegion: aq.op.sum('employees') })
    .ungroup()
    .join(nation, sharedKeys('year', 'simcCode'))
    .join(nationAll, 'year')
    .orderby('region', 'year', 'simcCode');
  return groupRows<SpecializationRow>(rows, 'region');
}

export type ManufacturerRow = Pick<
  Row<'manufacturer_establishments'>,
  'year' | 'establishments' | 'employees' | 'valueAdded'
>;

/** manufacturer_establishments summed by prefecture, middle class (`-` for all) and status, by year. */
export const manufacturerSeries = perSources(function manufacturerSeries(sources: Sources) {
  const all = sumsAtEveryLevel(
    tableOf(sources, 'manufacturer_establishments'),
    ['prefCode', 'status', 'year'],
    [{ columns: ['simcCode'], all: '-' }],
    ['establishments', 'employees', 'valueAdded'],
  );
  return new Grouped<ManufacturerRow, ['prefCode', 'simcCode', 'status']>(
    all.orderby('prefCode', 'simcCode', 'status', 'year'),
    ['prefCode', 'simcCode', 'status'],
  );
});
