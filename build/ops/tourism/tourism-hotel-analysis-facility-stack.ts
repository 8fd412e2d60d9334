import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { facilityStacks } from '../../facts/tourism.ts';
import { getOrSet } from '../../runtime/maps.ts';
import { ratio } from '../../runtime/rounding.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, prefCode } from '../operation.ts';
import { DISPLAY, UNIT } from './accommodation.ts';
import { codeText, count, text, year } from '../result.ts';

/** The stack for one unit: yearly values have month 0, monthly ones months 1–12. */
const stack = (unit: '0' | '1', month: z.ZodType) =>
  z.strictObject({
    unit: z.literal(unit),
    data: z.array(
      z.strictObject({ code: codeText, label: text, years: z.array(z.strictObject({ year, month, value: count })) }),
    ),
  });

// Facility counts per class, stacked: employee-size classes (display 1) or accommodation types
// (display 2), each summed over the other dimension. Yearly values (unit 0, month 0) are the mean of
// the year's monthly counts, rounded half away from zero: a facility count is a stock, so summing
// months would count each facility twelve times.
export default defineOperation({
  title: '宿泊施設数',
  family: 'tourism',
  titleEn: 'Accommodation facilities',
  view: {
    rows: [{ path: 'data[].years[]', derive: { period: 'yearMonth' } }],
    columns: columns({ code: 'code', label: '区分 / class', period: '期間 / period', value: '施設数 / facilities' }),
    chart: { kind: 'bar', x: 'period', y: 'value', fill: 'label' },
  },
  description:
    'Accommodation facilities of a prefecture per class, as stacked series: by employee-size class (`display=1`) or by accommodation type (`display=2`), each class with its `code`, `label` and counts in `years`. `unit=0` gives one value a year (the mean of its months, `month` 0), `unit=1` one a month.',
  examples: [
    { display: '2', unit: '0', prefCode: '13' },
    { display: '1', unit: '1', prefCode: '1' },
  ],
  result: z.discriminatedUnion('unit', [stack('0', z.literal(0)), stack('1', z.int().min(1).max(12))]).nullable(),
  route: {
    path: '/api/v1/tourism/hotelAnalysis/facilityStack',
    params: [DISPLAY, UNIT, prefCode()],
  },
  needs: ['accommodation_facilities', 'accommodation_classes'],
  share: 'prefecture',
  prepare: (ctx) => facilityStacks(ctx.sources),
  render({ stacks, labelOf }, v) {
    const rows = stacks.get(prefRegion(Number(v.prefCode)), v.display);
    if (!rows) return null;
    const data: { code: string; label: string; years: { year: number; month: number; value: number }[] }[] = [];
    for (const r of rows) {
      let stack = data.at(-1);
      if (stack?.code !== String(r.code))
        data.push((stack = { code: String(r.code), label: labelOf(v.display, r.code), years: [] }));
      stack.years.push({ year: Number(r.month.slice(0, 4)), month: Number(r.month.slice(5)), value: r.facilities });
    }
    if (v.unit === '0') {
      for (const d of data) {
        const byYear = new Map<number, number[]>();
        for (const m of d.years) getOrSet(byYear, m.year, (): number[] => []).push(m.value);
        d.years = [...byYear].map(([year, values]) => ({
          year,
          month: 0,
          value: ratio(
            values.reduce((a, b) => a + b, 0),
            values.length,
            0,
          )!,
        }));
      }
    }
    return { unit: v.unit, data };
  },
});
