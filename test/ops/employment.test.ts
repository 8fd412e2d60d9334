// Employment and education: where high-school graduates go (employEducation/localjobAcademic/toTransition)
// and job seekers, openings and placements by occupation (regionalEmploy/analysis/portfolio). Every figure
// recomputed from the raw rows; toTransition's shape is the real response's (test/ops/real-shapes.test.ts
// compares a whole answer with it), portfolio's the 2023 documentation's field list.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { percent, ratio } from '../../build/runtime/rounding.ts';
import type { Row } from '../../sources/tables.ts';
import { errorOf as err, fileFor, result } from '../helpers/dist.ts';
import { rowsOf } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';

const BASE = '/api/v1/employEducation/localjobAcademic/toTransition';
const rows = rowsOf<Row<'graduate_destinations'>>('graduate_destinations');

/** A year's staying, leaving and coming-in graduates of a prefecture, from the raw rows. */
function sums(pref: string, year: number, courses: number[], sexes: string[]) {
  const mine = rows.filter((r) => r.year === year && courses.includes(r.course) && sexes.includes(r.sex));
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => mine.filter(keep).reduce((a, r) => a + r.count, 0);
  return {
    local: sum((r) => r.prefCode === pref && r.destPrefCode === pref),
    out: sum((r) => r.prefCode === pref && r.destPrefCode !== pref),
    in: sum((r) => r.prefCode !== pref && r.destPrefCode === pref),
  };
}

describe('employEducation/localjobAcademic/toTransition', () => {
  const query = (p: Record<string, string | number>) =>
    `${BASE}?${Object.entries(p)
      .map(([k, v]) => `${k}=${v}`)
      .join('&')}`;

  it('answers one line of the prefecture, in the real response’s keys and types, one point a fiscal year', () => {
    const r = result(
      query({ prefecture_cd: 13, displayMethod: 1, matter: 2, classification: 0, displayType: '00', gender: 0 }),
    );
    expect(Object.keys(r)).toEqual(['changes']);
    expect(r.changes).toHaveLength(1);
    expect(Object.keys(r.changes[0])).toEqual(['label', 'prefCode', 'data']);
    expect(r.changes[0]).toMatchObject({ label: '東京都', prefCode: '13' });
    const years = [...new Set(rows.map((x) => x.year))].sort((a, b) => a - b);
    expect(r.changes[0].data.map((d: any) => d.year)).toEqual(years);
    expect(Object.keys(r.changes[0].data[0])).toEqual(['year', 'value']);
  });

  it('counts and percents of every matter, course and sex, from the raw rows', () => {
    const courses: Record<string, [string, number[]]> = {
      '00': ['0', [1, 2, 3]],
      '10': ['1', [1, 2]],
      '11': ['1', [1]],
      '12': ['1', [2]],
      '20': ['2', [3]],
    };
    const sexes: Record<number, string[]> = { 0: ['male', 'female'], 1: ['male'], 2: ['female'] };
    let checked = 0;
    for (const [pref, gender] of [
      ['1', 2],
      ['13', 0],
      ['13', 1],
    ] as const)
      for (const [displayType, [classification, kinds]] of Object.entries(courses))
        for (const matter of [0, 1, 2, 3])
          for (const displayMethod of [0, 1]) {
            const url = query({ prefecture_cd: pref, displayMethod, matter, classification, displayType, gender });
            const data = result(url).changes[0].data;
            for (const d of data.filter((_: unknown, i: number) => i % 4 === 1)) {
              const s = sums(pref.padStart(2, '0'), d.year, kinds, sexes[gender]!);
              const [n, base] = [
                [s.local, s.local + s.out],
                [s.out, s.local + s.out],
                [s.in, s.local + s.in],
                [s.in - s.out, s.local + s.out],
              ][matter]!;
              expect(d.value, `${url} ${d.year}`).toBe(displayMethod === 0 ? n : percent(n!, base!, 1));
              checked++;
            }
          }
    expect(checked).toBe(3 * 5 * 4 * 2 * 4);
  });

  it('takes displayType with its leading zero and checks it against classification', () => {
    const p = { prefecture_cd: 1, displayMethod: 0, matter: 3, gender: 0 };
    expect(fileFor(query({ ...p, classification: 0, displayType: '00' }))).toBe(
      `${BASE}/prefecture_cd/1/displayMethod/0/matter/3/classification/0/displayType/0/gender/0/index.json`,
    );
    expect(err(query({ ...p, classification: 1, displayType: 20 })).message).toMatch(/displayType/);
    expect(err(query({ ...p, classification: 2, displayType: 11 })).message).toMatch(/displayType/);
    expect(err(query({ ...p, classification: 0, displayType: 13 })).message).toBe('displayType 13 is out of range');
    expect(err(query({ ...p, matter: 4, classification: 0, displayType: 0 })).message).toBe('matter 4 is out of range');
    expect(err(`${BASE}?prefCode=13&displayMethod=0&matter=0&classification=0&displayType=00&gender=0`).message).toBe(
      'prefecture_cd is required',
    );
  });
});

describe('regionalEmploy/analysis/portfolio', () => {
  const BASE_P = '/api/v1/regionalEmploy/analysis/portfolio';
  const months = rowsOf<Row<'job_openings'>>('job_openings');
  const years = rowsOf<Row<'job_placements'>>('job_placements');
  const broadNames = new Map(
    rowsOf<Row<'occupations_broad'>>('occupations_broad').map((b) => [b.iscoCode, b.iscoName]),
  );
  const fiscal = (month: string) => Number(month.slice(0, 4)) - (month.slice(5) < '04' ? 1 : 0);

  /** A class's figure of a matter, from the raw rows: a mean of the fiscal year's months, or the year's placements. */
  function expected(
    pref: string,
    year: number,
    matter: number,
    keep: (isco: string, ismco: string) => boolean,
  ): number {
    const mine = months.filter((m) => m.prefCode === pref && fiscal(m.month) === year && keep(m.iscoCode, m.ismcoCode));
    const placed = years.filter(
      (y) => y.prefCode === pref && y.year === year && mine.some((m) => m.ismcoCode === y.ismcoCode),
    );
    const women = placed.reduce((a, y) => a + y.womenApplicants, 0);
    const applicants = mine.reduce((a, m) => a + m.applicants, 0);
    if (matter === 5) return placed.reduce((a, y) => a + y.placements, 0);
    const stock = [applicants, applicants - women, women, mine.reduce((a, m) => a + m.openings, 0)][matter - 1]!;
    return ratio(stock, 12, 0)!;
  }

  it('answers the documented fields, classes largest first, the unclassifiable apart, from the raw rows', () => {
    for (const [pref, year, matter, cls] of [
      ['13', 2015, 1, 1],
      ['1', 2021, 5, 2],
      ['13', 2011, 3, 2],
      ['1', 2018, 2, 1],
      ['13', 2019, 4, 1],
    ] as const) {
      const r = result(`${BASE_P}?prefCode=${pref}&year=${year}&matter=${matter}&class=${cls}`);
      expect(Object.keys(r)).toEqual([
        'prefCode',
        'prefName',
        'year',
        'matter',
        'class',
        'data',
        'allcount',
        'otherscount',
      ]);
      expect(r).toMatchObject({ prefCode: pref, year: String(year), matter: String(matter), class: String(cls) });
      const p2 = pref.padStart(2, '0');
      const values = r.data.map((d: any) => d.value);
      expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
      for (const d of r.data) {
        expect(Object.keys(d)).toEqual(['broadCode', 'broadName', 'middleCode', 'middleName', 'value']);
        expect(d.broadName).toBe(broadNames.get(d.broadCode));
        if (cls === 1) expect([d.middleCode, d.middleName]).toEqual(['-', '-']);
        const keep = (isco: string, ismco: string) => isco === d.broadCode && (cls === 1 || ismco === d.middleCode);
        expect(d.value, `${d.broadCode} ${d.middleCode}`).toBe(expected(p2, year, matter, keep));
      }
      expect(r.data.some((d: any) => d.broadCode === 'L')).toBe(false);
      const unclassified = expected(p2, year, matter, (isco) => isco === 'L'); // one middle class: 99
      expect(r.otherscount).toBe(unclassified);
      expect(r.allcount).toBe(values.reduce((a: number, v: number) => a + v, 0) + r.otherscount);
      expect(r.data).toHaveLength(
        cls === 1 ? 11 : months.filter((m) => m.prefCode === p2 && m.month === '2015-04' && m.iscoCode !== 'L').length,
      );
    }
  });

  it('rejects what the documentation does not list', () => {
    expectMessages([
      [`${BASE_P}?prefCode=13&year=2015&matter=6&class=1`, 'matter 6 is out of range'],
      [`${BASE_P}?prefCode=13&year=2015&matter=1&class=3`, 'class 3 is out of range'],
      [`${BASE_P}?prefCode=13&matter=1&class=1`, 'year is required'],
    ]);
  });
});
