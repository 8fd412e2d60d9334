// municipality/wages/perYear: pay per worker recomputed from the raw wage facts of the sample sources.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { result } from '../helpers/dist.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf } from '../helpers/sample.ts';
import { expectMessages } from '../helpers/errors.ts';

describe('municipality/wages/perYear', () => {
  const raw = rowsOf<Row<'wages'>>('wages');
  const middle = rowsOf<Row<'industries_middle'>>('industries_middle');
  const sicOf = new Map(middle.map((m) => [m.simcCode, m.sicCode]));
  const expected = (pref: string, pick: (r: (typeof raw)[number]) => boolean) => {
    const by = new Map<number, [number, number]>();
    for (const r of raw.filter((r) => r.prefCode === pref && pick(r))) {
      const s = by.get(r.year) ?? [0, 0];
      by.set(r.year, [s[0] + r.payroll, s[1] + r.workers]);
    }
    return [...by]
      .sort(([a], [b]) => a - b)
      .map(([year, [p, w]]) => ({ year, value: Math.round((100 * p) / w) / 100 }));
  };
  const close = (got: { year: number; value: number }[], want: { year: number; value: number }[]) => {
    expect(got.map((d) => d.year)).toEqual(want.map((d) => d.year));
    got.forEach((d, i) => expect(Math.abs(d.value - want[i]!.value)).toBeLessThan(0.0051));
  };

  it('divides summed pay by summed workers for all industries and ages, 2012 to 2021', () => {
    const r = result('/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=-&wagesAge=1');
    expect(Object.keys(r)).toEqual(['prefCode', 'prefName', 'sicName', 'sicCode', 'simcName', 'simcCode', 'data']);
    expect(r).toMatchObject({ prefCode: 13, prefName: '東京都', sicName: '', sicCode: '', simcName: '', simcCode: '' });
    expect(r.data.map((d: any) => d.year)).toEqual(Array.from({ length: 10 }, (_, i) => 2012 + i));
    close(
      r.data,
      expected('13', () => true),
    );
    expect(r.data.every((d: any) => d.value > 300 && d.value < 800)).toBe(true); // 10 thousand yen a year
  });

  it('narrows to a broad class, a middle class and an age class', () => {
    const e = result('/api/v1/municipality/wages/perYear?prefCode=1&sicCode=E&simcCode=-&wagesAge=1');
    expect(e).toMatchObject({ sicCode: 'E', sicName: '製造業', simcCode: '', simcName: '' });
    close(
      e.data,
      expected('01', (r) => sicOf.get(r.simcCode) === 'E'),
    );
    const food30 = result('/api/v1/municipality/wages/perYear?prefCode=1&sicCode=E&simcCode=09&wagesAge=5');
    expect(food30).toMatchObject({ sicCode: 'E', simcCode: '09', simcName: '食料品製造業' });
    close(
      food30.data,
      expected('01', (r) => r.simcCode === '09' && r.ageFrom === 30),
    );
    const young = result('/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=-&wagesAge=2');
    close(
      young.data,
      expected('13', (r) => r.ageFrom === 0),
    );
    const old = result('/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=-&wagesAge=13');
    close(
      old.data,
      expected('13', (r) => r.ageFrom === 70),
    );
    expect(result('/api/v1/municipality/wages/perYear?prefCode=13&wagesAge=1')).toEqual(
      result('/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=-&wagesAge=1'),
    );
  });

  it('rejects ages, classes and combinations it does not have', () => {
    expectMessages([
      ['/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=-', 'wagesAge is required'],
      ['/api/v1/municipality/wages/perYear?prefCode=13&wagesAge=14', 'wagesAge 14 is out of range'],
      [
        '/api/v1/municipality/wages/perYear?prefCode=13&sicCode=E&simcCode=50&wagesAge=1',
        'simcCode 50 does not belong to sicCode E',
      ],
      [
        '/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=ZZ&wagesAge=1',
        'simcCode ZZ is not a code of this build',
      ],
    ]);
  });

  it('answers a middle class asked with sicCode=-, as get_resas asks it (and the original answered): that class, its broad class named', () => {
    for (const [pref, simc, age, ageFrom] of [
      ['13', '01', '1', undefined],
      ['1', '09', '5', 30],
    ] as const) {
      const r = result(
        `/api/v1/municipality/wages/perYear?prefCode=${pref}&sicCode=-&simcCode=${simc}&wagesAge=${age}`,
      );
      expect(r).toMatchObject({ sicCode: sicOf.get(simc), simcCode: simc });
      expect(r.sicName).not.toBe('');
      close(
        r.data,
        expected(pref.padStart(2, '0'), (x) => x.simcCode === simc && (ageFrom === undefined || x.ageFrom === ageFrom)),
      );
      expect(r).toEqual(
        result(
          `/api/v1/municipality/wages/perYear?prefCode=${pref}&sicCode=${sicOf.get(simc)}&simcCode=${simc}&wagesAge=${age}`,
        ),
      );
    }
  });
});
