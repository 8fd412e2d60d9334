import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { stayStacks, type StayRow } from '../../facts/tourism.ts';
import { mustGet } from '../../runtime/maps.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, prefCode } from '../operation.ts';
import { DISPLAY, UNIT } from './accommodation.ts';
import { count, nonEmpty, prefCodeText, year } from '../result.ts';

const VALUES = ['value0', 'value1', 'value2', 'value3', 'value4', 'value5', 'value6'] as const;
/** The guests each matter counts: 1 every guest, 2 Japanese guests, 3 foreign guests. */
const guestsOf = new Map<string, (r: StayRow) => number>([
  ['1', (r) => r.japaneseGuests + r.foreignGuests],
  ['2', (r) => r.japaneseGuests],
  ['3', (r) => r.foreignGuests],
]);

// Guest nights stacked by class: value0 every class, value1… each class in code order (display 2: the six
// accommodation types; display 1: the four employee-size classes, value5 and value6 null). Guest nights
// are a flow, so a year (unit 0, month 0) is the sum of its months.
export default defineOperation({
  title: '延べ宿泊者数の推移',
  family: 'tourism',
  titleEn: 'Guest nights',
  view: {
    rows: [
      {
        path: 'data[]',
        derive: { period: 'yearMonth' },
        melt: {
          keys: {
            value1: '1 旅館 | 0～9人',
            value2: '2 リゾートホテル | 10～29人',
            value3: '3 ビジネスホテル | 30～99人',
            value4: '4 シティホテル | 100人以上',
            value5: '5 会社・団体の宿泊所',
            value6: '6 簡易宿所・その他',
          },
          name: 'class',
          value: 'guests',
        },
      },
    ],
    columns: columns({
      period: '期間 / period',
      class: '区分 / class (display 2 | display 1)',
      guests: '延べ宿泊者数 / guest nights',
      value0: '合計 / all classes',
    }),
    chart: { kind: 'bar', x: 'period', y: 'guests', fill: 'class' },
  },
  description:
    'Guest nights in the accommodation of a prefecture, stacked by class: `value0` is every class, `value1`… each class in code order, by accommodation type (`display=2`: 旅館, リゾートホテル, ビジネスホテル, シティホテル, 会社・団体の宿泊所, 簡易宿所・その他) or by employee-size class (`display=1`: 0～9人, 10～29人, 30～99人, 100人以上; `value5` and `value6` null). `matter` `1` counts every guest, `2` Japanese guests, `3` foreign guests. `unit=0` gives one value a year (the sum of its months, `month` 0), `unit=1` one a month.',
  examples: [
    { matter: '1', display: '2', unit: '0', prefCode: '13' },
    { matter: '3', display: '1', unit: '1', prefCode: '1' },
  ],
  result: z
    .strictObject({
      prefCode: prefCodeText,
      prefName: nonEmpty,
      matter: z.enum(['1', '2', '3']),
      displayMethod: z.enum(['1', '2']),
      data: z.array(
        z.strictObject({
          year,
          month: z.int().min(0).max(12),
          ...Object.fromEntries(VALUES.map((k) => [k, count.nullable()])),
        }),
      ),
    })
    .nullable(),
  route: {
    path: '/api/v1/tourism/hotelAnalysis/groupStack',
    params: [
      {
        name: 'matter',
        type: 'int',
        required: true,
        values: [1, 2, 3],
        doc: '1 every guest, 2 Japanese guests, 3 foreign guests (required, as in the original).',
      },
      DISPLAY,
      UNIT,
      prefCode(),
    ],
  },
  needs: ['accommodation_stays', 'accommodation_classes'],
  reads: { accommodation_stays: ['japaneseGuests', 'foreignGuests'] },
  share: 'prefecture',
  prepare: (ctx) => stayStacks(ctx.sources),
  render({ stacks, classesOf }, v, ctx) {
    const rows = stacks.get(prefRegion(Number(v.prefCode)), v.display);
    if (!rows) return null;
    const guests = mustGet(guestsOf, v.matter, 'matter');
    // A class beyond value6 has no column of its own: it counts in value0 alone.
    const column = new Map([0, ...classesOf(v.display).map((c) => c.code)].map((code, i) => [code, VALUES[i]]));
    const periods = new Map<string, Record<string, number | null>>();
    for (const r of rows) {
      const key = v.unit === '0' ? r.month.slice(0, 4) : r.month;
      let point = periods.get(key);
      if (!point) {
        point = Object.fromEntries(VALUES.map((k) => [k, null]));
        periods.set(key, point);
      }
      const k = column.get(r.code);
      if (k) point[k] = (point[k] ?? 0) + guests(r);
    }
    return {
      prefCode: v.prefCode,
      prefName: ctx.sources.regions.prefName(v.prefCode),
      matter: v.matter,
      displayMethod: v.display,
      data: [...periods].map(([period, values]) => ({
        year: Number(period.slice(0, 4)),
        month: v.unit === '0' ? 0 : Number(period.slice(5)),
        ...values,
      })),
    };
  },
});
