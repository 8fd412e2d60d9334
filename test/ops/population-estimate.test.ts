// population/sum/estimate, population/nature and population/future/cities: the original's shapes, and the
// figures recomputed from the raw vital events, births by mother's age and the population answers.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { composed, errorOf as err, result } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf, sampleSources } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';

const NO_DATA = ['01695', '01696', '01697', '01698', '01699', '01700'];
const EVENT_LABELS = ['転入数', '転出数', '出生数', '死亡数'] as const;
const KEYS = { 転入数: 'inMigrants', 転出数: 'outMigrants', 出生数: 'births', 死亡数: 'deaths' } as const;

type Event = Row<'vital_events'>;

const regions = sampleSources().regions;
/** The municipalities that carry facts: all but designated cities and the no-data villages. */
const leaves = (pref: number) =>
  regions.citiesOf(pref).filter((c) => c.bigCityFlag !== '2' && !NO_DATA.includes(c.cityCode));
const events = rowsOf<Event>('vital_events');
const eventsOf = (codes: string[]) => {
  const set = new Set(codes);
  const byYear = new Map<number, Event>();
  for (const e of events.filter((e) => set.has(e.regionCode))) {
    const s = byYear.get(e.year) ?? {
      regionCode: '',
      year: e.year,
      births: 0,
      deaths: 0,
      inMigrants: 0,
      outMigrants: 0,
    };
    for (const k of ['births', 'deaths', 'inMigrants', 'outMigrants'] as const) s[k] += e[k];
    byYear.set(e.year, s);
  }
  return byYear;
};

const estimate = (pref: number, city = '-') =>
  result(`/api/v1/population/sum/estimate?prefCode=${pref}&cityCode=${city}`);
const perYear = (pref: number, city = '-') =>
  result(`/api/v1/population/composition/perYear?prefCode=${pref}&cityCode=${city}`);
const series = (r: any, label: string) =>
  r.data.find((s: any) => s.label === label).data as { year: number; value: number }[];
const at = (points: { year: number; value: number }[], year: number) => points.find((p) => p.year === year)?.value;

describe('population/sum/estimate', () => {
  const years = (from: number, to: number, step = 1) =>
    Array.from({ length: (to - from) / step + 1 }, (_, i) => from + step * i);

  it('has the original shape and years: 総人口 then in-, out-migrants, births and deaths; prefectures from 1960, municipalities from 1994/1995', () => {
    // The original's last release: prefectures 総人口 1960–2045 every 5 years and events 1960–2021;
    // municipalities 総人口 1995–2045 and events 1994–2021 (as get_resas documents them and a real municipal answer has them).
    for (const [r, events, total] of [
      [estimate(13), years(1960, 2021), years(1960, 2045, 5)],
      [estimate(1, '01101'), years(1994, 2021), years(1995, 2045, 5)],
      [estimate(1, '01100'), years(1994, 2021), years(1995, 2045, 5)],
      [estimate(13, '13101'), years(1994, 2021), years(1995, 2045, 5)],
    ] as const) {
      expect(Object.keys(r)).toEqual(['boundaryYear', 'data']);
      expect(r.boundaryYear).toBe(2020);
      expect(r.data.map((s: any) => Object.keys(s))).toEqual(Array(5).fill(['label', 'data']));
      expect(r.data.map((s: any) => s.label)).toEqual(['総人口', ...EVENT_LABELS]);
      for (const s of r.data) for (const p of s.data) expect(Object.keys(p)).toEqual(['year', 'value']);
      for (const label of EVENT_LABELS) expect(series(r, label).map((p) => p.year)).toEqual(events);
      // From the census before the first events on, projections included: perYear's totals, the same people.
      expect(series(r, '総人口').map((p) => p.year)).toEqual(total);
    }
    for (const [pref, city] of [
      [13, '-'],
      [1, '01100'],
      [13, '13101'],
    ] as const) {
      const total = series(perYear(pref, city), '総人口');
      for (const p of series(estimate(pref, city), '総人口')) expect(p.value).toBe(at(total, p.year));
    }
  });

  it('prints the raw events of a municipality, and their sums for designated cities and prefectures', () => {
    for (const code of ['01101', '01202', '13101', '13421']) {
      const raw = eventsOf([code]);
      const r = estimate(Number(code.slice(0, 2)), code);
      for (const label of EVENT_LABELS)
        for (const p of series(r, label))
          expect(p.value, `${code} ${label} ${p.year}`).toBe(raw.get(p.year)![KEYS[label]]);
    }
    // A prefecture's rows before 1994 are its own (the sum of its municipalities' from 1981), after it the sum.
    for (const [pref, city, parts] of [
      [1, '-', leaves(1)],
      [13, '-', leaves(13)],
      [1, '01100', leaves(1).filter((c) => c.designatedCityCode === '01100')],
    ] as const) {
      expect(parts.length).toBeGreaterThan(9);
      const raw = eventsOf([...parts.map((c) => c.cityCode), ...(city === '-' ? [String(pref).padStart(2, '0')] : [])]);
      const r = estimate(pref, city);
      for (const label of EVENT_LABELS)
        for (const p of series(r, label))
          expect(p.value, `${pref} ${city} ${label} ${p.year}`).toBe(raw.get(p.year)![KEYS[label]]);
    }
  });

  it('accounts for the change of the total population over every census interval, from the raw rows', () => {
    const check = (pref: number, city: string, codes: string[]) => {
      const raw = eventsOf(city === '-' ? [...codes, String(pref).padStart(2, '0')] : codes);
      const total = series(perYear(pref, city), '総人口');
      for (let y = city === '-' ? 1960 : 1995; y <= 2015; y += 5) {
        let balance = 0;
        for (let k = 1; k <= 5; k++) {
          const e = raw.get(y + k)!;
          balance += e.births - e.deaths + e.inMigrants - e.outMigrants;
        }
        expect(balance, `${city === '-' ? pref : city} ${y}–${y + 5}`).toBe(at(total, y + 5)! - at(total, y)!);
      }
    };
    for (const pref of [1, 13]) for (const c of leaves(pref)) check(pref, c.cityCode, [c.cityCode]);
    check(
      1,
      '-',
      leaves(1).map((c) => c.cityCode),
    );
    check(
      13,
      '-',
      leaves(13).map((c) => c.cityCode),
    );
    check(
      1,
      '01100',
      leaves(1)
        .filter((c) => c.designatedCityCode === '01100')
        .map((c) => c.cityCode),
    );
    // And from the answer alone, for a prefecture.
    const r = estimate(13);
    const total = series(r, '総人口');
    const flow = (label: string, from: number) =>
      series(r, label)
        .filter((p) => p.year > from && p.year <= from + 5)
        .reduce((a, p) => a + p.value, 0);
    for (let y = 1960; y <= 2015; y += 5) {
      expect(flow('出生数', y) - flow('死亡数', y) + flow('転入数', y) - flow('転出数', y)).toBe(
        at(total, y + 5)! - at(total, y)!,
      );
    }
  });

  it('draws plausible events: more deaths than births lately, moves far above the net', () => {
    const r = estimate(1);
    expect(at(series(r, '死亡数'), 2020)!).toBeGreaterThan(at(series(r, '出生数'), 2020)!);
    expect(at(series(r, '出生数'), 1985)!).toBeGreaterThan(at(series(r, '出生数'), 2020)!);
    const t = estimate(13);
    // Tokyo's net inflow follows from its official age structure (about 98,000 in 2010); moves are still several times the net.
    expect(at(series(t, '転入数'), 2010)!).toBeGreaterThan(
      5 * Math.abs(at(series(t, '転入数'), 2010)! - at(series(t, '転出数'), 2010)!),
    );
  });

  it('adds the counts of addArea regions, the years every region has', async () => {
    const sum = await composed('/api/v1/population/sum/estimate?prefCode=13&cityCode=13101&addArea=13_13102,13_13103');
    const parts = ['13101', '13102', '13103'].map((c) => estimate(13, c));
    expect(Object.keys(sum)).toEqual(['boundaryYear', 'data']);
    expect(sum.data.map((s: any) => s.label)).toEqual(['総人口', ...EVENT_LABELS]);
    for (const label of ['総人口', ...EVENT_LABELS]) {
      expect(series(sum, label).map((p) => p.year)).toEqual(series(parts[0], label).map((p) => p.year));
      for (const p of series(sum, label))
        expect(p.value).toBe(parts.reduce((a, r) => a + at(series(r, label), p.year)!, 0));
    }
    const both = await composed('/api/v1/population/sum/estimate?prefCode=1&addArea=13_');
    for (const label of EVENT_LABELS)
      expect(at(series(both, label), 2000)).toBe(
        at(series(estimate(1), label), 2000)! + at(series(estimate(13), label), 2000)!,
      );
  });

  it('answers null for municipalities without statistics, and words its errors as the resolver does', () => {
    for (const code of NO_DATA) expect(estimate(1, code)).toBeNull();
    expect(err('/api/v1/population/sum/estimate')).toEqual({ status: 400, message: 'prefCode is required' });
    expect(err('/api/v1/population/sum/estimate?prefCode=13&cityCode=01202').message).toBe(
      'cityCode 01202 is not a municipality of prefCode 13',
    );
    expect(err('/api/v1/population/sum/estimate?prefCode=13&addArea=13_13101').status).toBe(400);
  });
});

describe('population/nature', () => {
  const nature = (pref: number, city: string, from: string, to: string) =>
    result(`/api/v1/population/nature?prefCode=${pref}&cityCode=${city}&ageFrom=${from}&ageTo=${to}`);
  const pyramid = (pref: number, city: string, year: number) =>
    result(
      `/api/v1/population/composition/pyramid?prefCode=${pref}&cityCode=${city}&yearLeft=${year}&yearRight=${year}`,
    ).yearLeft.data as {
      man: number;
      woman: number;
    }[];
  const births = rowsOf<Row<'births_by_mother_age'>>('births_by_mother_age');
  const people = rowsOf<Row<'population_by_age_sex'>>('population_by_age_sex');
  /** The original's ranges as get_resas sends them: - or 5 … 85 from, 4 … 89 or - to; the ages they cover. */
  const FIVE_YEAR = [['-', '4'], ...Array.from({ length: 17 }, (_, i) => [String(5 + 5 * i), String(9 + 5 * i)])] as [
    string,
    string,
  ][];
  const RANGES: [string, string][] = [...FIVE_YEAR, ['85', '-'], ['-', '-']];
  const ages = (from: string, to: string) => [from === '-' ? 0 : Number(from), to === '-' ? Infinity : Number(to)];

  it('has the original shape', () => {
    const r = nature(13, '-', '15', '49');
    expect(Object.keys(r)).toEqual(['line', 'bar']);
    expect(Object.keys(r.line)).toEqual(['boundaryYear', 'data']);
    expect(Object.keys(r.bar)).toEqual(['boundaryYear', 'mandata', 'womandata']);
    expect([r.line.boundaryYear, r.bar.boundaryYear]).toEqual([2020, 2020]);
    for (const p of r.line.data) expect(Object.keys(p)).toEqual(['yearRange', 'year', 'value']);
    for (const p of [...r.bar.mandata, ...r.bar.womandata]) expect(Object.keys(p)).toEqual(['year', 'value']);
    expect(r.line.data.map((p: any) => `${p.yearRange}:${p.year}`)).toEqual(
      Array.from({ length: 8 }, (_, i) => `${1983 + 5 * i}-${1987 + 5 * i}:${1985 + 5 * i}`),
    );
    expect(r.bar.mandata.map((p: any) => p.year)).toEqual(Array.from({ length: 14 }, (_, i) => 1980 + 5 * i));
  });

  it('computes the total fertility rate from the raw births by mother’s age and the women at the middle year', () => {
    for (const [pref, city, codes] of [
      [13, '-', leaves(13).map((c) => c.cityCode)],
      [
        1,
        '01100',
        leaves(1)
          .filter((c) => c.designatedCityCode === '01100')
          .map((c) => c.cityCode),
      ],
      [1, '01202', ['01202']],
      [13, '13101', ['13101']],
    ] as const) {
      const set = new Set<string>(codes);
      const mine = births.filter((b) => set.has(b.regionCode));
      for (const p of nature(pref, city, '-', '-').line.data) {
        const women = pyramid(pref, city, p.year).map((c) => c.woman);
        let tfr = 0;
        for (let a = 15; a <= 45; a += 5)
          tfr +=
            mine.filter((b) => b.period === p.yearRange && b.ageFrom === a).reduce((s, b) => s + b.births, 0) /
            women[a / 5]!;
        expect(Math.abs(p.value - tfr), `${city} ${p.yearRange}`).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(p.value).toBe(Math.round(p.value * 100) / 100);
        expect(p.value).toBeGreaterThan(0.8);
        expect(p.value).toBeLessThan(2.5);
      }
    }
  });

  it('draws births by mother’s age that add up to the vital events’ births of the same five years', () => {
    const byPeriod = new Map<string, number>();
    for (const b of births)
      byPeriod.set(`${b.regionCode}|${b.period}`, (byPeriod.get(`${b.regionCode}|${b.period}`) ?? 0) + b.births);
    const byYear = new Map(events.map((e) => [`${e.regionCode}|${e.year}`, e.births]));
    // The periods whose years the table holds for municipalities (1994–2021): 1998-2002 … 2013-2017.
    const held = (period: string) => Number(period.slice(0, 4)) >= 1994 && Number(period.slice(0, 4)) + 4 <= 2021;
    expect([...byPeriod.keys()].filter((k) => held(k.split('|')[1]!)).length).toBeGreaterThan(1000);
    for (const [key, n] of byPeriod) {
      const [code, period] = key.split('|') as [string, string];
      if (!held(period)) continue;
      const from = Number(period.slice(0, 4));
      let sum = 0;
      for (let y = from; y < from + 5; y++) sum += byYear.get(`${code}|${y}`)!;
      expect(n, key).toBe(sum);
    }
  });

  it('answers the ranges get_resas asks of a municipality (ageFrom - or 5 … 85, ageTo 4 … 89 or -) with the people of those ages in the raw rows', () => {
    const mine = people.filter((r) => r.regionCode === '13101');
    for (const [from, to] of RANGES) {
      const r = nature(13, '13101', from, to);
      const [low, high] = ages(from, to);
      for (const [sex, data] of [
        ['male', r.bar.mandata],
        ['female', r.bar.womandata],
      ] as const) {
        for (const p of data as { year: number; value: number }[]) {
          const expected = mine
            .filter((x) => x.year === p.year && x.sex === sex && x.ageFrom >= low! && x.ageFrom <= high!)
            .reduce((a, x) => a + x.count, 0);
          expect(p.value, `ageFrom=${from}&ageTo=${to} ${sex} ${p.year}`).toBe(expected);
        }
      }
    }
    // The 18 five-year ranges and 85 and over split everyone of stated age, -…- counts.
    const all = nature(13, '13101', '-', '-');
    const parts = [...FIVE_YEAR.slice(0, -1), ['85', '-']].map(([f, t]) => nature(13, '13101', f!, t!));
    all.bar.mandata.forEach((p: any, i: number) =>
      expect(parts.reduce((a, r) => a + r.bar.mandata[i].value, 0)).toBe(p.value),
    );
  });

  it('counts the men and women of wider ranges in prefectures and designated cities, as the pyramid has them', () => {
    for (const [pref, city, from, to] of [
      [13, '-', '15', '49'],
      [1, '01202', '20', '39'],
      [1, '01100', '85', '-'],
      [13, '13101', '-', '4'],
    ] as const) {
      const r = nature(pref, city, from, to);
      const [low, high] = ages(from, to);
      for (const [i, p] of r.bar.mandata.entries()) {
        const classes = pyramid(pref, city, p.year).filter((_, k) => k * 5 >= low! && k * 5 <= high!);
        expect(p.value).toBe(classes.reduce((a, c) => a + c.man, 0));
        expect(r.bar.womandata[i].value).toBe(classes.reduce((a, c) => a + c.woman, 0));
      }
    }
    // All ages: everyone of stated age, at most the total (people of unknown age count there only).
    const all = nature(13, '-', '-', '-');
    const total = series(perYear(13), '総人口');
    all.bar.mandata.forEach((p: any, i: number) => {
      const people = p.value + all.bar.womandata[i].value;
      expect(people).toBeLessThanOrEqual(at(total, p.year)!);
      if (p.year > 2020) expect(people).toBe(at(total, p.year));
    });
    // The line does not depend on the ages.
    expect(nature(13, '-', '15', '49').line).toEqual(all.line);
  });

  it('answers null for municipalities without statistics, and refuses ranges that end before they start or ages off the original’s', () => {
    expect(nature(1, '01695', '15', '49')).toBeNull();
    expect(err('/api/v1/population/nature?prefCode=13&ageFrom=45&ageTo=14')).toEqual({
      status: 400,
      message: 'ageTo 14 is not available for ageFrom 45 (the range must not end before it starts)',
    });
    expectMessages([
      ['/api/v1/population/nature?prefCode=13&ageFrom=15', 'ageTo is required'],
      ['/api/v1/population/nature?prefCode=13&ageTo=49', 'ageFrom is required'],
    ]);
    expect(err('/api/v1/population/nature?prefCode=13&ageFrom=17&ageTo=49').status).toBe(400);
    expect(err('/api/v1/population/nature?ageFrom=15&ageTo=49').message).toBe('prefCode is required');
    // regstat's earlier spelling (class starts 0 … 90) is refused, and the 400 gives the original's values.
    expectMessages([
      ['/api/v1/population/nature?prefCode=13&ageFrom=0&ageTo=49', 'ageFrom 0 is out of range'],
      ['/api/v1/population/nature?prefCode=13&ageFrom=15&ageTo=45', 'ageTo 45 is out of range'],
      ['/api/v1/population/nature?prefCode=13&ageFrom=90&ageTo=-', 'ageFrom 90 is out of range'],
    ]);
  });
});

describe('population/future/cities', () => {
  const future = (year: number, pref: number) =>
    result(`/api/v1/population/future/cities?year=${year}&prefCode=${pref}`);
  const young = (pref: number, city: string, year: number) =>
    result(
      `/api/v1/population/composition/pyramid?prefCode=${pref}&cityCode=${city}&yearLeft=${year}&yearRight=${year}`,
    )
      .yearLeft.data.slice(4, 8)
      .reduce((a: number, c: any) => a + c.woman, 0) as number;

  it('lists every municipality with figures, wards instead of designated cities, in code order, as the original', () => {
    const hokkaido = future(2040, 1);
    expect(Object.keys(hokkaido)).toEqual(['cities']);
    for (const c of hokkaido.cities) expect(Object.keys(c)).toEqual(['cityCode', 'cityName', 'value', 'ratio']);
    // The real 2019 response lists 188 Hokkaido municipalities: wards, not Sapporo, no Northern-Territories villages.
    expect(hokkaido.cities.map((c: any) => c.cityCode)).toEqual(leaves(1).map((c) => c.cityCode));
    expect(hokkaido.cities).toHaveLength(188);
    expect(hokkaido.cities[0]).toMatchObject({ cityCode: '01101', cityName: '札幌市中央区' });
    const tokyo = future(2040, 13).cities.map((c: any) => c.cityCode);
    expect(tokyo).toEqual(leaves(13).map((c) => c.cityCode));
    expect(tokyo.slice(0, 23)).toEqual(Array.from({ length: 23 }, (_, i) => `131${String(i + 1).padStart(2, '0')}`));
  });

  it('gives the projected population and the decrease of women aged 20–39 since 2010, from the counts', () => {
    for (const [year, pref] of [
      [2040, 1],
      [2025, 13],
      [2045, 13],
    ] as const) {
      const r = future(year, pref);
      for (const c of r.cities.filter((_: unknown, i: number) => i % 7 === 0)) {
        expect(c.value).toBe(at(series(perYear(pref, c.cityCode), '総人口'), year));
        const [before, after] = [young(pref, c.cityCode, 2010), young(pref, c.cityCode, year)];
        expect(Math.abs(c.ratio - (before - after) / before), `${c.cityCode} ${year}`).toBeLessThanOrEqual(
          0.005 + 1e-9,
        );
        expect(c.ratio).toBe(Math.round(c.ratio * 100) / 100);
      }
    }
    // Young women fall across Hokkaido by 2040, as the original's ratios (0.16–0.86) show.
    const ratios = future(2040, 1).cities.map((c: any) => c.ratio as number);
    expect(ratios.filter((x: number) => x > 0).length).toBeGreaterThan(0.9 * ratios.length);
    expect(Math.max(...ratios)).toBeLessThan(1);
  });

  it('takes the projection years only, and needs both parameters', () => {
    expect(err('/api/v1/population/future/cities?year=2020&prefCode=1').status).toBe(400);
    expect(err('/api/v1/population/future/cities?prefCode=1')).toEqual({ status: 400, message: 'year is required' });
    expect(err('/api/v1/population/future/cities?year=2040')).toEqual({ status: 400, message: 'prefCode is required' });
  });
});
