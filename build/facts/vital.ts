// Vital events and moves per region and year (population/sum/estimate), and births by the mother's age
// per five-year period (population/nature's total fertility rate), both added up the region hierarchy.

import type { EventYear } from '../runtime/render/vital.ts';
import type { Sources } from '../../sources/load.ts';
import { perSources } from './memo.ts';
import { groupRows, rollupRegions } from './rollup.ts';

export interface VitalFacts {
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

function eventsByRegion(sources: Sources): Map<string, EventYear[]> {
  const t = sources.tables.vital_events;
  if (!t) return new Map();
  const rolled = rollupRegions(
    t.table,
    sources.regions,
    ['year'],
    ['births', 'deaths', 'inMigrants', 'outMigrants'],
    'year',
  ).orderby('region', 'year');
  const out = new Map<string, EventYear[]>();
  for (const [region, rows] of groupRows<EventYear & { region: string }>(rolled, 'region')) {
    out.set(
      region,
      rows.map((r) => ({
        year: r.year,
        births: r.births,
        deaths: r.deaths,
        inMigrants: r.inMigrants,
        outMigrants: r.outMigrants,
      })),
    );
  }
  return out;
}

function birthsByRegion(sources: Sources): Map<string, Map<string, number[]>> {
  const t = sources.tables.births_by_mother_age;
  if (!t) return new Map();
  const rolled = rollupRegions(t.table, sources.regions, ['period', 'ageFrom'], 'births', 'period').orderby(
    'region',
    'period',
    'ageFrom',
  );
  const [region, period, ageFrom, births] = ['region', 'period', 'ageFrom', 'births'].map((c) => rolled.array(c)) as [
    string[],
    string[],
    number[],
    number[],
  ];
  const out = new Map<string, Map<string, number[]>>();
  for (let i = 0; i < region.length; i++) {
    let byPeriod = out.get(region[i]!);
    if (!byPeriod) out.set(region[i]!, (byPeriod = new Map()));
    let row = byPeriod.get(period[i]!);
    if (!row) byPeriod.set(period[i]!, (row = MOTHER_AGES.map(() => 0)));
    row[(ageFrom[i]! - 15) / 5] = births[i]!;
  }
  return out;
}
