// addArea: counts are summed over the main and the added regions and every ratio is computed anew.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import { composed, result, routes } from '../helpers/dist.ts';

const series = (r: any, label: string) => r.data.find((s: any) => s.label === label).data;
const LABELS = ['総人口', '年少人口', '生産年齢人口', '老年人口'];

describe('addArea composition', () => {
  it('sums perYear counts and recomputes the rates', async () => {
    const sum = await composed('/api/v1/population/composition/perYear?prefCode=1&cityCode=-&addArea=13_');
    const a = result('/api/v1/population/composition/perYear?prefCode=1&cityCode=-');
    const b = result('/api/v1/population/composition/perYear?prefCode=13&cityCode=-');
    expect(sum.boundaryYear).toBe(2020);
    for (const label of LABELS) {
      series(sum, label).forEach((p: any, i: number) => {
        expect(p.value).toBe(series(a, label)[i].value + series(b, label)[i].value);
        if (label !== '総人口')
          expect(p.rate).toBe(Math.round((10000 * p.value) / series(sum, '総人口')[i].value) / 100);
      });
    }
    // Recomputed, not averaged: the summed rate differs from the mean of the two rates.
    expect(series(sum, '老年人口')[0].rate).not.toBe(
      (series(a, '老年人口')[0].rate + series(b, '老年人口')[0].rate) / 2,
    );
  });

  it('sums municipal entries into a municipality', async () => {
    const codes = ['13102', '13103', '01101'];
    const sum = await composed(
      `/api/v1/population/composition/perYear?prefCode=13&cityCode=13101&addArea=13_13102,13_13103,1_01101`,
    );
    const parts = ['13_13101', ...codes.map((c) => `${Number(c.slice(0, 2))}_${c}`)].map((e) => {
      const [p, c] = e.split('_');
      return result(`/api/v1/population/composition/perYear?prefCode=${p}&cityCode=${c}`);
    });
    series(sum, '総人口').forEach((p: any, i: number) =>
      expect(p.value).toBe(parts.reduce((a, r) => a + series(r, '総人口')[i].value, 0)),
    );
  });

  it('sums pyramid classes on both sides and recomputes every share', async () => {
    const sum = await composed(
      '/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2020&yearRight=1980&addArea=13_13102',
    );
    const a = result('/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2020&yearRight=1980');
    const b = result('/api/v1/population/composition/pyramid?prefCode=13&cityCode=13102&yearLeft=2020&yearRight=1980');
    for (const side of ['yearLeft', 'yearRight']) {
      const s = sum[side];
      const total = s.data.reduce((x: number, c: any) => x + c.man + c.woman, 0);
      expect(s.oldAgeCount).toBe(a[side].oldAgeCount + b[side].oldAgeCount);
      expect(s.oldAgePercent).toBe(Math.floor((100 * s.oldAgeCount) / total));
      s.data.forEach((c: any, i: number) => {
        expect(c.man).toBe(a[side].data[i].man + b[side].data[i].man);
        expect(c.womanPercent).toBe(Math.round((10000 * c.woman) / total) / 100);
      });
    }
  });

  it('computes growth from summed counts, not from summed rates', async () => {
    const sum = await composed('/api/v1/population/sum/perYear?prefCode=1&cityCode=-&addArea=13_');
    const a = result('/api/v1/population/composition/perYear?prefCode=1&cityCode=-');
    const b = result('/api/v1/population/composition/perYear?prefCode=13&cityCode=-');
    const total = (year: number) =>
      [a, b].reduce((x, r) => x + series(r, '総人口').find((p: any) => p.year === year).value, 0);
    for (const p of sum.line.data)
      expect(p.value).toBe(Math.round((10000 * (total(p.year) - total(p.year - 5))) / total(p.year - 5)) / 100);
  });

  it('equals the built file when it composes one region alone', async () => {
    const { COMPOSERS } = await import('../../build/runtime/compose.ts');
    for (const [composer, url, from] of [
      [
        'perYear',
        '/api/v1/population/composition/perYear?prefCode=13&cityCode=13104',
        '/api/v1/population/composition/perYear?prefCode=13&cityCode=13104',
      ],
      [
        'growth',
        '/api/v1/population/sum/perYear?prefCode=13&cityCode=13104',
        '/api/v1/population/composition/perYear?prefCode=13&cityCode=13104',
      ],
      [
        'pyramid',
        '/api/v1/population/composition/pyramid?prefCode=1&cityCode=-&yearLeft=1980&yearRight=2045',
        '/api/v1/population/composition/pyramid?prefCode=1&cityCode=-&yearLeft=1980&yearRight=2045',
      ],
    ] as const) {
      const op = routes.byPath.get(new URL(url, 'http://x').pathname)!;
      expect(
        JSON.stringify(COMPOSERS.get(composer)!.combine([result(from)], { values: {}, op, table: routes.table })),
      ).toBe(JSON.stringify(result(url)));
    }
  });

  it('leaves regions without data out of the sum', async () => {
    const sum = await composed('/api/v1/population/composition/perYear?prefCode=1&cityCode=01202&addArea=1_01695');
    expect(sum).toEqual(result('/api/v1/population/composition/perYear?prefCode=1&cityCode=01202'));
    expect(
      await composed('/api/v1/population/composition/perYear?prefCode=1&cityCode=01695&addArea=1_01696'),
    ).toBeNull();
  });
});
