// Vital events and moves per region and year (population/sum/estimate), and births by the mother's age
// per five-year period (population/nature's total fertility rate), both added up the region hierarchy.

import type { EventYear } from '../runtime/render/vital.ts';
import type { Sources } from '../../sources/load.ts';
import { getOrSet } from '../runtime/maps.ts';
import { perSources } from './memo.ts';
import { rollupRows } from './rollup.ts';

interface VitalFacts {
  /** By region, years ascending. */
  events: Map<string, EventYear[]>;
  /** By region, then by period (`1998-2002`, ascending): births per mother's class, index (ageFrom − 15) / 5. */
  birthsByAge: Map<string, Map<string, number[]>>;
}

/** The mother's classes of births_by_mother_age. */
export const MOTHER_AGES = [15, 20, 25, 30, 35, 40, 45];

// Each part is computed when first read: an operation that reads one does not pay for the other.
const events = perSources(eventsByRegion);
const birthsByAge = perSources(birthsByRegion);

export const vitalFacts = (sources: Sources): VitalFacts => ({
  get events() {
    return events(sources);
  },
  get birthsByAge() {
    return birthsByAge(sources);
  },
});

/** vital_events: each region's events per year, ascending. */
function eventsByRegion(sources: Sources): Map<string, EventYear[]> {
  const rows = rollupRows(
    sources,
    'vital_events',
    ['year'],
    ['births', 'deaths', 'inMigrants', 'outMigrants'],
    'year',
  ).sort((a, b) => a.year - b.year);
  const out = new Map<string, EventYear[]>();
  for (const r of rows)
    getOrSet(out, r.region, (): EventYear[] => []).push({
      year: r.year,
      births: r.births,
      deaths: r.deaths,
      inMigrants: r.inMigrants,
      outMigrants: r.outMigrants,
    });
  return out;
}

/** births_by_mother_age: each region's births per period (ascending) and mother's class. */
function birthsByRegion(sources: Sources): Map<string, Map<string, number[]>> {
  const rows = rollupRows(sources, 'births_by_mother_age', ['period', 'ageFrom'], ['births'], 'period').sort((a, b) =>
    a.period < b.period ? -1 : a.period > b.period ? 1 : 0,
  );
  const out = new Map<string, Map<string, number[]>>();
  for (const r of rows) {
    const byPeriod = getOrSet(out, r.region, () => new Map<string, number[]>());
    getOrSet(byPeriod, r.period, () => MOTHER_AGES.map(() => 0))[(r.ageFrom - 15) / 5] = r.births;
  }
  return out;
}
