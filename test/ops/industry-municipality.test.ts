// Municipal industry figures (value added, labour productivity, companies, establishments, employees)
// and specialization coefficients by region: shapes as the original's, every figure recomputed from the
// raw facts of the sample sources.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { errorOf as err, fileFor, result } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf, sampleSources } from '../helpers/sample.ts';
import { Checklist } from '../helpers/checklist.ts';
import { MUNICIPAL_KEYS, SELECTION_HEADER_KEYS } from '../helpers/shape.ts';
import { expectMessages } from '../helpers/errors.ts';

const econ = rowsOf<Row<'industry_economy'>>('industry_economy');
const est = rowsOf<Row<'establishments'>>('establishments');
const regions = sampleSources().regions;
const broadOf = new Map(rowsOf<Row<'industries_middle'>>('industries_middle').map((m) => [m.simcCode, m.sicCode]));
const designated = new Map(regions.cities.map((c) => [c.cityCode, c.designatedCityCode]));

/** Whether a middle class is in a selection. */
const inSelection = (sic: string, simc: string) => (code: string) =>
  simc !== '-' ? code === simc : sic === '-' || broadOf.get(code) === sic;

// Raw rows summed per year, region and middle class, where a region is the nation, a prefecture, a
// designated city or a municipality: every row adds to its own municipality, its ward's designated city,
// its prefecture and the nation.
type Fact = { regionCode: string; year: number; simcCode: string };
const indexes = new WeakMap<object, Map<string, Map<string, number>>>();
function indexOf<R extends Fact>(rows: R[], pick: (r: R) => number, id: string): Map<string, Map<string, number>> {
  const cache = indexes.get(rows) ?? new Map();
  indexes.set(rows, cache);
  if (!cache.has(id)) {
    const index = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const targets = ['nation', r.regionCode.slice(0, 2), r.regionCode, designated.get(r.regionCode) || null];
      for (const t of targets) {
        if (!t || (t === r.regionCode && t.length === 2)) continue;
        const key = `${r.year}|${t}`;
        const m = index.get(key) ?? new Map<string, number>();
        index.set(key, m);
        m.set(r.simcCode, (m.get(r.simcCode) ?? 0) + pick(r));
      }
    }
    cache.set(id, index);
  }
  return cache.get(id)!;
}

/** The sum of a column of raw rows over a region (nation, prefecture, designated city, municipality), a year and a selection. */
function sumOf<R extends Fact>(
  rows: R[],
  region: string,
  year: number,
  sic: string,
  simc: string,
  column: keyof R & string,
): number {
  const sel = inSelection(sic, simc);
  let sum = 0;
  for (const [code, v] of indexOf(rows, (r) => Number(r[column] ?? 0), column).get(`${year}|${region}`) ?? [])
    if (sel(code)) sum += v;
  return sum;
}

const NO_DATA = '01695';

describe('municipality/value/perYear', () => {
  it('answers value added in 万円 for the requested year, summed over regions and classes', () => {
    const r = result('/api/v1/municipality/value/perYear?year=2016&prefCode=13&cityCode=13101&sicCode=I&simcCode=51');
    expect(Object.keys(r)).toEqual(MUNICIPAL_KEYS);
    expect(r).toMatchObject({
      prefCode: 13,
      prefName: '東京都',
      cityCode: '13101',
      cityName: '千代田区',
      sicCode: 'I',
      simcCode: '51',
      simcName: '繊維・衣服等卸売業',
    });
    expect(Object.keys(r.data[0])).toEqual(['year', 'value', 'concealmentFlg']);
    expect(r.data).toEqual([
      { year: 2016, value: 100 * sumOf(econ, '13101', 2016, 'I', '51', 'valueAdded'), concealmentFlg: 0 },
    ]);
    for (const [pref, city, region, sic, simc] of [
      ['1', '-', '01', 'E', '-'],
      ['1', '01100', '01100', '-', '-'],
      ['13', '-', '13', 'P', '83'],
    ] as const) {
      for (const year of [2012, 2016]) {
        const v = result(
          `/api/v1/municipality/value/perYear?year=${year}&prefCode=${pref}&cityCode=${city}&sicCode=${sic}&simcCode=${simc}`,
        );
        expect(v.data[0].value, `${region} ${sic} ${simc} ${year}`).toBe(
          100 * sumOf(econ, region, year, sic, simc, 'valueAdded'),
        );
      }
    }
    const whole = result('/api/v1/municipality/value/perYear?year=2012&prefCode=1&cityCode=-&sicCode=-&simcCode=-');
    expect(whole).toMatchObject({ cityCode: '', cityName: '', sicCode: '', sicName: '', simcCode: '', simcName: '' });
    expect(result('/api/v1/municipality/value/perYear?year=2012&prefCode=1')).toEqual(whole); // cityCode, sicCode, simcCode default to -
  });

  it('answers 0 for an industry absent from a region, and null for a region without facts', () => {
    const classes = [...broadOf.keys()];
    const present = new Set(econ.filter((r) => r.year === 2016).map((r) => `${r.regionCode}|${r.simcCode}`));
    const city = regions
      .citiesOf(13)
      .map((c) => ({ code: c.cityCode, missing: classes.find((m) => !present.has(`${c.cityCode}|${m}`)) }))
      .find((c) => c.missing && classes.some((m) => present.has(`${c.code}|${m}`)));
    expect(city, 'a Tokyo municipality with facts and a class missing').toBeDefined();
    const r = result(
      `/api/v1/municipality/value/perYear?year=2016&prefCode=13&cityCode=${city!.code}&sicCode=${broadOf.get(city!.missing!)}&simcCode=${city!.missing}`,
    );
    expect(r.data).toEqual([{ year: 2016, value: 0, concealmentFlg: 0 }]);
    expect(
      result(`/api/v1/municipality/value/perYear?year=2016&prefCode=1&cityCode=${NO_DATA}&sicCode=-&simcCode=-`),
    ).toBeNull();
  });

  it('rejects years and classes it does not have', () => {
    const base = '/api/v1/municipality/value/perYear?prefCode=13&cityCode=-';
    expect(err(`${base}&sicCode=-&simcCode=-`)).toEqual({ status: 400, message: 'year is required' });
    expect(err(`${base}&year=2014`)).toEqual({ status: 400, message: 'year 2014 is out of range' });
    expect(err(`${base}&year=2016&sicCode=E&simcCode=51`).message).toBe('simcCode 51 does not belong to sicCode E');
    // A middle class given with sicCode=- names its broad class, as the original answered it.
    expect(result(`${base}&year=2016&sicCode=-&simcCode=51`)).toEqual(
      result(`${base}&year=2016&sicCode=${broadOf.get('51')}&simcCode=51`),
    );
    expectMessages([
      [`${base}&year=2016&sicCode=-&simcCode=ZZ`, 'simcCode ZZ is not a code of this build'],
      [`${base}&year=2016&sicCode=U`, 'sicCode U is not a code of this build'],
    ]);
  });
});

describe('municipality/labor/perYear', () => {
  it('divides value added by employees, in thousand yen, and echoes names only', () => {
    const r = result('/api/v1/municipality/labor/perYear?year=2016&prefCode=13&cityCode=13105&sicCode=I&simcCode=51');
    expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'sicName', 'simcName', 'data']);
    expect(Object.keys(r.data[0])).toEqual(['year', 'value', 'concealmentFlg']);
    for (const [pref, city, region, sic, simc] of [
      ['13', '13105', '13105', 'I', '51'],
      ['13', '-', '13', 'J', '-'],
      ['1', '01100', '01100', '-', '-'],
    ] as const) {
      for (const year of [2012, 2016]) {
        const v = result(
          `/api/v1/municipality/labor/perYear?year=${year}&prefCode=${pref}&cityCode=${city}&sicCode=${sic}&simcCode=${simc}`,
        );
        const va = sumOf(econ, region, year, sic, simc, 'valueAdded');
        const e = sumOf(econ, region, year, sic, simc, 'employees');
        expect(e).toBeGreaterThan(0);
        expect(v.data[0].year).toBe(year);
        expect(Number.isInteger(v.data[0].value)).toBe(true);
        expect(Math.abs(v.data[0].value - (va * 1000) / e), `${region} ${sic} ${simc} ${year}`).toBeLessThanOrEqual(
          0.5,
        );
      }
    }
  });

  it('answers null productivity where the industry has no employees', () => {
    const code = regions
      .citiesOf(13)
      .find((c) => !econ.some((r) => r.regionCode === c.cityCode && r.year === 2012 && r.simcCode === '05'))?.cityCode;
    expect(code, 'a Tokyo municipality without class 05').toBeDefined();
    expect(
      result(`/api/v1/municipality/labor/perYear?year=2012&prefCode=13&cityCode=${code}&sicCode=C&simcCode=05`).data,
    ).toEqual([{ year: 2012, value: null, concealmentFlg: 0 }]);
    expect(result(`/api/v1/municipality/labor/perYear?year=2012&prefCode=1&cityCode=${NO_DATA}`)).toBeNull();
  });
});

describe('municipality company, plant and employee perYear', () => {
  const url = (what: string, pref: string, city: string, sic: string, simc: string) =>
    `/api/v1/municipality/${what}/perYear?prefCode=${pref}&cityCode=${city}&sicCode=${sic}&simcCode=${simc}`;
  const CASES = [
    ['13', '13101', '13101', 'E', '20'],
    ['13', '-', '13', 'I', '-'],
    ['1', '01100', '01100', '-', '-'],
    ['1', '01202', '01202', 'P', '83'],
  ] as const;

  it('have the original shape and years: companies 2009–2014, the others 2009–2016 and 2021', () => {
    for (const what of ['company', 'plant', 'employee']) {
      const r = result(url(what, '13', '13101', 'E', '20'));
      expect(Object.keys(r)).toEqual(MUNICIPAL_KEYS);
      expect(Object.keys(r.data[0])).toEqual(['year', 'value']);
      expect(r.data.map((d: any) => d.year)).toEqual(
        what === 'company' ? [2009, 2012, 2014] : [2009, 2012, 2014, 2016, 2021],
      );
      expect(r).toMatchObject({ sicName: '製造業', simcName: 'なめし革・同製品・毛皮製造業' });
    }
  });

  it('sum the raw counts over regions and classes', () => {
    for (const [pref, city, region, sic, simc] of CASES) {
      const [companies, plants, employees] = ['company', 'plant', 'employee'].map(
        (w) => result(url(w, pref, city, sic, simc)).data,
      );
      for (const d of companies)
        expect(d.value, `companies ${region} ${d.year}`).toBe(sumOf(est, region, d.year, sic, simc, 'companies'));
      for (const d of plants)
        expect(d.value, `plants ${region} ${d.year}`).toBe(sumOf(est, region, d.year, sic, simc, 'plants'));
      for (const d of employees)
        expect(d.value, `employees ${region} ${d.year}`).toBe(sumOf(est, region, d.year, sic, simc, 'employees'));
    }
  });

  it('count the same employees as industry_economy in 2012 and 2016, and at least as many plants as companies', () => {
    for (const [pref, city, region, sic, simc] of CASES) {
      const employees = result(url('employee', pref, city, sic, simc)).data;
      const plants = result(url('plant', pref, city, sic, simc)).data;
      const companies = result(url('company', pref, city, sic, simc)).data;
      for (const year of [2012, 2016]) {
        expect(employees.find((d: any) => d.year === year).value, `${region} ${year}`).toBe(
          sumOf(econ, region, year, sic, simc, 'employees'),
        );
      }
      for (const c of companies) {
        const p = plants.find((d: any) => d.year === c.year).value;
        const e = employees.find((d: any) => d.year === c.year).value;
        expect(c.value).toBeGreaterThan(0);
        expect(p).toBeGreaterThanOrEqual(c.value);
        expect(e).toBeGreaterThanOrEqual(p);
      }
    }
    // Row for row in the raw facts.
    const census = new Map(econ.map((r) => [`${r.regionCode}|${r.year}|${r.simcCode}`, r.employees]));
    const inCensusYears = est.filter((r) => r.year === 2012 || r.year === 2016);
    expect(inCensusYears.length).toBe(econ.length);
    const list = new Checklist();
    for (const r of inCensusYears) {
      const key = `${r.regionCode}|${r.year}|${r.simcCode}`;
      list.same(census.get(key), r.employees, key);
    }
    expect(list.failures).toEqual([]);
  });

  it('answer 0 for an industry absent from a region and null for a region without facts', () => {
    const code = regions
      .citiesOf(13)
      .find((c) => !est.some((r) => r.regionCode === c.cityCode && r.simcCode === '05'))?.cityCode;
    expect(code, 'a Tokyo municipality without class 05').toBeDefined();
    expect(result(url('plant', '13', code!, 'C', '05')).data.map((d: any) => d.value)).toEqual([0, 0, 0, 0, 0]);
    for (const what of ['company', 'plant', 'employee']) expect(result(url(what, '1', NO_DATA, '-', '-'))).toBeNull();
    expect(err('/api/v1/municipality/plant/perYear?cityCode=-')).toEqual({
      status: 400,
      message: 'prefCode is required',
    });
    expect(err(url('employee', '13', '13101', 'A', '09')).message).toBe('simcCode 09 does not belong to sicCode A');
  });
});

describe('industry/power/forArea', () => {
  const base = '/api/v1/industry/power/forArea';
  type Cell = { va: number; e: number };
  const cell = (region: string, year: number, sic: string, simc: string): Cell => ({
    va: sumOf(econ, region, year, sic, simc, 'valueAdded'),
    e: sumOf(econ, region, year, sic, simc, 'employees'),
  });
  const expected = (disp: number, year: number, region: string, sic: string, simc: string) => {
    const [i, all, n, nAll] = [
      cell(region, year, sic, simc),
      cell(region, year, '-', '-'),
      cell('nation', year, sic, simc),
      cell('nation', year, '-', '-'),
    ];
    if (i.e === 0) return undefined;
    return disp === 1
      ? i.va / all.va / (n.va / nAll.va)
      : disp === 2
        ? i.e / all.e / (n.e / nAll.e)
        : i.va / i.e / (n.va / n.e);
  };

  it('lists every prefecture and, with areaType 2, the municipalities of prefCode, with 5-decimal coefficients', () => {
    for (const [year, pref, area, disp, sic, simc] of [
      [2016, 13, 2, 1, 'E', '20'],
      [2012, 1, 2, 2, 'A', '-'],
      [2016, 1, 2, 3, '-', '-'],
    ] as const) {
      const r = result(
        `${base}?year=${year}&prefCode=${pref}&areaType=${area}&dispType=${disp}&sicCode=${sic}&simcCode=${simc}`,
      );
      expect(Object.keys(r)).toEqual([...SELECTION_HEADER_KEYS, 'prefectures', 'cities']);
      expect(r.prefCode).toBe(String(pref));
      expect(Object.keys(r.prefectures[0])).toEqual(['prefCode', 'prefName', 'value']);
      expect(Object.keys(r.cities[0])).toEqual(['prefCode', 'prefName', 'cityCode', 'cityName', 'value']);
      const prefCodes = regions.prefectures
        .map((p) => p.prefCode)
        .filter((p) => expected(disp, year, String(p).padStart(2, '0'), sic, simc) !== undefined);
      expect(r.prefectures.map((p: any) => p.prefCode)).toEqual(prefCodes);
      for (const p of r.prefectures) {
        expect(
          Math.abs(p.value - expected(disp, year, String(p.prefCode).padStart(2, '0'), sic, simc)!),
        ).toBeLessThanOrEqual(0.000005 + 1e-12);
        expect(Math.round(p.value * 1e5)).toBeCloseTo(p.value * 1e5, 6);
      }
      const cityCodes = regions
        .citiesOf(pref)
        .filter((c) => c.bigCityFlag !== '1' && expected(disp, year, c.cityCode, sic, simc) !== undefined)
        .map((c) => c.cityCode);
      expect(r.cities.map((c: any) => c.cityCode)).toEqual(cityCodes);
      for (const c of r.cities) {
        expect(c.prefCode).toBe(pref);
        expect(Math.abs(c.value - expected(disp, year, c.cityCode, sic, simc)!)).toBeLessThanOrEqual(0.000005 + 1e-12);
      }
    }
    // Designated cities whole, without their wards; all industries' value and employee coefficients are 1.
    const all = result(`${base}?year=2016&prefCode=1&areaType=2&dispType=2&sicCode=-&simcCode=-`);
    expect(all.cities.some((c: any) => c.cityCode === '01100')).toBe(true);
    expect(all.cities.some((c: any) => c.cityCode === '01101')).toBe(false);
    expect(all.prefectures).toHaveLength(47);
    expect(all.prefectures.every((p: any) => p.value === 1)).toBe(true);
    expect(all).toMatchObject({ sicCode: '', sicName: '', simcCode: '', simcName: '' });
  });

  it('leaves cities empty with areaType 1 and the prefectures as with areaType 2', () => {
    const one = result(`${base}?year=2012&prefCode=13&areaType=1&dispType=1&sicCode=E&simcCode=-`);
    const two = result(`${base}?year=2012&prefCode=13&areaType=2&dispType=1&sicCode=E&simcCode=-`);
    expect(one.cities).toEqual([]);
    expect(one.prefectures).toEqual(two.prefectures);
    expect(two.cities.length).toBeGreaterThan(0);
  });

  it('ignores addIndustry and checks its parameters', () => {
    const q = `${base}?year=2016&prefCode=13&areaType=2&dispType=1&sicCode=E&simcCode=20`;
    expect(fileFor(`${q}&addIndustry=E_21`)).toBe(fileFor(q));
    expect(err(`${base}?year=2016&prefCode=13&dispType=1&sicCode=E&simcCode=20`)).toEqual({
      status: 400,
      message: 'areaType is required',
    });
    expectMessages([
      [`${base}?year=2016&prefCode=13&areaType=3&dispType=1`, 'areaType 3 is out of range'],
      [`${base}?year=2016&prefCode=13&areaType=1&dispType=4`, 'dispType 4 is out of range'],
      [
        `${base}?year=2016&prefCode=13&areaType=1&dispType=1&sicCode=E&simcCode=51`,
        'simcCode 51 does not belong to sicCode E',
      ],
    ]);
  });
});
