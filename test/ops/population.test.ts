// What a user of the sample build can check for themselves: parts add up to wholes, shares match the
// counts they come from, growth matches the counts five years apart, labels are the original's.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { result, resolveUrl } from '../helpers/dist.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { sampleSources } from '../helpers/sample.ts';

const cities = (pref: number) =>
  result<{ cityCode: string; cityName: string; bigCityFlag: string }[]>(`/api/v1/cities?prefCode=${pref}`);
const perYear = (pref: number, city = '-') =>
  result(`/api/v1/population/composition/perYear?prefCode=${pref}&cityCode=${city}`);
const series = (r: any, label: string) =>
  r.data.find((s: any) => s.label === label).data as { year: number; value: number; rate?: number }[];
const LABELS = ['総人口', '年少人口', '生産年齢人口', '老年人口'];
const NO_DATA = ['01695', '01696', '01697', '01698', '01699', '01700'];

describe('population/composition/perYear', () => {
  it('has the original shape: 4 series, years 1960– for prefectures and 1980– for municipalities', () => {
    const pref = perYear(13);
    expect(Object.keys(pref)).toEqual(['boundaryYear', 'data']);
    expect(pref.boundaryYear).toBe(2020);
    expect(pref.data.map((s: any) => s.label)).toEqual(LABELS);
    expect(series(pref, '総人口').map((p) => p.year)).toEqual(Array.from({ length: 18 }, (_, i) => 1960 + 5 * i));
    expect(Object.keys(series(pref, '総人口')[0]!)).toEqual(['year', 'value']);
    expect(Object.keys(series(pref, '老年人口')[0]!)).toEqual(['year', 'value', 'rate']);
    expect(series(perYear(13, '13101'), '総人口')[0]!.year).toBe(1980);
  });

  it('adds municipalities up to their prefecture and wards up to their designated city', () => {
    // 東京都 1980: the census table's municipalities lack 37 people of its prefecture figure (men 20–64 35,
    // women 70–74 2), and both are the census: the prefecture keeps its own (sources/official/README.md).
    const tokyo1980: Record<string, number> = { 総人口: -37, 年少人口: 0, 生産年齢人口: -35, 老年人口: -2 };
    for (const pref of [1, 13]) {
      const parts = cities(pref)
        .filter((c) => c.bigCityFlag !== '2' && !NO_DATA.includes(c.cityCode))
        .map((c) => perYear(pref, c.cityCode));
      const whole = perYear(pref);
      for (const label of LABELS) {
        for (const point of series(whole, label).filter((p) => p.year >= 1980)) {
          const sum = parts.reduce((a, r) => a + series(r, label).find((p) => p.year === point.year)!.value, 0);
          const off = pref === 13 && point.year === 1980 ? tokyo1980[label]! : 0;
          expect(sum, `${pref} ${label} ${point.year}`).toBe(point.value + off);
        }
      }
    }
    const wards = cities(1)
      .filter((c) => c.bigCityFlag === '1')
      .map((c) => perYear(1, c.cityCode));
    expect(wards).toHaveLength(10);
    const sapporo = perYear(1, '01100');
    for (const label of LABELS) {
      series(sapporo, label).forEach((point, i) =>
        expect(wards.reduce((a, r) => a + series(r, label)[i]!.value, 0)).toBe(point.value),
      );
    }
  });

  it('derives every rate from the counts, to 2 decimals', () => {
    for (const r of [perYear(1), perYear(13), perYear(13, '13101'), perYear(1, '01101')]) {
      const total = series(r, '総人口');
      for (const label of LABELS.slice(1)) {
        series(r, label).forEach((p, i) => {
          expect(Math.abs(p.rate! - (100 * p.value) / total[i]!.value)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(p.rate).toBe(Math.round(p.rate! * 100) / 100);
        });
      }
      // People of unknown age count in the total only.
      total.forEach((t, i) =>
        expect(LABELS.slice(1).reduce((a, l) => a + series(r, l)[i]!.value, 0)).toBeLessThanOrEqual(t.value),
      );
    }
  });

  it('answers result null for listed municipalities without statistics', () => {
    for (const code of NO_DATA) expect(perYear(1, code)).toBeNull();
  });
});

describe('population/composition/pyramid', () => {
  const pyramid = (pref: number, city: string, l: number, r: number) =>
    result(`/api/v1/population/composition/pyramid?prefCode=${pref}&cityCode=${city}&yearLeft=${l}&yearRight=${r}`);

  it('sums its classes into the group counts and matches perYear', () => {
    for (const [pref, city] of [
      [13, '-'],
      [13, '13101'],
      [1, '01100'],
    ] as const) {
      const r = pyramid(pref, city, 2020, 1980);
      expect(Object.keys(r)).toEqual(['yearLeft', 'yearRight']);
      for (const side of [r.yearLeft, r.yearRight]) {
        expect(Object.keys(side)).toEqual([
          'year',
          'oldAgeCount',
          'oldAgePercent',
          'middleAgeCount',
          'middleAgePercent',
          'newAgeCount',
          'newAgePercent',
          'data',
        ]);
        const classes = side.data as {
          class: string;
          man: number;
          manPercent: number;
          woman: number;
          womanPercent: number;
        }[];
        expect(classes.map((c) => c.class)).toEqual([
          '0～4歳',
          '5～9歳',
          '10～14歳',
          '15～19歳',
          '20～24歳',
          '25～29歳',
          '30～34歳',
          '35～39歳',
          '40～44歳',
          '45～49歳',
          '50～54歳',
          '55～59歳',
          '60～64歳',
          '65～69歳',
          '70～74歳',
          '75～79歳',
          '80～84歳',
          '85～89歳',
          '90歳～',
        ]);
        const people = (from: number, to: number) => classes.slice(from, to).reduce((a, c) => a + c.man + c.woman, 0);
        expect(side.newAgeCount).toBe(people(0, 3));
        expect(side.middleAgeCount).toBe(people(3, 13));
        expect(side.oldAgeCount).toBe(people(13, 19));
        const total = people(0, 19);
        expect(side.oldAgePercent).toBe(Math.floor((100 * side.oldAgeCount) / total));
        expect(side.newAgePercent).toBe(Math.floor((100 * side.newAgeCount) / total));
        for (const c of classes)
          expect(Math.abs(c.manPercent - (100 * c.man) / total)).toBeLessThanOrEqual(0.005 + 1e-9);
        const shares = classes.reduce((a, c) => a + c.manPercent + c.womanPercent, 0);
        expect(Math.abs(shares - 100)).toBeLessThan(0.2);
        const py = perYear(pref, city);
        expect(series(py, '老年人口').find((p) => p.year === side.year)!.value).toBe(side.oldAgeCount);
      }
    }
  });

  it('puts the requested years on the requested sides', () => {
    const r = pyramid(13, '-', 1995, 2040);
    expect([r.yearLeft.year, r.yearRight.year]).toEqual([1995, 2040]);
  });
});

describe('population/sum/perYear', () => {
  it('gives % change from five years earlier, line equal to bar sum, classes old → young', () => {
    for (const [pref, city] of [
      [13, '-'],
      [1, '01101'],
    ] as const) {
      const r = result(`/api/v1/population/sum/perYear?prefCode=${pref}&cityCode=${city}`);
      const py = perYear(pref, city);
      const at = (label: string, year: number) => series(py, label).find((p) => p.year === year)!.value;
      const growth = (label: string, year: number) =>
        Math.round((10000 * (at(label, year) - at(label, year - 5))) / at(label, year - 5)) / 100;
      expect(r.line.boundaryYear).toBe(2020);
      expect(r.line.data[0].year).toBe(city === '-' ? 1965 : 1985);
      r.line.data.forEach((p: any, i: number) => {
        const bar = r.bar.data[i];
        expect(bar.year).toBe(p.year);
        expect(bar.sum).toBe(p.value);
        expect(p.value).toBeCloseTo(growth('総人口', p.year), 10);
        expect(bar.class.map((c: any) => c.label)).toEqual(['老年人口', '生産年齢人口', '年少人口']);
        bar.class.forEach((c: any) => expect(c.value).toBeCloseTo(growth(c.label, p.year), 10));
      });
    }
  });
});

describe('population/society', () => {
  it('forArea lists gains and losses by block and leaves out empty lists', () => {
    const r = result('/api/v1/population/society/forArea?prefCode=13');
    expect(r.data.map((y: any) => y.year)).toEqual(Array.from({ length: 13 }, (_, i) => 2010 + i));
    const names = new Map([
      ['01', '北海道'],
      ['02', '東北'],
      ['03', '北関東'],
      ['04', '東京圏'],
      ['05', '中部'],
      ['06', '関西'],
      ['07', '中国'],
      ['08', '四国'],
      ['09', '九州・沖縄'],
    ]);
    for (const y of r.data) {
      const pos = y.positiveAreas ?? [];
      const neg = y.negativeAreas ?? [];
      if ('positiveAreas' in y) expect(pos.length).toBeGreaterThan(0);
      if ('negativeAreas' in y) expect(neg.length).toBeGreaterThan(0);
      for (const a of pos) expect(a.value).toBeGreaterThan(0);
      for (const a of neg) expect(a.value).toBeLessThan(0);
      for (const a of [...pos, ...neg]) expect(a.areaName).toBe(names.get(a.areaCode));
      expect(y.total.value).toBe([...pos, ...neg].reduce((s: number, a: any) => s + a.value, 0));
      expect(Object.keys(y)[0]).toBe('year');
      expect(Object.keys(y).at(-1)).toBe('total');
    }
  });

  it('forAgeClass adds municipalities up to the prefecture', () => {
    const whole = result('/api/v1/population/society/forAgeClass?prefCode=13');
    const parts = cities(13).map((c) =>
      result(`/api/v1/population/society/forAgeClass?prefCode=13&cityCode=${c.cityCode}`),
    );
    const net = (y: any, cls: number) =>
      [...(y.positiveAgeClasses ?? []), ...(y.negativeAgeClasses ?? [])].find((c: any) => c.ageClass === cls)?.value ??
      0;
    whole.data.forEach((y: any, i: number) => {
      for (const cls of [1, 2, 3]) expect(parts.reduce((a, p) => a + net(p.data[i], cls), 0)).toBe(net(y, cls));
      expect(y.total.value).toBe(net(y, 1) + net(y, 2) + net(y, 3));
      for (const c of [...(y.positiveAgeClasses ?? []), ...(y.negativeAgeClasses ?? [])])
        expect(c.age).toBe({ 1: '0～14歳', 2: '15～64歳', 3: '65歳～' }[c.ageClass as 1]);
    });
  });

  it('forAgeClassLine has 7 periods of 18 transitions with the original labels', () => {
    const r = result('/api/v1/population/society/forAgeClassLine?prefCode=1&cityCode=01100');
    expect(r.data.map((p: any) => p.label)).toEqual([
      '1980年→1985年',
      '1985年→1990年',
      '1990年→1995年',
      '1995年→2000年',
      '2000年→2005年',
      '2005年→2010年',
      '2010年→2015年',
    ]);
    for (const p of r.data) {
      expect(p.data).toHaveLength(18);
      expect(p.data[0].axisx).toBe('0～4歳→5～9歳');
      expect(p.data[17].axisx).toBe('85～89歳→90歳～');
      for (const d of p.data) expect(Number.isInteger(d.axisy)).toBe(true);
    }
  });
});

describe('masters', () => {
  // The sample dist is a build of prefectures 1 and 13: its masters still list the whole country, as the
  // original always did (apps use positions in the list as codes), and data outside the scope is a 404.
  const regions = sampleSources().regions;

  it('list all 47 prefectures and every municipality of the country, also in a scoped build, designated cities before their wards', () => {
    const prefectures = result('/api/v1/prefectures');
    expect(prefectures).toHaveLength(47);
    expect(prefectures.map((p: any) => p.prefCode)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(prefectures.slice(0, 2)).toEqual([
      { prefCode: 1, prefName: '北海道' },
      { prefCode: 2, prefName: '青森県' },
    ]);
    const all = result('/api/v1/cities');
    expect(all).toHaveLength(regions.cities.length);
    expect(all).toEqual(Array.from({ length: 47 }, (_, i) => cities(i + 1)).flat());
    expect(cities(2).length).toBeGreaterThan(30);
    expect(all.slice(0, 2)).toEqual([
      { prefCode: 1, cityCode: '01100', cityName: '札幌市', bigCityFlag: '2' },
      { prefCode: 1, cityCode: '01101', cityName: '札幌市中央区', bigCityFlag: '1' },
    ]);
    expect(cities(13).find((c) => c.cityCode === '13101')).toEqual({
      prefCode: 13,
      cityCode: '13101',
      cityName: '千代田区',
      bigCityFlag: '3',
    });
  });

  it('answer a request for the data of a prefecture outside the scope with a 404 that names the scope, as an app asking by position would meet it', () => {
    const second = result('/api/v1/prefectures')[1].prefCode;
    for (const url of [
      `/api/v1/population/composition/perYear?prefCode=${second}&cityCode=-`,
      `/api/v1/population/sum/estimate?prefCode=${second}`,
      `/api/v1/municipality/wages/perYear?prefCode=${second}&wagesAge=1`,
    ]) {
      const r = resolveUrl(url);
      expect(r.kind, url).toBe('error');
      if (r.kind !== 'error') continue;
      expect(r.error.status).toBe(404);
      expect(r.error.body.message).toBe(`prefCode ${second} is outside this build's scope`);
      expect(r.error.body.description).toMatch(/prefectures 1, 13 only \(it was built with --prefs\)/);
    }
  });

  it("say so on the explorer's page", () => {
    const page = readFileSync(join(SAMPLE_DIST, 'index.html'), 'utf8');
    expect(page).toContain('This build serves the data of 北海道 (1), 東京都 (13) only');
  });
});
