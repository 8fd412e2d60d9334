// Population counts per region, shared by perYear, pyramid and sum/perYear. Broad age groups come from
// the 5-year detail where a region-year has it and from population_by_age_group otherwise; people of
// unknown age count in the total only.

import * as aq from 'arquero';
import type { PerYearCounts, PyramidCounts } from '../runtime/render/population.ts';
import type { Sources } from '../../sources/load.ts';
import { groupRows, rollupRegions, sharedKeys, type Table } from './rollup.ts';

export interface PopulationFacts {
  boundaryYear: number;
  perYear: Map<string, PerYearCounts>;
  /** By region, then by year. */
  pyramid: Map<string, Map<number, PyramidCounts>>;
}

const cache = new WeakMap<Sources, PopulationFacts>();

export function populationFacts(sources: Sources): PopulationFacts {
  let facts = cache.get(sources);
  if (!facts) cache.set(sources, (facts = compute(sources)));
  return facts;
}

function compute(sources: Sources): PopulationFacts {
  const { tables, regions } = sources;
  const years = tables.population_years!.table;
  const boundaryYear = years.filter((d) => d.kind === 'actual').rollup({ y: aq.op.max('year') }).get('y', 0) as number;

  const empty = (cols: Record<string, unknown[]>) => aq.table(cols);
  const detail: Table = tables.population_by_age_sex
    ? rollupRegions(tables.population_by_age_sex.table, regions, ['year', 'sex', 'ageFrom'], 'count', 'year')
    : empty({ region: [], year: [], sex: [], ageFrom: [], count: [] });
  const groups: Table = tables.population_by_age_group
    ? rollupRegions(tables.population_by_age_group.table, regions, ['year', 'ageGroup'], 'count', 'year')
    : empty({ region: [], year: [], ageGroup: [], count: [] });

  const fromDetail = detail
    .derive({ ageGroup: (d) => (d.ageFrom < 15 ? 'young' : d.ageFrom < 65 ? 'working' : 'old') })
    .groupby('region', 'year', 'ageGroup')
    .rollup({ count: aq.op.sum('count') });
  const broad = fromDetail
    .concat(groups.filter((d) => d.ageGroup !== 'unknown').antijoin(fromDetail.select('region', 'year').dedupe(), sharedKeys('region', 'year')))
    .concat(groups.filter((d) => d.ageGroup === 'unknown'))
    .groupby('region', 'year')
    .pivot('ageGroup', 'count')
    .filter((d) => d.young != null && d.working != null && d.old != null)
    .derive({ total: (d) => d.young + d.working + d.old + (d.unknown ?? 0) })
    .orderby('region', 'year');

  const perYear = new Map<string, PerYearCounts>();
  for (const [region, rows] of groupRows<{ year: number; total: number; young: number; working: number; old: number }>(broad, 'region')) {
    perYear.set(region, {
      boundaryYear,
      years: rows.map((r) => ({ year: r.year, total: r.total, young: r.young, working: r.working, old: r.old })),
    });
  }

  const pyramid = new Map<string, Map<number, PyramidCounts>>();
  for (const [region, rows] of groupRows<{ year: number; sex: string; ageFrom: number; count: number }>(detail, 'region')) {
    const byYear = new Map<number, PyramidCounts>();
    for (const r of rows) {
      let y = byYear.get(r.year);
      if (!y) byYear.set(r.year, (y = { year: r.year, man: new Array(19).fill(0), woman: new Array(19).fill(0) }));
      (r.sex === 'male' ? y.man : y.woman)[r.ageFrom / 5] = r.count;
    }
    pyramid.set(region, byYear);
  }
  return { boundaryYear, perYear, pyramid };
}
