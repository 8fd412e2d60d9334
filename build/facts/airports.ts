// Foreign visitors between entry and exit airports, added up for every selection the airport
// operation offers: each side is one airport, one airport area, or all (`-`), and the period is one
// quarter (halfPeriod 2–5) or the whole year (halfPeriod 1). Visitors with different entry or exit
// airports are different people, so their counts add up; the prefecture counts (visitors who visited
// it) add up the same way, and visit rates are computed from the sums.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { prefRegion } from '../../sources/regions.ts';
import type { Table } from './rollup.ts';
import { rowsOf, tableOf } from './table.ts';
import { perSources } from './memo.ts';

export interface Airport {
  areaCode: string;
  areaName: string;
  airportCode: string;
  airportName: string;
}

/** One side of a selection: an area and an airport code, `-` for all. */
export interface Side {
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

/** Every selection of one side: all, each area, each airport (with its area). */
export function sides(airports: Airport[]): Side[] {
  const areas = [...new Set(airports.map((a) => a.areaCode))];
  return [
    { area: '-', airport: '-' },
    ...areas.map((area) => ({ area, airport: '-' })),
    ...airports.map((a) => ({ area: a.areaCode, airport: a.airportCode })),
  ];
}

export const selectionKey = (year: string | number, halfPeriod: string | number, entry: Side, exit: Side) =>
  `${year}|${halfPeriod}|${entry.area}|${entry.airport}|${exit.area}|${exit.airport}`;

const LEVELS = ['airport', 'area', 'all'] as const;

export interface AirportFacts {
  /** Visitors per selection key. */
  totals: Map<string, number>;
  /** Visitors who visited each prefecture (2-digit code) per selection key. */
  visits: Map<string, Map<string, number>>;
}

export function airportFacts(sources: Sources, prefs: number[]): AirportFacts {
  const areas = tableOf(sources, 'airports').select('airportCode', 'areaCode');
  const withAreas = (t: Table) =>
    t
      .join(areas.rename({ airportCode: 'entryAirport', areaCode: 'entryArea' }), 'entryAirport')
      .join(areas.rename({ airportCode: 'exitAirport', areaCode: 'exitArea' }), 'exitAirport');
  const scope = prefs.map(prefRegion);
  const travellers = withAreas(tableOf(sources, 'airport_travellers'));
  const visits = withAreas(
    (tableOf(sources, 'airport_visits').params({ scope }) as Table).filter((d: any, $: any) =>
      aq.op.includes($.scope, d.prefCode),
    ),
  );

  const totals = new Map<string, number>();
  for (const row of expand(travellers, []).objects() as { key: string; visitors: number }[])
    totals.set(row.key, row.visitors);
  const byPref = new Map<string, Map<string, number>>();
  for (const row of expand(visits, ['prefCode']).objects() as { key: string; prefCode: string; visitors: number }[]) {
    (byPref.get(row.key) ?? byPref.set(row.key, new Map()).get(row.key)!).set(row.prefCode, row.visitors);
  }
  return { totals, visits: byPref };
}

/** Sums `visitors` for every level of both sides and both period kinds, keyed by selectionKey. */
function expand(t: Table, by: string[]): Table {
  const parts: Table[] = [];
  for (const entry of LEVELS) {
    for (const exit of LEVELS) {
      for (const yearly of [true, false]) {
        // arquero compiles these expressions: values come in through params, not closures.
        const keyed = (t.params({ entry, exit, yearly }) as Table).derive({
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
        parts.push(keyed.groupby('key', ...by).rollup({ visitors: aq.op.sum('visitors') }));
      }
    }
  }
  return parts[0]!.concat(...parts.slice(1));
}

/** Visitors who visited a prefecture, by entry and exit airport, for one year and halfPeriod. */
export interface CircleRow {
  entryAirport: string;
  exitAirport: string;
  visitors: number;
}

/**
 * Visitors who visited each prefecture, by pair of entry and exit airports, per year and halfPeriod
 * (1 the whole year, 2–5 a quarter), keyed `prefCode|year|halfPeriod` (prefCode in 2 digits).
 */
export const circleFacts = perSources(function circleFacts(sources: Sources): Map<string, CircleRow[]> {
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
  const out = new Map<string, CircleRow[]>();
  for (const r of rows.objects() as (CircleRow & { prefCode: string; year: number; halfPeriod: number })[]) {
    const key = `${r.prefCode}|${r.year}|${r.halfPeriod}`;
    const row = { entryAirport: r.entryAirport, exitAirport: r.exitAirport, visitors: r.visitors };
    (out.get(key) ?? out.set(key, []).get(key)!).push(row);
  }
  return out;
});
