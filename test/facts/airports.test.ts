// airportFacts and circleFacts over a few flows: visitors summed for every selection of airports (one
// airport, its area, or all) and period (the year or a quarter), and per prefecture visited.

import { describe, expect, it } from 'vitest';
import { airportFacts, circleFacts, selectionKey } from '../../build/facts/airports.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

const ALL = { area: '-', airport: '-' };

describe('airport facts', () => {
  const sources = tinySources({
    airports: csv`
      areaCode,areaName,airportCode,airportName,prefCode
      1,北海道,CTS,新千歳,01
      1,北海道,HKD,函館,01
      3,関東,NRT,成田,13
      3,関東,HND,羽田,13
    `,
    airport_travellers: csv`
      year,quarter,entryAirport,exitAirport,visitors
      2019,1,NRT,CTS,10
      2019,2,NRT,HKD,5
      2019,1,HND,CTS,7
    `,
    airport_visits: csv`
      year,quarter,entryAirport,exitAirport,prefCode,visitors
      2019,1,NRT,CTS,01,10
      2019,1,NRT,CTS,13,4
      2019,2,NRT,HKD,01,5
      2019,1,HND,CTS,01,6
    `,
  });

  it('sums the travellers of the year or a quarter for each airport, area or all on either side', () => {
    const { totals } = airportFacts(sources, [1, 13]);
    expect(totals.get(selectionKey(2019, 1, ALL, ALL))).toBe(22);
    expect(totals.get(selectionKey(2019, 2, ALL, ALL))).toBe(17);
    expect(totals.get(selectionKey(2019, 3, ALL, ALL))).toBe(5);
    expect(totals.get(selectionKey(2019, 1, { area: '3', airport: '-' }, { area: '1', airport: 'CTS' }))).toBe(17);
    expect(totals.get(selectionKey(2019, 1, { area: '3', airport: 'NRT' }, ALL))).toBe(15);
    expect(totals.get(selectionKey(2018, 1, ALL, ALL))).toBeUndefined();
  });

  it('sums the visitors of each prefecture in scope per selection', () => {
    const { visits } = airportFacts(sources, [1, 13]);
    expect(visits.get(selectionKey(2019, 1, ALL, ALL))).toEqual(
      new Map([
        ['01', 21],
        ['13', 4],
      ]),
    );
    expect(visits.get(selectionKey(2019, 1, { area: '3', airport: 'HND' }, ALL))).toEqual(new Map([['01', 6]]));
    const tokyo = airportFacts(sources, [13]).visits;
    expect(tokyo.get(selectionKey(2019, 1, ALL, ALL))).toEqual(new Map([['13', 4]]));
    expect(tokyo.get(selectionKey(2019, 3, ALL, ALL))).toBeUndefined();
  });

  it('lists the pairs of airports of a prefecture’s visitors for the year and each quarter, in code order', () => {
    const circles = circleFacts(sources);
    const pairs = (...key: [string, string, string]) =>
      circles.get(...key)?.map((r) => [r.entryAirport, r.exitAirport, r.visitors]);
    expect(pairs('01', '2019', '1')).toEqual([
      ['HND', 'CTS', 6],
      ['NRT', 'CTS', 10],
      ['NRT', 'HKD', 5],
    ]);
    expect(pairs('01', '2019', '2')).toEqual([
      ['HND', 'CTS', 6],
      ['NRT', 'CTS', 10],
    ]);
    expect(pairs('01', '2019', '3')).toEqual([['NRT', 'HKD', 5]]);
    expect(pairs('13', '2019', '1')).toEqual([['NRT', 'CTS', 4]]);
    expect(pairs('13', '2019', '3')).toBeUndefined();
  });
});
