// vitalFacts over a few rows: events and births by the mother's age add up from wards to their designated
// city and from municipalities to their prefecture, a region's own rows for a year win over the sum of its
// parts, years and periods come in order, and a class without births counts none.

import { describe, expect, it } from 'vitest';
import { vitalFacts } from '../../build/facts/vital.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('vitalFacts', () => {
  const facts = vitalFacts(
    tinySources({
      vital_events: csv`
        regionCode,year,births,deaths,inMigrants,outMigrants
        01101,2000,1,2,3,4
        01102,2000,1,1,1,1
        01202,2000,10,10,10,10
        01202,1999,5,6,7,8
        13,2000,50,60,70,80
        13101,2000,1,1,1,1
      `,
      births_by_mother_age: csv`
        regionCode,period,ageFrom,births
        01101,2003-2007,15,2
        01102,2003-2007,15,3
        01202,2003-2007,30,1
        01202,1998-2002,45,4
      `,
    }),
  );

  it('adds the events up the hierarchy, years ascending', () => {
    expect(facts.events.get('01100')).toEqual([{ year: 2000, births: 2, deaths: 3, inMigrants: 4, outMigrants: 5 }]);
    expect(facts.events.get('01')).toEqual([
      { year: 1999, births: 5, deaths: 6, inMigrants: 7, outMigrants: 8 },
      { year: 2000, births: 12, deaths: 13, inMigrants: 14, outMigrants: 15 },
    ]);
  });

  it("keeps a prefecture's own events over its municipalities' sum, and has none for a region without rows", () => {
    expect(facts.events.get('13')).toEqual([{ year: 2000, births: 50, deaths: 60, inMigrants: 70, outMigrants: 80 }]);
    expect(facts.events.get('01100')?.length).toBe(1);
    expect(vitalFacts(tinySources({})).events.size).toBe(0);
  });

  it("sums births per mother's class and period, periods ascending, classes without births at 0", () => {
    expect(facts.birthsByAge.get('01100')?.get('2003-2007')).toEqual([5, 0, 0, 0, 0, 0, 0]);
    const hokkaido = facts.birthsByAge.get('01');
    expect([...(hokkaido?.keys() ?? [])]).toEqual(['1998-2002', '2003-2007']);
    expect(hokkaido?.get('1998-2002')).toEqual([0, 0, 0, 0, 0, 0, 4]);
    expect(hokkaido?.get('2003-2007')).toEqual([5, 0, 0, 1, 0, 0, 0]);
    expect(facts.birthsByAge.get('13')).toBeUndefined();
  });
});
