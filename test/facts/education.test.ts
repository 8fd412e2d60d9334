// graduateFlows over a few rows: a prefecture's graduates staying in it, leaving it, and those coming to it
// from other prefectures, per year, sex and course.

import { describe, expect, it } from 'vitest';
import { graduateFlows } from '../../build/facts/education.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('graduateFlows', () => {
  const flows = graduateFlows(
    tinySources({
      graduate_destinations: csv`
        prefCode,year,destPrefCode,sex,course,count
        01,2020,01,male,1,10
        01,2020,13,male,1,4
        13,2020,01,male,1,2
        13,2020,13,female,3,7
      `,
    }),
  );
  const of = (pref: string) => flows.get(pref)?.map((r) => [r.year, r.sex, r.course, r.local, r.out, r.in]);

  it('counts those staying, leaving and coming in; one that lacks a count has none of it', () => {
    expect(of('01')).toEqual([[2020, 'male', 1, 10, 4, 2]]);
    expect(of('13')).toEqual([
      [2020, 'female', 3, 7, 0, 0],
      [2020, 'male', 1, 0, 2, 4],
    ]);
  });
});
