// Population counts per region, shared by perYear, pyramid and sum/perYear. Broad age groups come from
// the 5-year detail where a region-year has it and from population_by_age_group otherwise; people of
// unknown age count in the total only.

import * as aq from 'arquero';
import type { PerYearCounts, PyramidCounts, YearCounts } from '../runtime/render/population.ts';
import type { Sources } from '../../sources/load.ts';
import { perSources } from './memo.ts';
import { groupRows, rollupRegions, sharedKeys, type Table } from './rollup.ts';
import { tableOf } from './table.ts';

export interface PopulationFacts {
  /** Undefined when population_years has no actual year: perYear then has no region (every file answers null). */
  boundaryYear: number | undefined;
  perYear: Map<string, PerYearCounts>;
  /** By region, then by year. */
  pyramid: Map<string, Map<number, PyramidCounts>>;
}

// Each part is computed when first read: perYear's broad groups do not need the pyramid's 5-year
// classes as objects, and an on-demand server asked for one should not pay for the other.
const boundaryYear = perSources(lastActualYear);
const perYear = perSources((sources) => perYearCounts(sources, boundaryYear(sources)));
const pyramid = perSources((sources) => pyramidCounts(rollupDetail(sources)));

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

/** The last census year; undefined when population_years lists none (a header-only table). */
function lastActualYear(sources: Sources): number | undefined {
  const years = tableOf(sources, 'population_years');
  return (
    (years
      .filter((d) => d.kind === 'actual')
      .rollup({ y: aq.op.max('year') })
      .get('y', 0) as number | null) ?? undefined
  );
}

/** 5-year classes by sex for every region, municipalities added up into designated cities and prefectures. */
function rollupDetail(sources: Sources): Table {
  const t = sources.tables.population_by_age_sex;
  return t
    ? rollupRegions(t.table, sources.regions, ['year', 'sex', 'ageFrom'], 'count', 'year')
    : aq.table({ region: [], year: [], sex: [], ageFrom: [], count: [] });
}

function perYearCounts(sources: Sources, boundaryYear: number | undefined): Map<string, PerYearCounts> {
  const { tables, regions } = sources;
  // Every perYear response states its boundary year: without one there is no series to answer.
  if (boundaryYear === undefined) return new Map();
  const none = () => aq.table({ region: [], year: [], ageGroup: [], count: [] });
  const groups: Table = tables.population_by_age_group
    ? rollupRegions(tables.population_by_age_group.table, regions, ['year', 'ageGroup'], 'count', 'year')
    : none();
  // Broad groups per given region first, then up the hierarchy: the same sums, from a twentieth of the rows.
  const fromDetail: Table = tables.population_by_age_sex
    ? rollupRegions(
        tables.population_by_age_sex.table
          .derive({ ageGroup: (d) => (d.ageFrom < 15 ? 'young' : d.ageFrom < 65 ? 'working' : 'old') })
          .groupby('regionCode', 'year', 'ageGroup')
          .rollup({ count: aq.op.sum('count') }),
        regions,
        ['year', 'ageGroup'],
        'count',
        'year',
      )
    : none();
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
  const broad = pivoted
    .derive(Object.fromEntries(missing.map((g) => [g, () => null])))
    .filter((d) => d.young != null && d.working != null && d.old != null)
    .derive({ total: (d) => d.young + d.working + d.old + (d.unknown ?? 0) })
    .orderby('region', 'year');

  const perYear = new Map<string, PerYearCounts>();
  for (const [region, rows] of groupRows<{ year: number; total: number; young: number; working: number; old: number }>(
    broad,
    'region',
  )) {
    perYear.set(region, {
      boundaryYear,
      years: rows.map((r) => ({ year: r.year, total: r.total, young: r.young, working: r.working, old: r.old })),
    });
  }
  return perYear;
}

function pyramidCounts(detail: Table): Map<string, Map<number, PyramidCounts>> {
  // Read column by column: a million row objects would cost more than the arithmetic.
  const [region, year, sex, ageFrom, count] = ['region', 'year', 'sex', 'ageFrom', 'count'].map((c) =>
    detail.array(c),
  ) as [string[], number[], string[], number[], number[]];
  const pyramid = new Map<string, Map<number, PyramidCounts>>();
  for (let i = 0; i < region.length; i++) {
    let byYear = pyramid.get(region[i]!);
    if (!byYear) pyramid.set(region[i]!, (byYear = new Map()));
    let y = byYear.get(year[i]!);
    if (!y) byYear.set(year[i]!, (y = { year: year[i]!, man: new Array(19).fill(0), woman: new Array(19).fill(0) }));
    (sex[i] === 'male' ? y.man : y.woman)[ageFrom[i]! / 5] = count[i]!;
  }
  return pyramid;
}
