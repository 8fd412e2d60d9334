// Facts of the municipal industry operations (municipality/value, labor, company, plant, employee
// perYear and industry/power/forArea), added up the regions and over the industry selections, so that
// a broad class or all industries is the sum of its middle classes.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { prefRegion } from '../../sources/regions.ts';
import { getOrSet } from '../runtime/maps.ts';
import { industries } from './classifications.ts';
import { sumsAtEveryLevel } from './levels.ts';
import { perSourcesAndKey } from './memo.ts';
import { rollupRegions, type Table } from './rollup.ts';
import { tableOf } from './table.ts';

/** A region's sums of one selection (sicCode, simcCode: `-` for all) and year. */
type SelectionRow<V extends string> = {
  region: string;
  sicCode: string;
  simcCode: string;
  year: number;
} & Record<V, number>;

/** Facts of each region and selection (`-` for all), by year. */
export class BySelection<V extends string> {
  private readonly byKey = new Map<string, Map<number, Record<V, number>>>();

  /** `rows`: ordered by year within each selection. Only the values are kept of each: the facts last the whole build. */
  constructor(rows: SelectionRow<V>[], values: readonly V[]) {
    for (const row of rows) {
      const cells: Record<V, number> = row;
      getOrSet(this.byKey, `${row.region}\u0000${row.sicCode}\u0000${row.simcCode}`, () => new Map()).set(
        row.year,
        Object.fromEntries(values.map((v) => [v, cells[v]])) as Record<V, number>,
      );
    }
  }

  /** The years of a region and selection with facts; undefined for none (a selection absent there counts 0). */
  get(region: string, sicCode: string, simcCode: string): Map<number, Record<V, number>> | undefined {
    return this.byKey.get(`${region}\u0000${sicCode}\u0000${simcCode}`);
  }
}

/** Facts of middle classes with the broad class of each; a class not in the masters is left out. */
export function withSicCode(s: Sources, facts: Table): Table {
  // Built column by column so that an empty class list still has the columns the join names.
  const classes = industries.middle(s);
  return facts.join(
    aq.table({ simcCode: classes.map((m) => m.simcCode), sicCode: classes.map((m) => m.sicCode) }),
    'simcCode',
  );
}

/** The rolled-up regions of the nation and of the prefectures in `keep` (to spare memory). */
function inScope(rolled: Table, keep: number[]): Table {
  const scope = new Set(keep.map(prefRegion));
  return rolled.filter(aq.escape((d: { region: string }) => d.region.length === 2 || scope.has(d.region.slice(0, 2))));
}

/**
 * Facts (a table with regionCode, year, simcCode and the value columns) added up the regions, then over
 * the selections: for each region, selection and year with facts, the sums. A region and year with facts
 * has a `-`,`-` entry; a selection without facts there has none (it counts as 0). `keep` limits the
 * municipalities to those of some prefectures (every prefecture stays).
 */
export function factsBySelection<V extends string>(
  s: Sources,
  facts: Table,
  values: readonly V[],
  keep?: number[],
): BySelection<V> {
  const rolled = rollupRegions(facts, s.regions, ['year', 'simcCode'], [...values], 'year');
  const econ = withSicCode(s, keep ? inScope(rolled, keep) : rolled);
  const all = sumsAtEveryLevel(econ, ['region', 'year'], [{ columns: ['sicCode', 'simcCode'], all: '-' }], [...values]);
  // The one place these rows meet their type: sumsAtEveryLevel keeps region, year, the class columns and the values.
  return new BySelection(all.orderby('region', 'sicCode', 'simcCode', 'year').objects() as SelectionRow<V>[], values);
}

/** Value added and employees (industry_economy) by region and selection; `keep` as in factsBySelection. */
export const economyBySelection = perSourcesAndKey((s: Sources, keep?: number[]) =>
  factsBySelection(s, tableOf(s, 'industry_economy'), ['valueAdded', 'employees'] as const, keep),
);
