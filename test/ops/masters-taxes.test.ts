// industries/narrow, oldCities and municipality/taxes/perYear: the original's shapes, and the figures
// recomputed from the raw facts of the sample sources.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { errorOf as err, result } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf, sampleSources } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';
import { municipalTaxes } from '../../sources/official-statistics.ts';

describe('industries/narrow', () => {
  const raw = rowsOf<Row<'industries_narrow'>>('industries_narrow');

  it('lists the narrow classes of a middle class in the original key order', () => {
    const r = result('/api/v1/industries/narrow?simcCode=20');
    expect(Object.keys(r[0])).toEqual(['siscCode', 'simcCode', 'siscName']);
    expect(r[0]).toEqual({
      siscCode: '200',
      simcCode: '20',
      siscName: '管理，補助的経済活動を行う事業所（20なめし革・同製品・毛皮製造業）',
    });
    expect(r).toEqual(
      raw
        .filter((n) => n.simcCode === '20')
        .map((n) => ({ siscCode: n.siscCode, simcCode: '20', siscName: n.siscName })),
    );
    for (const m of ['01', '09', '99']) {
      const list = result(`/api/v1/industries/narrow?simcCode=${m}`);
      expect(list.length).toBeGreaterThan(1);
      expect(list.every((n: any) => n.simcCode === m && n.siscCode.startsWith(m))).toBe(true);
    }
  });

  it('requires a middle class of this build', () => {
    expect(err('/api/v1/industries/narrow')).toEqual({ status: 400, message: 'simcCode is required' });
    expectMessages([
      ['/api/v1/industries/narrow?simcCode=00', 'simcCode 00 is not a code of this build'],
      ['/api/v1/industries/narrow?simcCode=E', 'simcCode E is not a code of this build'],
    ]);
  });
});

describe('oldCities', () => {
  const raw = rowsOf<Row<'old_cities'>>('old_cities');
  const regions = sampleSources().regions;

  it('lists what a municipality absorbed, with its present code and name', () => {
    const withOld = regions.citiesOf(1).find((c) => raw.some((o) => o.cityCode === c.cityCode))!;
    const r = result(`/api/v1/oldCities?prefCode=1&cityCode=${withOld.cityCode}`);
    expect(Object.keys(r[0])).toEqual(['prefCode', 'cityCode', 'cityName', 'oldCityCode', 'oldCityName']);
    expect(r).toEqual(
      raw
        .filter((o) => o.cityCode === withOld.cityCode)
        .map((o) => ({
          prefCode: 1,
          cityCode: withOld.cityCode,
          cityName: withOld.cityName,
          oldCityCode: o.oldCityCode,
          oldCityName: o.oldCityName,
        })),
    );
    expect(r.map((o: any) => o.oldCityCode)).toEqual(r.map((_: unknown, i: number) => String(i + 1).padStart(2, '0')));
  });

  it('lists every municipality of the prefecture for cityCode -, and none for a ward', () => {
    const all = result('/api/v1/oldCities?prefCode=13&cityCode=-');
    const expected = regions.citiesOf(13).flatMap((c) => raw.filter((o) => o.cityCode === c.cityCode));
    expect(all.map((o: any) => `${o.cityCode}${o.oldCityCode}`)).toEqual(
      expected.map((o) => `${o.cityCode}${o.oldCityCode}`),
    );
    expect(result('/api/v1/oldCities?prefCode=13')).toEqual(all); // cityCode defaults to -
    expect(result('/api/v1/oldCities?prefCode=1&cityCode=01101')).toEqual([]);
  });

  it('rejects a municipality of another prefecture', () => {
    expectMessages([
      ['/api/v1/oldCities?prefCode=13&cityCode=01202', 'cityCode 01202 is not a municipality of prefCode 13'],
      ['/api/v1/oldCities?cityCode=01202', 'prefCode is required'],
    ]);
  });
});

describe('municipality/{taxes,propertyTax,residentTaxCorporate}/perYear', () => {
  const raw = rowsOf<Row<'local_taxes'>>('local_taxes');
  const regions = sampleSources().regions;
  const perHead = (pick: (code: string) => boolean, column: 'taxes' | 'propertyTax' | 'corporateTax' = 'taxes') => {
    const by = new Map<number, [number, number]>();
    for (const r of raw.filter((r) => pick(r.regionCode))) {
      const s = by.get(r.year) ?? [0, 0];
      by.set(r.year, [s[0] + (r[column] ?? 0), s[1] + r.residents]);
    }
    return [...by].sort(([a], [b]) => a - b).map(([year, [t, n]]) => ({ year, value: Math.round(t / n) }));
  };

  it('divides revenue by residents, in thousand yen, 2008 to 2021', () => {
    const r = result('/api/v1/municipality/taxes/perYear?prefCode=13&cityCode=13103');
    expect(Object.keys(r)).toEqual(['prefName', 'prefCode', 'cityName', 'cityCode', 'data']);
    expect(r).toMatchObject({ prefName: '東京都', prefCode: 13, cityName: '港区', cityCode: '13103' });
    expect(r.data.map((d: any) => d.year)).toEqual(Array.from({ length: 14 }, (_, i) => 2008 + i));
    expect(Object.keys(r.data[0])).toEqual(['year', 'value']);
    expect(r.data).toEqual(perHead((c) => c === '13103'));
  });

  it('sums revenue and residents for a prefecture and a designated city before dividing', () => {
    const pref = result('/api/v1/municipality/taxes/perYear?prefCode=1&cityCode=-');
    expect(pref).toMatchObject({ prefName: '北海道', prefCode: 1, cityName: '', cityCode: '' });
    expect(pref.data).toEqual(perHead((c) => c.startsWith('01')));
    const sapporo = result('/api/v1/municipality/taxes/perYear?prefCode=1&cityCode=01100');
    expect(sapporo.data).toEqual(perHead((c) => regions.city(c)?.designatedCityCode === '01100'));
    expect(result('/api/v1/municipality/taxes/perYear?prefCode=1')).toEqual(pref); // cityCode defaults to -
  });

  it('divides FY2015–2019 by the 住民基本台帳 residents of the next 1 January, as RESAS did', () => {
    for (const code of ['13103', '01101', '01202'])
      for (const year of [2015, 2016, 2017, 2018, 2019]) {
        const row = raw.find((r) => r.regionCode === code && r.year === year)!;
        expect(row.residents, `${code} ${year}`).toBe(municipalTaxes(code, year)!.residents);
      }
  });

  it('answers null for a municipality without statistics and refuses unknown regions', () => {
    expect(result('/api/v1/municipality/taxes/perYear?prefCode=1&cityCode=01695')).toBeNull();
    expect(err('/api/v1/municipality/taxes/perYear?prefCode=13&cityCode=01100').message).toBe(
      'cityCode 01100 is not a municipality of prefCode 13',
    );
    expect(err('/api/v1/municipality/taxes/perYear?prefCode=48&cityCode=-').status).toBe(400);
  });

  it('takes cityCode alone for the property tax and the corporate municipal tax, parts of the whole', () => {
    const p = result('/api/v1/municipality/propertyTax/perYear?cityCode=13103');
    expect(Object.keys(p)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'data']);
    expect(p).toMatchObject({ prefCode: 13, prefName: '東京都', cityCode: '13103', cityName: '港区' });
    expect(p.data).toEqual(perHead((c) => c === '13103', 'propertyTax'));
    const c = result('/api/v1/municipality/residentTaxCorporate/perYear?cityCode=01100');
    expect(c).toMatchObject({ prefCode: 1, prefName: '北海道', cityCode: '01100', cityName: '札幌市' });
    expect(c.data).toEqual(perHead((x) => regions.city(x)?.designatedCityCode === '01100', 'corporateTax'));
    const all = result('/api/v1/municipality/taxes/perYear?prefCode=13&cityCode=13103').data;
    const corp = result('/api/v1/municipality/residentTaxCorporate/perYear?cityCode=13103').data;
    all.forEach((d: any, i: number) => expect(p.data[i].value + corp[i].value).toBeLessThanOrEqual(d.value + 1));
    expect(result('/api/v1/municipality/propertyTax/perYear/cityCode/13103')).toEqual(p);
  });

  it('requires a municipality of the build for the cityCode-only operations', () => {
    expect(err('/api/v1/municipality/propertyTax/perYear')).toEqual({ status: 400, message: 'cityCode is required' });
    expect(err('/api/v1/municipality/propertyTax/perYear?cityCode=27100').message).toBe(
      'cityCode 27100 is not a code of this build',
    );
    expect(err('/api/v1/municipality/residentTaxCorporate/perYear?cityCode=-').status).toBe(400);
    expect(result('/api/v1/municipality/residentTaxCorporate/perYear?cityCode=01695')).toBeNull();
  });
});
