// The two occupancy lines of the accommodation survey (hotelAnalysis/guestRoomLine and capacityLine):
// a rate per class and period, from the sums of its counts. A year's rate (unit 0, month 0) is the rate
// of the year's sums, not a mean of monthly rates, so a busy month weighs as much as its rooms do.

import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { stayStacks, type StayRow } from '../../facts/tourism.ts';
import { mustGet } from '../../runtime/maps.ts';
import { percent } from '../../runtime/rounding.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, prefCode } from '../operation.ts';
import { DISPLAY, UNIT } from './accommodation.ts';
import { nonEmpty, year } from '../result.ts';

/** The first line of each display: every class. */
const ALL_CLASSES = new Map([
  ['1', 'すべての従業者規模'],
  ['2', 'すべての施設タイプ'],
]);

interface Rate {
  path: string;
  title: string;
  titleEn: string;
  /** What the rate is of, for the explorer's column. */
  label: string;
  description: string;
  /** The counts the rate divides: both undefined where the class has no counted facility. */
  counts: (r: StayRow) => [numerator: number | undefined, denominator: number | undefined];
}

const line = (unit: '0' | '1', month: z.ZodType) =>
  z.strictObject({
    unit: z.literal(unit),
    changes: z.array(
      z.strictObject({
        label: nonEmpty,
        data: z.array(z.strictObject({ year, month, value: z.number().min(0).nullable() })),
      }),
    ),
  });

export const occupancyOperation = (rate: Rate) =>
  defineOperation({
    title: rate.title,
    family: 'tourism',
    titleEn: rate.titleEn,
    view: {
      rows: [{ path: 'changes[].data[]', derive: { period: 'yearMonth' } }],
      columns: columns({ label: '区分 / class', period: '期間 / period', value: rate.label }),
      chart: { kind: 'line', x: 'period', y: 'value', series: 'label', xType: 'month' },
    },
    description: rate.description,
    examples: [
      { display: '2', unit: '0', prefCode: '13' },
      { display: '1', unit: '1', prefCode: '1' },
    ],
    result: z.discriminatedUnion('unit', [line('0', z.literal(0)), line('1', z.int().min(1).max(12))]).nullable(),
    route: {
      path: rate.path,
      params: [DISPLAY, UNIT, prefCode()],
    },
    needs: ['accommodation_stays', 'accommodation_classes'],
    share: 'prefecture',
    prepare: (ctx) => stayStacks(ctx.sources),
    render({ stacks, classesOf }, v) {
      const rows = stacks.get(prefRegion(Number(v.prefCode)), v.display);
      if (!rows) return null;
      const labels = new Map([
        [0, mustGet(ALL_CLASSES, v.display, 'display')],
        ...classesOf(v.display).map((c) => [c.code, c.label] as const),
      ]);
      const changes: { label: string; data: { year: number; month: number; value: number | null }[] }[] = [];
      let sums = new Map<string, [number, number, boolean]>();
      const flush = (code: number) => {
        changes.push({
          label: labels.get(code) ?? String(code),
          data: [...sums].map(([period, [n, d, counted]]) => ({
            year: Number(period.slice(0, 4)),
            month: v.unit === '0' ? 0 : Number(period.slice(5)),
            value: counted ? percent(n, d, 1) : null,
          })),
        });
        sums = new Map();
      };
      rows.forEach((r, i) => {
        const key = v.unit === '0' ? r.month.slice(0, 4) : r.month;
        const [n, d] = rate.counts(r);
        const before = sums.get(key) ?? [0, 0, false];
        sums.set(key, [before[0] + (n ?? 0), before[1] + (d ?? 0), before[2] || d != null]);
        if (rows[i + 1]?.code !== r.code) flush(r.code);
      });
      return { unit: v.unit, changes };
    },
  });
