import { z } from 'zod';
import { airportFacts, airportList, selectionKey } from '../../facts/airports.ts';
import { percent } from '../../runtime/rounding.ts';
import type { CodeParam } from '../../runtime/routes.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation } from '../operation.ts';
import { AIRPORT_PERIOD, AIRPORT_PERIOD_ECHOES } from './airports.ts';
import { count, nonEmpty, prefCodeText } from '../result.ts';

const area = <N extends string>(name: N, doc: string): CodeParam & { name: N; default: '-' } => ({
  name,
  type: 'code',
  required: false,
  domain: 'airportAreas',
  all: true,
  default: '-',
  doc,
});
const airport = <N extends string>(name: N, parent: string, doc: string): CodeParam & { name: N; default: '-' } => ({
  name,
  type: 'code',
  required: false,
  domain: 'airportsByArea',
  parent,
  all: true,
  outsideParentIsAll: true,
  default: '-',
  doc,
});

const airportCode = z.union([z.string().regex(/^[A-Za-z0-9]{1,16}$/), z.literal('')]);
/** The chart for one dispType: counts (1) or visit rates in percent (2). */
const chart = (dispType: '1' | '2', value: z.ZodType) =>
  z.strictObject({
    dispType: z.literal(dispType),
    ...AIRPORT_PERIOD_ECHOES,
    entryAirport1: airportCode,
    entryAirport2: airportCode,
    departureAirport1: airportCode,
    departureAirport2: airportCode,
    sort: z.enum(['1', '2']),
    data: z.array(z.strictObject({ prefCode: prefCodeText, prefName: nonEmpty, value })),
  });

// Visitors who entered and left by the selected airports, per prefecture they visited: the count
// (dispType 1) or the share of those visitors who visited it, in percent with 2 decimals (dispType 2).
// An airport outside its area, or any airport while the area is -, counts as -, so every request has one
// canonical file. The echoes repeat the request's canonical codes as text, 1/2 as in the request (the
// original's field list numbered sort 0/1), and the area and airport codes, empty for all; keys in the
// order of the original's field list.
export default defineOperation({
  title: '外国人入出国空港分析（訪問地）',
  family: 'tourism',
  titleEn: 'Foreign visitors by airport of entry and exit',
  view: {
    rows: [{ path: 'data[]' }],
    columns: columns({
      prefCode: 'prefCode',
      prefName: '訪問地 / prefecture visited',
      value: '訪問者数・訪問率 / visitors or rate',
    }),
    chart: { kind: 'bar', x: 'prefName', y: 'value', horizontal: true },
  },
  description:
    'Foreign visitors who entered and left Japan by the selected airports in a `year` (2014–2019) and `halfPeriod` (`1` the whole year, `2`–`5` a quarter), per prefecture they visited: the number of visitors (`dispType=1`) or the share of them who visited it, in percent (`dispType=2`). Airports are chosen by area and code (`-` for all); the echoes `entryAirport1`, `entryAirport2`, `departureAirport1`, `departureAirport2` are empty for all. `sort=1` orders by value, `2` by prefecture.',
  examples: [
    {
      dispType: '1',
      year: '2019',
      halfPeriod: '1',
      entryAirportArea: '-',
      entryAirport: '-',
      departureAirportArea: '-',
      departureAirport: '-',
      sort: '1',
    },
    {
      dispType: '2',
      year: '2018',
      halfPeriod: '4',
      entryAirportArea: '3',
      entryAirport: 'NRT',
      departureAirportArea: '-',
      departureAirport: '-',
      sort: '2',
    },
  ],
  result: z.discriminatedUnion('dispType', [chart('1', count), chart('2', z.number().min(0).max(100))]).nullable(),
  route: {
    path: '/api/v1/tourism/airport/forBar',
    params: [
      {
        name: 'dispType',
        type: 'int',
        required: false,
        values: [1, 2],
        default: 1,
        doc: '1 number of visitors (default), 2 visit rate in percent.',
      },
      ...AIRPORT_PERIOD,
      area('entryAirportArea', 'Entry airport area, or - for all.'),
      airport(
        'entryAirport',
        'entryAirportArea',
        'Entry airport, or - for all; an airport outside entryAirportArea counts as -.',
      ),
      area('departureAirportArea', 'Exit airport area, or - for all.'),
      airport(
        'departureAirport',
        'departureAirportArea',
        'Exit airport, or - for all; an airport outside departureAirportArea counts as -.',
      ),
      {
        name: 'sort',
        type: 'int',
        required: false,
        values: [1, 2],
        default: 1,
        doc: '1 by value, descending (default), 2 by prefecture code.',
      },
    ],
  },
  needs: ['airports', 'airport_travellers', 'airport_visits'],
  share: 'year',
  prepare: (ctx) => airportFacts(ctx.sources, ctx.prefs),
  render(facts, v, ctx) {
    const entry = { area: v.entryAirportArea, airport: v.entryAirport };
    const exit = { area: v.departureAirportArea, airport: v.departureAirport };
    const key = selectionKey(v.year, v.halfPeriod, entry, exit);
    const total = facts.totals.get(key);
    if (!total) return null;
    const visits = facts.visits.get(key);
    const data = ctx.prefs.map((p) => {
      const n = visits?.get(String(p).padStart(2, '0')) ?? 0;
      return {
        prefCode: String(p),
        prefName: ctx.sources.regions.prefName(p),
        value: v.dispType === '1' ? n : percent(n, total)!,
      };
    });
    if (v.sort === '1') data.sort((a, b) => b.value - a.value || Number(a.prefCode) - Number(b.prefCode));
    const text = (code: string) => (code === '-' ? '' : code);
    return {
      dispType: v.dispType,
      year: v.year,
      halfPeriod: v.halfPeriod,
      entryAirport1: text(entry.area),
      entryAirport2: text(entry.airport),
      departureAirport1: text(exit.area),
      departureAirport2: text(exit.airport),
      sort: v.sort,
      data,
    };
  },
  routeData(ctx) {
    const airports = airportList(ctx.sources);
    const byArea: Record<string, string[]> = {};
    for (const a of airports) (byArea[a.areaCode] ??= []).push(a.airportCode);
    return {
      domains: { airportAreas: Object.keys(byArea), airportsByArea: byArea },
      labels: {
        airportAreas: Object.fromEntries(airports.map((a) => [a.areaCode, a.areaName])),
        airportsByArea: Object.fromEntries(airports.map((a) => [a.airportCode, a.airportName])),
      },
    };
  },
});
