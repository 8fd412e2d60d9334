// Foreign visitors between entry and exit airports, added up for every selection the airport
// operation offers: each side is one airport, one airport area, or all (`-`), and the period is one
// quarter (halfPeriod 2–5) or the whole year (halfPeriod 1). Visitors with different entry or exit
// airports are different people, so their counts add up; the prefecture counts (visitors who visited
// it) add up the same way, and visit rates are computed from the sums.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { prefRegion } from '../../sources/regions.ts';
import type { Row } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';
import type { Table } from './rollup.ts';
import { Grouped, rowsOf, tableOf } from './table.ts';
import { perSources } from './memo.ts';

type Airport = Pick<Row<'airports'>, 'areaCode' | 'areaName' | 'airportCode' | 'airportName'>;

/** One side of a selection: an area and an airport code, `-` for all. */
interface Side {
  area: string;
  airport: string;
}

export const airportList = perSources(function airportList(sources: Sources): Airport[] {
  return rowsOf(sources, 'airports').map(({ areaCode, areaName, airportCode, airportName }) => ({
    areaCode,
    areaName,
    airportCode,
    airportName,
  }));
});

export const selectionKey = (year: string | number, halfPeriod: string | number, entry: Side, exit: Side) =>
  `${year}|${halfPeriod}|${entry.area}|${entry.airport}|${exit.area}|${exit.airport}`;

const LEVELS = ['airport', 'area', 'all'] as const;

/** How expand keys a row: the level of each side, and whether the period is the year or the row's quarter. */
type Selection = { entry: (typeof LEVELS)[number]; exit: (typeof LEVELS)[number]; yearly: boolean };
const SELECTIONS: Selection[] = LEVELS.flatMap((entry) =>
  LEVELS.flatMap((exit) => [true, false].map((yearly) => ({ entry, exit, yearly }))),
);

interface AirportFacts {
  /** Visitors per selection key. */
  totals: Map<string, number>;
  /** Visitors who visited each prefecture (2-digit code) per selection key. */
  visits: Map<string, Map<string, number>>;
}

export function airportFacts(sources: Sources, prefs: number[]): AirportFacts {
  return { totals: travellerTotals(sources), visits: prefectureVisits(sources, prefs) };
}

/** airport_travellers: the visitors of every selection. */
function travellerTotals(sources: Sources): Map<string, number> {
  const rows = expand(withAreas(sources, tableOf(sources, 'airport_travellers')), []);
  return new Map(rows.map((r) => [r.key, r.visitors]));
}

/** airport_visits: the visitors of every selection who visited each prefecture in the build's scope. */
function prefectureVisits(sources: Sources, prefs: number[]): Map<string, Map<string, number>> {
  const scope = prefs.map(prefRegion);
  const visits = withParams(tableOf(sources, 'airport_visits'), { scope }).filter((d: any, $: any) =>
    aq.op.includes($.scope, d.prefCode),
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of expand(withAreas(sources, visits), ['prefCode']))
    getOrSet(out, r.key, () => new Map<string, number>()).set(r.prefCode, r.visitors);
  return out;
}

/** A table of airport flows with the area of each side's airport (airports), as expand reads them. */
function withAreas(sources: Sources, t: Table): Table {
  const areas = tableOf(sources, 'airports').select('airportCode', 'areaCode');
  return t
    .join(areas.rename({ airportCode: 'entryAirport', areaCode: 'entryArea' }), 'entryAirport')
    .join(areas.rename({ airportCode: 'exitAirport', areaCode: 'exitArea' }), 'exitAirport');
}

/**
 * `t` with the values its compiled expressions read as `$`: arquero types params() as the table or, called
 * without values, the values, so this is where the table keeps its type.
 */
const withParams = (t: Table, values: Record<string, unknown>): Table => t.params(values) as Table;

/** A sum of expand: the visitors of a selection key and of the columns `by`. */
type Expanded<K extends string> = { key: string; visitors: number } & Record<K, string>;

/**
 * Sums `visitors` for every level of both sides and both period kinds, keyed by selectionKey: each key
 * belongs to one selection, so the selections' sums are listed one after the other. The rollups' rows get
 * their type here.
 */
function expand<K extends string>(t: Table, by: K[]): Expanded<K>[] {
  return SELECTIONS.flatMap((selection) => {
    // arquero compiles these expressions: values come in through params, not closures.
    const keyed = withParams(t, selection).derive({
      key: (d: any, $: any) =>
        d.year +
        '|' +
        ($.yearly ? 1 : d.quarter + 1) +
        '|' +
        ($.entry === 'all' ? '-' : d.entryArea) +
        '|' +
        ($.entry === 'airport' ? d.entryAirport : '-') +
        '|' +
        ($.exit === 'all' ? '-' : d.exitArea) +
        '|' +
        ($.exit === 'airport' ? d.exitAirport : '-'),
    });
    return keyed
      .groupby('key', ...by)
      .rollup({ visitors: aq.op.sum('visitors') })
      .objects() as Expanded<K>[];
  });
}

/** Visitors who visited a prefecture, by entry and exit airport, for one year and halfPeriod. */
export type CircleRow = Pick<Row<'airport_visits'>, 'entryAirport' | 'exitAirport' | 'visitors'>;

/**
 * Visitors who visited each prefecture, by pair of entry and exit airports, per year and halfPeriod
 * (1 the whole year, 2–5 a quarter), looked up by prefecture (2 digits), year and halfPeriod, in airport
 * code order.
 */
export const circleFacts = perSources(function circleFacts(
  sources: Sources,
): Grouped<CircleRow, ['prefCode', 'year', 'halfPeriod']> {
  const visits = tableOf(sources, 'airport_visits');
  const byQuarter = visits.derive({ halfPeriod: (d: any) => d.quarter + 1 });
  const byYear = visits
    .groupby('prefCode', 'year', 'entryAirport', 'exitAirport')
    .rollup({ visitors: aq.op.sum('visitors') })
    .derive({ halfPeriod: () => 1 });
  const columns = ['prefCode', 'year', 'halfPeriod', 'entryAirport', 'exitAirport', 'visitors'];
  const rows = byYear
    .select(...columns)
    .concat(byQuarter.select(...columns))
    .orderby('prefCode', 'year', 'halfPeriod', 'entryAirport', 'exitAirport');
  return new Grouped<CircleRow, ['prefCode', 'year', 'halfPeriod']>(rows, ['prefCode', 'year', 'halfPeriod']);
});
