// Population counts per region, shared by perYear, pyramid and sum/perYear. Broad age groups come from
// the 5-year detail where a region-year has it and from population_by_age_group otherwise; people of
// unknown age count in the total only.

import * as aq from 'arquero';
import type { PerYearCounts, PyramidCounts, YearCounts } from '../runtime/render/population.ts';
import type { AgeGroup } from '../runtime/render/labels.ts';
import type { Sources } from '../../sources/load.ts';
import type { Row, TableName } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';
import { perSources } from './memo.ts';
import { groupRows, rollupRegions, rollupRows, sharedKeys, type Table } from './rollup.ts';
import { rowsOf } from './table.ts';

export interface PopulationFacts {
  /** Undefined when population_years has no actual year: perYear then has no region (every file answers null). */
  boundaryYear: number | undefined;
  perYear: Map<string, PerYearCounts>;
  /** By region, then by year. */
  pyramid: Map<string, Map<number, PyramidCounts>>;
}

// Each part is computed when first read: perYear's broad groups do not need the pyramid's 5-year
// classes, and an on-demand server asked for one should not pay for the other.
const boundaryYear = perSources(lastActualYear);
const perYear = perSources((sources) => perYearCounts(sources, boundaryYear(sources)));
const pyramid = perSources(pyramidCounts);

/** The population counts of every region. */
export const populationFacts = (sources: Sources): PopulationFacts => ({
  get boundaryYear() {
    return boundaryYear(sources);
  },
  get perYear() {
    return perYear(sources);
  },
  get pyramid() {
    return pyramid(sources);
  },
});

/** The tables censusAt reads (where the sources have them). */
export const CENSUS_TABLES: readonly TableName[] = [
  'population_years',
  'population_by_age_sex',
  'population_by_age_group',
];

/**
 * A region's counts at the last census at or before `year` (the denominators of per-100,000 figures whose data
 * years are not census years); undefined where the region has none.
 */
export function censusAt(sources: Sources, region: string, year: number): YearCounts | undefined {
  const population = populationFacts(sources);
  const last = Math.min(year, population.boundaryYear ?? -Infinity);
  let at: YearCounts | undefined;
  for (const y of population.perYear.get(region)?.years ?? []) if (y.year <= last && (!at || y.year > at.year)) at = y;
  return at;
}

/** population_years: the last census year; undefined when it lists none (a header-only table). */
function lastActualYear(sources: Sources): number | undefined {
  const actual = rowsOf(sources, 'population_years').filter((r) => r.kind === 'actual');
  return actual.length ? Math.max(...actual.map((r) => r.year)) : undefined;
}

/** A region's counts in a year, by broad age group (unknown: age not stated), as the pivot below gives them. */
type BroadRow = Pick<Row<'population_by_age_group'>, 'year'> & { region: string } & Record<AgeGroup, number> & {
    total: number;
  };

const noGroups = () => aq.table({ region: [], year: [], ageGroup: [], count: [] });

/** population_by_age_group: its broad groups (and unknown) for every region, added up the hierarchy. */
function givenGroups(sources: Sources): Table {
  const t = sources.tables.population_by_age_group;
  return t ? rollupRegions(t.table, sources.regions, ['year', 'ageGroup'], 'count', 'year') : noGroups();
}

/**
 * population_by_age_sex: its 5-year classes summed into broad groups per given region first, then up the
 * hierarchy: the same sums, from a twentieth of the rows.
 */
function groupsFromDetail(sources: Sources): Table {
  const t = sources.tables.population_by_age_sex;
  if (!t) return noGroups();
  const groups = t.table
    .derive({ ageGroup: (d) => (d.ageFrom < 15 ? 'young' : d.ageFrom < 65 ? 'working' : 'old') })
    .groupby('regionCode', 'year', 'ageGroup')
    .rollup({ count: aq.op.sum('count') });
  return rollupRegions(groups, sources.regions, ['year', 'ageGroup'], 'count', 'year');
}

/**
 * Every region-year with all three broad groups, from the detail where it has the region-year and from the
 * given groups otherwise; unknown adds to the total.
 */
function broadCounts(sources: Sources): Table {
  const groups = givenGroups(sources);
  const fromDetail = groupsFromDetail(sources);
  const pivoted = fromDetail
    .concat(
      groups
        .filter((d) => d.ageGroup !== 'unknown')
        .antijoin(fromDetail.select('region', 'year').dedupe(), sharedKeys('region', 'year')),
    )
    .concat(groups.filter((d) => d.ageGroup === 'unknown'))
    .groupby('region', 'year')
    .pivot('ageGroup', 'count');
  // A pivot makes columns of the groups it meets only: none at all from header-only tables.
  const missing = ['young', 'working', 'old', 'unknown'].filter((g) => !pivoted.columnNames().includes(g));
  return pivoted
    .derive(Object.fromEntries(missing.map((g) => [g, () => null])))
    .filter((d) => d.young != null && d.working != null && d.old != null)
    .derive({ total: (d) => d.young + d.working + d.old + (d.unknown ?? 0) })
    .orderby('region', 'year');
}

function perYearCounts(sources: Sources, boundaryYear: number | undefined): Map<string, PerYearCounts> {
  // Every perYear response states its boundary year: without one there is no series to answer.
  if (boundaryYear === undefined) return new Map();
  const perYear = new Map<string, PerYearCounts>();
  // groupRows types the pivot's rows: the columns broadCounts derives, in BroadRow.
  for (const [region, rows] of groupRows<BroadRow>(broadCounts(sources), 'region'))
    perYear.set(region, {
      boundaryYear,
      years: rows.map((r) => ({ year: r.year, total: r.total, young: r.young, working: r.working, old: r.old })),
    });
  return perYear;
}

/**
 * population_by_age_sex: men and women per 5-year class for every region and year, municipalities added up
 * into designated cities and prefectures.
 */
function pyramidCounts(sources: Sources): Map<string, Map<number, PyramidCounts>> {
  const pyramid = new Map<string, Map<number, PyramidCounts>>();
  for (const r of rollupRows(sources, 'population_by_age_sex', ['year', 'sex', 'ageFrom'], ['count'], 'year')) {
    const byYear = getOrSet(pyramid, r.region, () => new Map<number, PyramidCounts>());
    const y = getOrSet(byYear, r.year, () => ({ year: r.year, man: classes(), woman: classes() }));
    (r.sex === 'male' ? y.man : y.woman)[r.ageFrom / 5] = r.count;
  }
  return pyramid;
}

/** The 19 five-year classes, none counted yet. */
const classes = () => new Array<number>(19).fill(0);
