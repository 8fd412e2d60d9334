// industry/power/forManufacturerEstablishments: the four groups' averages recomputed from the raw panel.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { result } from '../helpers/dist.ts';
import { rowsOf } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';
import { SELECTION_HEADER_KEYS } from '../helpers/shape.ts';

type Panel = {
  prefCode: string;
  year: number;
  simcCode: string;
  status: string;
  establishments: number;
  employees: number;
  valueAdded: number;
};
const URL = '/api/v1/industry/power/forManufacturerEstablishments';

describe('industry/power/forManufacturerEstablishments', () => {
  const raw = rowsOf<Panel>('manufacturer_establishments');
  const averages = (pref: string, statuses: string[], simc?: string) => {
    const by = new Map<number, [number, number, number]>();
    for (const r of raw.filter(
      (r) => r.prefCode === pref && statuses.includes(r.status) && (!simc || r.simcCode === simc),
    )) {
      const s = by.get(r.year) ?? [0, 0, 0];
      by.set(r.year, [s[0] + r.establishments, s[1] + r.employees, s[2] + r.valueAdded]);
    }
    const r4 = (x: number) => Math.round(x * 10000) / 10000;
    return [...by]
      .sort(([a], [b]) => a - b)
      .map(([year, [n, e, v]]) => ({ year, value: r4(v / n), labor: r4(v / e), employee: r4(e / n) }));
  };
  const close = (got: any[], want: any[]) => {
    expect(got.map((d) => d.year)).toEqual(want.map((d) => d.year));
    got.forEach((d, i) => {
      for (const k of ['value', 'labor', 'employee'])
        expect(Math.abs(d[k] - want[i][k])).toBeLessThan(0.00006 * Math.max(1, Math.abs(want[i][k])));
    });
  };

  it('answers the four groups in the original order and key order', () => {
    const r = result(`${URL}?prefCode=13&sicCode=E&simcCode=-`);
    expect(Object.keys(r)).toEqual([...SELECTION_HEADER_KEYS, 'establishments']);
    expect(r).toMatchObject({
      prefCode: 13,
      prefName: '東京都',
      sicCode: 'E',
      sicName: '製造業',
      simcCode: '',
      simcName: '',
    });
    expect(r.establishments.map((g: any) => g.label)).toEqual(['退出', '継続', '全事業所', '参入']);
    expect(Object.keys(r.establishments[0].data[0])).toEqual(['year', 'value', 'labor', 'employee']);
    const years = (g: number) => r.establishments[g].data.map((d: any) => d.year);
    expect(years(0)).toEqual(Array.from({ length: 20 }, (_, i) => 1990 + i)); // exits: up to the year before the last
    expect(years(1)).toEqual(Array.from({ length: 21 }, (_, i) => 1990 + i));
    expect(years(2)).toEqual(years(1));
    expect(years(3)).toEqual(Array.from({ length: 20 }, (_, i) => 1991 + i)); // entries: from the year after the first
  });

  it('divides summed value added, employees and establishments: all = continuing + entering', () => {
    const r = result(`${URL}?prefCode=13&sicCode=E&simcCode=-`);
    close(r.establishments[0].data, averages('13', ['exiting']));
    close(r.establishments[1].data, averages('13', ['continuing']));
    close(r.establishments[2].data, averages('13', ['continuing', 'entering']));
    close(r.establishments[3].data, averages('13', ['entering']));
    const food = result(`${URL}?prefCode=1&sicCode=E&simcCode=09`);
    expect(food).toMatchObject({ prefCode: 1, simcCode: '09', simcName: '食料品製造業' });
    close(food.establishments[2].data, averages('01', ['continuing', 'entering'], '09'));
  });

  it('chains the panel: those continuing into a year are the year before less its exits', () => {
    const n = (y: number, s: string) =>
      raw.find((r) => r.prefCode === '13' && r.simcCode === '24' && r.year === y && r.status === s)?.establishments ??
      0;
    for (let y = 1991; y <= 2010; y++)
      expect(n(y, 'continuing')).toBe(n(y - 1, 'continuing') + n(y - 1, 'entering') - n(y - 1, 'exiting'));
  });

  it('covers manufacturing only', () => {
    expectMessages([
      [`${URL}?prefCode=13&sicCode=D&simcCode=-`, 'sicCode D is not a code of this build'],
      [`${URL}?prefCode=13&simcCode=-`, 'sicCode is required'],
      [`${URL}?prefCode=13&sicCode=E&simcCode=50`, 'simcCode 50 does not belong to sicCode E'],
    ]);
    expect(result(`${URL}?prefCode=13&sicCode=E`)).toEqual(result(`${URL}?prefCode=13&sicCode=E&simcCode=-`));
  });
});
