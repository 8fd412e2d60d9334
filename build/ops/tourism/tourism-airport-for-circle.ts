import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { airportList, circleFacts, type CircleRow } from '../../facts/airports.ts';
import { defineOperation } from '../operation.ts';
import { CIRCLE_PARAMS, circleEchoes, circleView, shares } from './circle.ts';
import { count, nonEmpty } from '../result.ts';

const code = z.string().regex(/^[A-Za-z0-9]{1,16}$/);
const rate = z.number().min(0).max(100);
const airportShare = z.strictObject({ airportCode: code, airportName: nonEmpty, value: count, rate });

// The foreign visitors who visited a prefecture, by the airports they entered and left Japan by: each
// pair, each entry airport and each exit airport with visitors, largest first, with its share of the
// prefecture's visitors in percent (2 decimals, as forBar's visit rates). Echoes are text, as in the
// documentation's sample.
export default defineOperation({
  title: '入国空港・出国空港内訳',
  family: 'tourism',
  titleEn: 'Foreign visitors to a prefecture by airport of entry and exit',
  view: circleView(
    [
      ['entryAirport[]', '入国 / entry'],
      ['departureAirport[]', '出国 / exit'],
    ],
    '入出国 / side',
    [
      { key: 'airportCode', label: 'airportCode' },
      { key: 'airportName', label: '空港 / airport' },
    ],
    'airportName',
  ),
  description:
    "Foreign visitors who visited a prefecture in a `year` (2014–2019) and `halfPeriod` (`1` the whole year, `2`–`5` a quarter), by the airports they entered and left Japan by: `entryAndDepartureAirport` lists each pair of entry and exit airports, `entryAirport` and `departureAirport` each airport, every one with its visitors (`value`) and its share of the prefecture's visitors in percent (`rate`, 2 decimals), largest first. Airports without visitors are left out.",
  examples: [
    { year: '2019', halfPeriod: '1', prefCode: '13' },
    { year: '2015', halfPeriod: '3', prefCode: '1' },
  ],
  result: z
    .strictObject({
      ...circleEchoes,
      entryAndDepartureAirport: z.array(
        z.strictObject({
          entryAirportCode: code,
          entryAirportName: nonEmpty,
          departureAirportCode: code,
          departureAirportName: nonEmpty,
          value: count,
          rate,
        }),
      ),
      entryAirport: z.array(airportShare),
      departureAirport: z.array(airportShare),
    })
    .nullable(),
  route: { path: '/api/v1/tourism/airport/forCircle', params: CIRCLE_PARAMS },
  needs: ['airports', 'airport_visits'],
  // A year's rows, not a prefecture's: the airports master names airports of every prefecture.
  share: 'year',
  prepare: (ctx) => ({
    byKey: circleFacts(ctx.sources),
    names: new Map(airportList(ctx.sources).map((a) => [a.airportCode, a.airportName])),
  }),
  render({ byKey, names }, v) {
    const rows = byKey.get(prefRegion(Number(v.prefCode)), v.year, v.halfPeriod);
    const total = rows?.reduce((a, r) => a + r.visitors, 0) ?? 0;
    if (!rows || total === 0) return null;
    const name = (c: string) => names.get(c) ?? c;
    const side = (pick: (r: CircleRow) => string) =>
      shares(
        rows.map((r) => [pick(r), r.visitors]),
        total,
      ).map(([airportCode, value, rate]) => ({ airportCode, airportName: name(airportCode), value, rate }));
    return {
      year: v.year,
      halfPeriod: v.halfPeriod,
      prefCode: v.prefCode,
      entryAndDepartureAirport: shares(
        rows.map((r) => [r, r.visitors]),
        total,
        (r) => `${r.entryAirport}|${r.exitAirport}`,
      ).map(([pair, value, rate]) => ({
        entryAirportCode: pair.entryAirport,
        entryAirportName: name(pair.entryAirport),
        departureAirportCode: pair.exitAirport,
        departureAirportName: name(pair.exitAirport),
        value,
        rate,
      })),
      entryAirport: side((r) => r.entryAirport),
      departureAirport: side((r) => r.exitAirport),
    };
  },
});
