// The agriculture crops charts, recomputed from the raw rows of farm_entities: person-days of farm work
// and the share of entities that are corporations, for a region, its prefecture and the nation, and with
// regions added (addArea), where the composer sums the days of entityCounts.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { AGRICULTURE_YEARS, FARM_BUSINESSES, FARMER_AGES } from '../../sources/agriculture-codes.ts';
import type { Row } from '../../sources/tables.ts';
import { composed, errorOf as err, result } from '../helpers/dist.ts';
import { buildWithLines, inRegion, requestedRegion, rowsOf, sampleLines, sampleSources } from '../helpers/sample.ts';
import { countScopes } from '../helpers/shape.ts';

const farms = rowsOf<Row<'farm_entities'>>('farm_entities');
const businesses = rowsOf<Row<'farm_businesses'>>('farm_businesses');
const farmerRows = rowsOf<Row<'farmers'>>('farmers');
const regions = sampleSources().regions;

/** Per census year, a column of farm_entities summed over the regions. */
function summed(column: 'entities' | 'corporations' | 'workingDays', scope: string[]) {
  const out = new Map<number, number>();
  for (const r of farms)
    if (scope.some((g) => inRegion(g, r.regionCode))) out.set(r.year, (out.get(r.year) ?? 0) + r[column]);
  return out;
}
const series = (m: Map<number, number>) => [...m].sort((x, y) => x[0] - y[0]).map(([year, value]) => ({ year, value }));
const farming = [...new Set(farms.map((r) => r.regionCode))];
const [a, b] = farming.filter((c) => c.startsWith('01'));
const t = farming.find((c) => c.startsWith('13'))!;
const none = regions.citiesOf(13).find((c) => !farming.includes(c.cityCode))!;
const header = ['prefCode', 'prefName', 'cityCode', 'cityName', 'oldCityCode', 'oldCityName'];
const name = (pref: string, city: string) =>
  city === '-' ? regions.prefecture(Number(pref))!.prefName : regions.city(city)!.cityName;

describe('agriculture crops: working days', () => {
  it('sums the person-days of the rows of a region, in the documented keys', () => {
    for (const [pref, city] of [
      ['1', '-'],
      ['1', a!],
      ['13', '-'],
      ['13', t],
    ] as const) {
      const r = result(`/api/v1/agriculture/crops/workingDays?prefCode=${pref}&cityCode=${city}`);
      expect(Object.keys(r)).toEqual([...header, 'label', 'years']);
      expect([r.oldCityCode, r.oldCityName, r.label]).toEqual(['', '', name(pref, city)]);
      expect(r.years, `${pref} ${city}`).toEqual(series(summed('workingDays', [requestedRegion(pref, city)])));
      expect(r.years.map((y: any) => y.year)).toEqual(AGRICULTURE_YEARS);
    }
    expect(result(`/api/v1/agriculture/crops/workingDays?prefCode=13&cityCode=${none.cityCode}`)).toBeNull();
    // oldCityCode is accepted and not read.
    expect(result(`/api/v1/agriculture/crops/workingDays?prefCode=1&cityCode=${a}&oldCityCode=01999`)).toEqual(
      result(`/api/v1/agriculture/crops/workingDays?prefCode=1&cityCode=${a}`),
    );
  });

  it('adds the days of added regions year by year (addArea), keeping the main region when it has no farms', async () => {
    const two = await composed(`/api/v1/agriculture/crops/workingDays?prefCode=1&cityCode=${a}&addArea=1_${b},13_${t}`);
    expect(two.years).toEqual(series(summed('workingDays', [a!, b!, t])));
    expect(two.label).toBe([a!, b!, t].map((c) => regions.city(c)!.cityName).join('・'));
    const prefs = await composed('/api/v1/agriculture/crops/workingDays?prefCode=13&cityCode=-&addArea=1_');
    expect(prefs.years).toEqual(series(summed('workingDays', ['13', '01'])));
    const empty = await composed(
      `/api/v1/agriculture/crops/workingDays?prefCode=13&cityCode=${none.cityCode}&addArea=13_${t}`,
    );
    expect([empty.cityCode, empty.cityName]).toEqual([none.cityCode, none.cityName]);
    expect(empty.years).toEqual(series(summed('workingDays', [t])));
  });
});

describe('agriculture crops: share of corporations', () => {
  const rates = (scope: string) => {
    const n = summed('entities', [scope]);
    const c = summed('corporations', [scope]);
    return [...n].sort((x, y) => x[0] - y[0]).map(([year, e]) => ({ year, value: (100 * c.get(year)!) / e }));
  };

  it('divides corporations by entities (percent, 2 decimals), for the region, its prefecture and the nation', () => {
    for (const [pref, city] of [
      ['1', '-'],
      ['1', a!],
      ['13', t],
    ] as const) {
      for (const [matter, scope, label] of [
        ['1', requestedRegion(pref, city), name(pref, city)],
        ['2', pref.padStart(2, '0'), `${regions.prefecture(Number(pref))!.prefName}平均`],
        ['3', '00', '全国平均'],
      ] as const) {
        const what = `${pref} ${city} matter ${matter}`;
        const r = result(
          `/api/v1/agriculture/crops/averageOfCorporate?prefCode=${pref}&cityCode=${city}&matter=${matter}`,
        );
        expect(Object.keys(r), what).toEqual([...header, 'matter', 'label', 'years']);
        expect([r.matter, r.label], what).toEqual([matter, label]);
        const expected = rates(scope);
        expect(
          r.years.map((y: any) => y.year),
          what,
        ).toEqual(expected.map((y) => y.year));
        r.years.forEach((y: any, i: number) =>
          expect(Math.abs(y.value - expected[i]!.value), `${what} ${y.year}`).toBeLessThanOrEqual(0.005 + 1e-9),
        );
      }
    }
    const q = `prefCode=13&cityCode=${none.cityCode}`;
    expect(result(`/api/v1/agriculture/crops/averageOfCorporate?${q}&matter=1`)).toBeNull();
    expect(result(`/api/v1/agriculture/crops/averageOfCorporate?${q}&matter=2`).label).toBe('東京都平均');
    expect(err('/api/v1/agriculture/crops/averageOfCorporate?prefCode=1&cityCode=-').message).toBe(
      'matter is required',
    );
  });

  it('gives the counts it computes from in entityCounts, as the raw rows sum them', () => {
    const r = result(`/api/v1/agriculture/crops/entityCounts?prefCode=1&cityCode=${a}`);
    for (const [scope, key] of countScopes(a!, '01')) {
      for (const column of ['entities', 'corporations', 'workingDays'] as const)
        expect(r[key][column], `${key} ${column}`).toEqual(
          Object.fromEntries([...summed(column, [scope])].map(([y, v]) => [String(y), v])),
        );
      const business: Record<string, Record<string, number>> = {};
      for (const b of businesses)
        if (inRegion(scope, b.regionCode)) {
          const y = (business[b.year] ??= {});
          y[b.business] = (y[b.business] ?? 0) + b.entities;
        }
      expect(r[key].business, `${key} business`).toEqual(business);
    }
    expect(result(`/api/v1/agriculture/crops/entityCounts?prefCode=13&cityCode=${none.cityCode}`).region).toEqual({});
  });
});

describe('agriculture crops: production-related businesses', () => {
  /** Per census year, every business with its entities summed over the regions (0 when none). */
  function expected(scope: string[]) {
    const out = new Map<number, number[]>();
    for (const r of businesses)
      if (scope.some((g) => inRegion(g, r.regionCode))) {
        const y =
          out.get(r.year) ??
          out
            .set(
              r.year,
              FARM_BUSINESSES.map(() => 0),
            )
            .get(r.year)!;
        y[r.business - 1]! += r.entities;
      }
    return [...out]
      .sort((x, y) => x[0] - y[0])
      .map(([year, n]) => ({
        year,
        data: FARM_BUSINESSES.map((label, i) => ({ code: String(i + 1), label, value: n[i]! })),
      }));
  }

  it('counts the entities of every business per census year, for a region and with regions added', async () => {
    for (const [pref, city] of [
      ['1', '-'],
      ['1', a!],
      ['13', t],
    ] as const) {
      const r = result(`/api/v1/agriculture/crops/relatedBusiness?prefCode=${pref}&cityCode=${city}`);
      expect(Object.keys(r)).toEqual([...header, 'years']);
      expect(r.years, `${pref} ${city}`).toEqual(expected([requestedRegion(pref, city)]));
      expect(r.years.map((y: any) => y.year)).toEqual(AGRICULTURE_YEARS);
    }
    expect(result(`/api/v1/agriculture/crops/relatedBusiness?prefCode=13&cityCode=${none.cityCode}`)).toBeNull();
    const url = `/api/v1/agriculture/crops/relatedBusiness?prefCode=13&cityCode=${none.cityCode}&addArea=1_${a},13_${t}`;
    const added = await composed(url);
    expect([added.cityCode, added.cityName]).toEqual([none.cityCode, none.cityName]);
    expect(added.years).toEqual(expected([a!, t]));
    expect(
      (await composed('/api/v1/agriculture/crops/relatedBusiness?prefCode=1&cityCode=-&addArea=13_')).years,
    ).toEqual(expected(['01', '13']));
  });
});

describe('agriculture crops: farmers by age', () => {
  /** Per census year and age class, the persons and the sum of their ages of a selection over the regions. */
  function farmersOf(scope: string[], farmersType: number, genderType: number) {
    const out = new Map<number, { persons: number[]; ages: number }>();
    for (const r of farmerRows)
      if (
        r.farmersType === farmersType &&
        (genderType === 1 || r.gender === genderType - 1) &&
        scope.some((g) => inRegion(g, r.regionCode))
      ) {
        const y = out.get(r.year) ?? out.set(r.year, { persons: FARMER_AGES.map(() => 0), ages: 0 }).get(r.year)!;
        y.persons[r.ageClass - 1]! += r.persons;
        y.ages += r.ageYears;
      }
    return [...out].sort((x, y) => x[0] - y[0]);
  }
  const sum = (xs: number[]) => xs.reduce((p, q) => p + q, 0);
  const close = (got: number, want: number, decimals: number, what: string) =>
    expect(Math.abs(got - want), what).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);

  /** Holds an average-age and an age-structure answer to the raw rows of the scope. */
  function expectFarmers(avg: any, structure: any, scope: string[], type: number, gender: number, what: string) {
    const rows = farmersOf(scope, type, gender);
    expect(
      avg.years.map((y: any) => y.year),
      what,
    ).toEqual(rows.map(([year]) => year));
    expect(
      structure.years.map((y: any) => y.year),
      what,
    ).toEqual(rows.map(([year]) => year));
    rows.forEach(([year, f], i) => {
      close(avg.years[i].value, f.ages / sum(f.persons), 1, `${what} ${year} average`);
      const y = structure.years[i];
      expect([y.unit, y.label], what).toEqual(['%', avg.label]);
      expect(y.legend).toEqual(FARMER_AGES.map((label, c) => ({ label, code: String(c + 1) })));
      y.data.forEach((d: any, c: number) =>
        close(d.value, (100 * f.persons[c]!) / sum(f.persons), 2, `${what} ${year} class ${c + 1}`),
      );
    });
  }

  it('averages ages and shares age classes from the rows, for each type, sex and matter', () => {
    for (const [pref, city] of [
      ['1', a!],
      ['13', '-'],
    ] as const)
      for (const type of [1, 2])
        for (const gender of [1, 2, 3])
          for (const [matter, scope, label] of [
            ['1', requestedRegion(pref, city), name(pref, city)],
            ['2', pref.padStart(2, '0'), `${regions.prefecture(Number(pref))!.prefName}平均`],
            ['3', '00', '全国平均'],
          ] as const) {
            const q = `prefCode=${pref}&cityCode=${city}&farmersType=${type}&genderType=${gender}&matter=${matter}`;
            const avg = result(`/api/v1/agriculture/crops/farmersAverageAge?${q}`);
            const structure = result(`/api/v1/agriculture/crops/farmersAgeStructure?${q}`);
            expect(Object.keys(avg)).toEqual([...header, 'farmersType', 'genderType', 'matter', 'label', 'years']);
            expect(Object.keys(structure)).toEqual([...header, 'farmersType', 'genderType', 'matter', 'years']);
            expect(Object.keys(structure.years[0])).toEqual(['year', 'unit', 'legend', 'label', 'data']);
            expect([avg.farmersType, avg.genderType, avg.matter, avg.label], q).toEqual([
              String(type),
              String(gender),
              matter,
              label,
            ]);
            expectFarmers(avg, structure, [scope], type, gender, q);
          }
    const q = `prefCode=13&cityCode=${none.cityCode}&farmersType=1&genderType=1`;
    expect(result(`/api/v1/agriculture/crops/farmersAverageAge?${q}&matter=1`)).toBeNull();
    expect(result(`/api/v1/agriculture/crops/farmersAgeStructure?${q}&matter=3`).years[0].label).toBe('全国平均');
    expect(
      err('/api/v1/agriculture/crops/farmersAverageAge?prefCode=1&cityCode=-&farmersType=1&genderType=4&matter=1')
        .message,
    ).toBe('genderType 4 is out of range');
  });

  it('sums the farmers of added regions before averaging and sharing (addArea); matter 2 counts each prefecture once', async () => {
    const url = (op: string, q: string) => `/api/v1/agriculture/crops/${op}?${q}`;
    const q = `prefCode=13&cityCode=${none.cityCode}&farmersType=2&genderType=3`;
    const two = [
      await composed(url('farmersAverageAge', `${q}&matter=1&addArea=1_${a},13_${t}`)),
      await composed(url('farmersAgeStructure', `${q}&matter=1&addArea=1_${a},13_${t}`)),
    ];
    expect([two[0].cityCode, two[0].label]).toEqual([
      none.cityCode,
      [none.cityName, regions.city(a!)!.cityName, regions.city(t)!.cityName].join('・'),
    ]);
    expectFarmers(two[0], two[1], [a!, t], 2, 3, 'two regions');
    const prefs = [
      await composed(url('farmersAverageAge', `${q}&matter=2&addArea=1_${a},13_${t}`)),
      await composed(url('farmersAgeStructure', `${q}&matter=2&addArea=1_${a},13_${t}`)),
    ];
    expect(prefs[0].label).toBe('東京都・北海道平均');
    expectFarmers(prefs[0], prefs[1], ['13', '01'], 2, 3, 'two prefectures');
  });
});

describe('farm_entities and farmers', () => {
  it('fails the build on more corporations than entities, with file, line and column', () => {
    const text = sampleLines('farm_entities');
    const cells = text[2]!.split(',');
    cells[3] = String(Number(cells[2]) + 1); // corporations, one more than the entities
    text[2] = cells.join(',');
    expect(() => buildWithLines('farm_entities', text, ['agriculture'])).toThrow(
      /^farm_entities\.csv:3:4: corporations: expected no more corporations than entities, found "\d+"/,
    );
  });

  it('fails the build on a sum of ages no person could have, with file, line and column', () => {
    const text = sampleLines('farmers');
    const at = text.findIndex((line, i) => i > 0 && Number(line.split(',')[5]) > 0);
    const cells = text[at]!.split(',');
    cells[6] = String(Number(cells[5]) * 121); // ageYears: every person 121 years old
    text[at] = cells.join(',');
    expect(() => buildWithLines('farmers', text, ['agriculture'])).toThrow(
      new RegExp(
        `^farmers\\.csv:${at + 1}:7: ageYears: expected the sum of ages of the persons \\(15 to 120 years each\\)`,
      ),
    );
  });
});
