// Industry masters, specialization coefficients, job ratios, overseas transactions and research spending:
// shapes, and the arithmetic checked against the raw facts of the sample sources.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { ratio } from '../../build/runtime/rounding.ts';
import type { Row } from '../../sources/tables.ts';
import { composed, errorOf as err, result } from '../helpers/dist.ts';
import { inRegion, rowsOf } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';

describe('masters', () => {
  it('list industries, occupations and patent fields in the original shapes', () => {
    const broad = result('/api/v1/industries/broad');
    expect(broad.map((b: any) => b.sicCode).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(broad[0]).toEqual({ sicCode: 'A', sicName: '農業，林業' });
    const middle = result('/api/v1/industries/middle?sicCode=E');
    expect(middle).toHaveLength(24);
    expect(Object.keys(middle[0])).toEqual(['simcCode', 'sicCode', 'simcName']);
    expect(middle[0]).toEqual({ simcCode: '09', sicCode: 'E', simcName: '食料品製造業' });
    expect(result('/api/v1/jobs/broad')).toHaveLength(12);
    expect(result('/api/v1/jobs/middle?iscoCode=B')[0]).toEqual({
      iscoCode: 'B',
      ismcoCode: '05',
      ismcoName: '研究者',
    });
    const fields = result('/api/v1/patents/broad');
    expect(Object.keys(fields[0])).toEqual(['tecCode', 'tecName']);
    const themes = result('/api/v1/patents/middle?tecCode=1');
    expect(Object.keys(themes[0])).toEqual(['tecCode', 'tecName', 'themeCode', 'themeName']);
    expect(themes.every((t: any) => t.tecCode === '1' && t.tecName === fields[0].tecName)).toBe(true);
  });

  it('require the parent code', () => {
    expect(err('/api/v1/industries/middle')).toEqual({ status: 400, message: 'sicCode is required' });
    expect(err('/api/v1/industries/middle?sicCode=Z')).toEqual({
      status: 400,
      message: 'sicCode Z is not a code of this build',
    });
    expectMessages([
      ['/api/v1/jobs/middle?iscoCode=b', 'iscoCode b is not a code of this build'],
      ['/api/v1/patents/middle?tecCode=9', 'tecCode 9 is not a code of this build'],
    ]);
  });
});

describe('industry/power/forIndustry', () => {
  // The coefficients recomputed here from the raw facts, in floating point.
  const econ = rowsOf<Row<'industry_economy'>>('industry_economy');
  const sums = (year: number, pick: (code: string) => boolean) => {
    const by = new Map<string, { va: number; e: number }>();
    for (const r of econ) {
      if (r.year !== year || !pick(r.regionCode)) continue;
      const s = by.get(r.simcCode) ?? { va: 0, e: 0 };
      by.set(r.simcCode, { va: s.va + r.valueAdded, e: s.e + r.employees });
    }
    return by;
  };

  it('divides the region share by the nation share, to 4 decimals', () => {
    for (const [pref, city, region] of [
      ['13', '-', '13'],
      ['13', '13101', '13101'],
      ['1', '01100', '01100'],
    ] as const) {
      const res = result(`/api/v1/industry/power/forIndustry?year=2016&prefCode=${pref}&cityCode=${city}&sicCode=-`);
      expect(Object.keys(res)).toEqual(['prefName', 'prefCode', 'sicCode', 'sicName', 'data']);
      expect(res).toMatchObject({ prefCode: Number(pref), sicCode: '', sicName: '' });
      const mine = sums(2016, (code) => inRegion(region.padStart(2, '0'), code));
      const nation = sums(2016, () => true);
      const tot = (m: Map<string, { va: number; e: number }>) =>
        [...m.values()].reduce((a, s) => ({ va: a.va + s.va, e: a.e + s.e }), { va: 0, e: 0 });
      const [R, N] = [tot(mine), tot(nation)];
      expect(res.data.map((d: any) => d.simcCode)).toEqual([...mine.keys()].sort());
      for (const d of res.data) {
        const r = mine.get(d.simcCode)!;
        const n = nation.get(d.simcCode)!;
        expect(Math.abs(d.value - r.va / R.va / (n.va / N.va))).toBeLessThanOrEqual(0.00005 + 1e-12);
        expect(Math.abs(d.employee - r.e / R.e / (n.e / N.e))).toBeLessThanOrEqual(0.00005 + 1e-12);
        expect(Math.abs(d.labor - r.va / r.e / (n.va / n.e))).toBeLessThanOrEqual(0.00005 + 1e-12);
        expect(Object.keys(d)).toEqual(['simcCode', 'simcName', 'value', 'employee', 'labor']);
      }
    }
  });

  it('filters by broad class without changing the coefficients', () => {
    const all = result('/api/v1/industry/power/forIndustry?year=2012&prefCode=13&cityCode=13104&sicCode=-');
    const e = result('/api/v1/industry/power/forIndustry?year=2012&prefCode=13&cityCode=13104&sicCode=E');
    expect(e).toMatchObject({ sicCode: 'E', sicName: '製造業' });
    expect(e.data).toEqual(all.data.filter((d: any) => Number(d.simcCode) >= 9 && Number(d.simcCode) <= 32));
    expect(result('/api/v1/industry/power/forIndustry?year=2012&prefCode=13&cityCode=13104')).toEqual(all); // sicCode defaults to -
  });

  it('rejects years and codes it does not have', () => {
    expect(err('/api/v1/industry/power/forIndustry?year=2014&prefCode=13&cityCode=-&sicCode=-')).toEqual({
      status: 400,
      message: 'year 2014 is out of range',
    });
    expectMessages([
      ['/api/v1/industry/power/forIndustry?prefCode=13&cityCode=-&sicCode=-', 'year is required'],
      [
        '/api/v1/industry/power/forIndustry?year=2016&prefCode=13&cityCode=-&sicCode=U',
        'sicCode U is not a code of this build',
      ],
      [
        '/api/v1/industry/power/forIndustry?year=2016&prefCode=13&cityCode=01100&sicCode=-',
        'cityCode 01100 is not a municipality of prefCode 13',
      ],
    ]);
  });

  it('answers result null for a municipality without statistics', () => {
    expect(result('/api/v1/industry/power/forIndustry?year=2016&prefCode=1&cityCode=01695&sicCode=-')).toBeNull();
  });
});

describe('municipality/job/perYear', () => {
  const jobs = rowsOf<Row<'job_openings'>>('job_openings').filter((r) => r.prefCode === '13');
  const expected = (pick: (r: (typeof jobs)[number]) => boolean) => {
    const by = new Map<string, [number, number]>();
    for (const r of jobs.filter(pick)) {
      const s = by.get(r.month) ?? [0, 0];
      by.set(r.month, [s[0] + r.openings, s[1] + r.applicants]);
    }
    return [...by].sort().map(([m, [o, a]]) => ({ year: m.replace('-', '/'), value: Math.round((100 * o) / a) / 100 }));
  };

  it('gives monthly ratios of openings to applicants from April 2011 to September 2022', () => {
    const r = result('/api/v1/municipality/job/perYear?prefCode=13&iscoCode=B&ismcoCode=12');
    expect(Object.keys(r)).toEqual(['prefName', 'prefCode', 'iscoCode', 'iscoName', 'ismcoCode', 'ismcoName', 'data']);
    expect(r).toMatchObject({
      prefName: '東京都',
      prefCode: 13,
      iscoCode: 'B',
      ismcoCode: '12',
      ismcoName: '医師，歯科医師，獣医師，薬剤師',
    });
    expect(r.data).toHaveLength(138);
    expect(r.data[0].year).toBe('2011/04');
    expect(r.data.at(-1).year).toBe('2022/09');
    for (const [i, d] of expected((j) => j.ismcoCode === '12').entries())
      expect(Math.abs(r.data[i].value - d.value)).toBeLessThan(0.0051);
  });

  it('sums counts, not ratios, for a broad class and for all occupations', () => {
    const broad = result('/api/v1/municipality/job/perYear?prefCode=13&iscoCode=E');
    expect(broad).toMatchObject({ iscoCode: 'E', ismcoCode: '', ismcoName: '' });
    expected((j) => j.iscoCode === 'E').forEach((d, i) =>
      expect(Math.abs(broad.data[i].value - d.value)).toBeLessThan(0.0051),
    );
    const all = result('/api/v1/municipality/job/perYear?prefCode=13&iscoCode=-&ismcoCode=-');
    expect(all).toMatchObject({ iscoCode: '', iscoName: '', ismcoCode: '', ismcoName: '' });
    expected(() => true).forEach((d, i) => expect(Math.abs(all.data[i].value - d.value)).toBeLessThan(0.0051));
  });

  it('rejects a middle class outside its broad class', () => {
    expectMessages([
      [
        '/api/v1/municipality/job/perYear?prefCode=13&iscoCode=B&ismcoCode=25',
        'ismcoCode 25 does not belong to iscoCode B',
      ],
      [
        '/api/v1/municipality/job/perYear?prefCode=13&iscoCode=-&ismcoCode=25',
        'ismcoCode must be - when iscoCode is -',
      ],
      [
        '/api/v1/municipality/job/perYear?prefCode=13&iscoCode=B&ismcoCode=1x',
        'ismcoCode 1x does not belong to iscoCode B',
      ],
    ]);
  });
});

describe('industry/overseasTransaction/forColumn', () => {
  it('totals each year in sum_data, value1 for 2009 up to value12 for 2020', () => {
    const r = result('/api/v1/industry/overseasTransaction/forColumn?prefCode=13&dispTradeCode=2&dispIndustryCode=1');
    expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'sicCode', 'sicName', 'sum_data', 'data']);
    expect(r).toMatchObject({ prefCode: '13', prefName: '東京都', sicCode: 'E', sicName: '製造業' });
    expect(r.data.map((d: any) => d.year)).toEqual(Array.from({ length: 12 }, (_, i) => 2009 + i));
    expect(Object.keys(r.data[0])).toEqual(['year', 'value1', 'value2', 'value3', 'value4', 'value5', 'value6']);
    expect(r.sum_data).toHaveLength(1);
    r.data.forEach((d: any, i: number) =>
      expect(r.sum_data[0][`value${i + 1}`]).toBe(d.value1 + d.value2 + d.value3 + d.value4 + d.value5 + d.value6),
    );
    const raw = rowsOf<Row<'overseas_trade'>>('overseas_trade');
    const cell = raw.find(
      (x) =>
        x.prefCode === '13' && x.year === 2015 && x.flow === 'import' && x.industry === 'manufacturing' && x.area === 4,
    )!;
    expect(r.data[6].value4).toBe(cell.amount);
    expect(
      result('/api/v1/industry/overseasTransaction/forColumn?prefCode=13&dispTradeCode=1&dispIndustryCode=2'),
    ).toMatchObject({
      sicCode: '',
      sicName: '非製造業',
    });
  });

  it('adds prefectures with addArea and refuses municipal entries', async () => {
    const sum = await composed(
      '/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=1&addArea=13_',
    );
    const a = result('/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=1');
    const b = result('/api/v1/industry/overseasTransaction/forColumn?prefCode=13&dispTradeCode=1&dispIndustryCode=1');
    expect(sum.prefCode).toBe('1');
    sum.data.forEach((d: any, i: number) => expect(d.value2).toBe(a.data[i].value2 + b.data[i].value2));
    expect(sum.sum_data[0].value5).toBe(a.sum_data[0].value5 + b.sum_data[0].value5);
    expect(
      err(
        '/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=1&addArea=13_13101',
      ),
    ).toEqual({
      status: 400,
      message: 'addArea entry "13_13101" names a municipality; this operation adds prefectures only (<prefCode>_)',
    });
    const eleven = Array.from({ length: 11 }, () => '13_').join(',');
    expect(
      err(
        `/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=1&addArea=${eleven}`,
      ).message,
    ).toBe('addArea has 11 entries; at most 10 are allowed');
    expect(
      err('/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=3&dispIndustryCode=1').message,
    ).toBe('dispTradeCode 3 is out of range');
  });
});

describe('industry/expense/forLine', () => {
  const BASE = '/api/v1/industry/expense/forLine';
  const rows = rowsOf<Row<'research_expenses'>>('research_expenses');
  const industriesOf: Record<number, string[]> = {
    0: ['manufacturing', 'nonmanufacturing'],
    1: ['manufacturing'],
    2: ['nonmanufacturing'],
  };

  it('answers one line per prefecture, every value from the raw rows', () => {
    for (const [dispType, unit] of [
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
    ] as const)
      for (const sicCode of [0, 1, 2])
        for (const pref of ['1', '13']) {
          const r = result(`${BASE}?prefCode=${pref}&dispType=${dispType}&unit=${unit}&sicCode=${sicCode}`);
          expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'sicCode', 'sicName', 'changes']);
          expect(r).toMatchObject({
            prefCode: pref,
            sicCode: String(sicCode),
            sicName: ['全産業', '製造業', '非製造業'][sicCode],
          });
          expect(r.changes.map((c: any) => c.label)).toEqual([r.prefName]);
          for (const d of r.changes[0].data) {
            const mine = rows.filter(
              (x) =>
                x.prefCode === pref.padStart(2, '0') &&
                x.year === d.year &&
                industriesOf[sicCode]!.includes(x.industry),
            );
            const sum = (k: 'firms' | 'expense' | 'sales') => mine.reduce((a, x) => a + x[k], 0);
            const expected =
              dispType === 2
                ? sum('firms')
                : unit === 1
                  ? sum('expense')
                  : unit === 2
                    ? ratio(sum('expense'), sum('firms'), 1)
                    : ratio(sum('expense') * 100, sum('sales'), 2);
            expect(d.value, `${pref} ${dispType}/${unit}/${sicCode} ${d.year}`).toBe(expected);
          }
        }
  });

  it('adds the lines of addArea beside the prefecture’s, in the order given', async () => {
    const q = 'dispType=1&unit=2&sicCode=1';
    const both = await composed(`${BASE}?prefCode=1&${q}&addArea=13_`);
    const one = result(`${BASE}?prefCode=1&${q}`);
    const other = result(`${BASE}?prefCode=13&${q}`);
    expect(both).toEqual({ ...one, changes: [...one.changes, ...other.changes] });
    expect(both.changes.map((c: any) => c.label)).toEqual(['北海道', '東京都']);
  });

  it('takes unit 1 only for companies, and the documented values only', () => {
    expect(err(`${BASE}?prefCode=13&dispType=2&unit=3&sicCode=0`).message).toMatch(/^unit/);
    expectMessages([
      [`${BASE}?prefCode=13&dispType=1&unit=4&sicCode=0`, 'unit 4 is out of range'],
      [`${BASE}?prefCode=13&dispType=1&unit=1&sicCode=3`, 'sicCode 3 is out of range'],
    ]);
    expect(err(`${BASE}?prefCode=13&dispType=1&unit=1&sicCode=0&addArea=13_13101`).status).toBe(400);
  });
});
