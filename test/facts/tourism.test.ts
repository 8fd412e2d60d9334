// The accommodation stacks over a few rows: each class summed over the other dimension by month, every
// class (code 0) for the stays, room and capacity sums only where the survey counts them; class labels by
// display in code order.

import { describe, expect, it } from 'vitest';
import { facilityStacks, stayStacks } from '../../build/facts/tourism.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('accommodation stacks', () => {
  const sources = tinySources({
    accommodation_classes: csv`
      kind,code,label
      size,2,10～29人
      size,1,0～9人
      type,3,ビジネスホテル
      type,1,旅館
    `,
    accommodation_facilities: csv`
      prefCode,month,typeCode,sizeCode,facilities
      13,2019-01,1,1,4
      13,2019-01,3,1,2
      13,2019-01,3,2,1
      13,2019-02,1,1,5
    `,
    accommodation_stays: csv`
      prefCode,month,typeCode,sizeCode,japaneseGuests,foreignGuests,roomsOccupied,roomsAvailable,capacity
      13,2019-01,1,1,100,20,,,
      13,2019-01,3,1,50,10,,,
      13,2019-01,3,2,200,40,90,100,300
    `,
  });

  it('sums the facilities of each size class and each type by month', () => {
    const { stacks, labelOf } = facilityStacks(sources);
    const rows = (display: string) => stacks.get('13', display)?.map((r) => [r.code, r.month, r.facilities]);
    expect(rows('1')).toEqual([
      [1, '2019-01', 6],
      [1, '2019-02', 5],
      [2, '2019-01', 1],
    ]);
    expect(rows('2')).toEqual([
      [1, '2019-01', 4],
      [1, '2019-02', 5],
      [3, '2019-01', 3],
    ]);
    expect(stacks.get('01', '1')).toBeUndefined();
    expect(labelOf('1', 2)).toBe('10～29人');
    expect(labelOf('2', 2)).toBe('');
  });

  it('sums the stays of every class and of each, rooms and capacity only of the counted facilities', () => {
    const { stacks, classesOf } = stayStacks(sources);
    const bySize = stacks.get('13', '1') ?? [];
    expect(bySize.map((r) => r.code)).toEqual([0, 1, 2]);
    expect(bySize[0]).toMatchObject({
      month: '2019-01',
      japaneseGuests: 350,
      foreignGuests: 70,
      roomsOccupied: 90,
      roomsAvailable: 100,
      capacity: 300,
      countedGuests: 240,
    });
    expect(bySize[1]).toMatchObject({ japaneseGuests: 150, foreignGuests: 30, countedGuests: 0 });
    expect(bySize[1]?.roomsOccupied).toBeUndefined();
    expect(bySize[1]?.capacity).toBeUndefined();
    expect(stacks.get('13', '2')?.map((r) => [r.code, r.japaneseGuests])).toEqual([
      [0, 350],
      [1, 100],
      [3, 250],
    ]);
    expect(classesOf('1')).toEqual([
      { code: 1, label: '0～9人' },
      { code: 2, label: '10～29人' },
    ]);
    expect(classesOf('2').map((c) => c.code)).toEqual([1, 3]);
    expect(classesOf('3')).toEqual([]);
  });
});
