import { z } from 'zod';
import { migrationByCohort } from '../../facts/migration.ts';
import { AGE_FROM, periodLabel, transitionLabel } from '../../runtime/render/labels.ts';
import { columns } from '../../runtime/view.ts';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';

export default defineOperation({
  title: '年齢階級別純移動数の時系列',
  family: 'population',
  titleEn: 'Net migration by cohort over time',
  view: {
    rows: [{ path: 'data[].data[]' }],
    columns: columns({ label: '期間 / period', axisx: '年齢階級 / cohort', axisy: '純移動数 / net migration' }),
    chart: { kind: 'line', x: 'axisx', y: 'axisy', series: 'label', xType: 'category' },
  },
  description:
    'Net migration of a prefecture or municipality by cohort: for each five-year period (`label`, such as `1980年→1985年`), the net number of people (`axisy`) who moved in or out while ageing from one five-year class to the next (`axisx`, such as `0～4歳→5～9歳`).',
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '1', cityCode: '01100' },
  ],
  result: z
    .strictObject({
      data: z.array(
        z.strictObject({
          label: z
            .string()
            .refine((l) => l === periodLabel(Number(l.slice(0, 4))), { error: 'expected <year>年→<year + 5>年' }),
          data: z.array(
            z.strictObject({
              // The classes' transitions 0～4歳→5～9歳 … 85～89歳→90歳～.
              axisx: z.enum([transitionLabel(0), ...AGE_FROM.slice(1, -1).map(transitionLabel)]),
              axisy: z.int(),
            }),
          ),
        }),
      ),
    })
    .nullable(),
  route: { path: '/api/v1/population/society/forAgeClassLine', params: [prefCode(), cityCode()] },
  needs: ['migration_by_cohort'],
  share: 'prefecture',
  prepare: (ctx) => migrationByCohort(ctx.sources),
  render(byRegion, v) {
    const rows = byRegion.get(regionOf(v));
    if (!rows) return null;
    const periods = [...new Set(rows.map((r) => r.periodFrom))];
    return {
      data: periods.map((from) => ({
        label: periodLabel(from),
        data: rows
          .filter((r) => r.periodFrom === from)
          .map((r) => ({ axisx: transitionLabel(r.ageFrom), axisy: r.net })),
      })),
    };
  },
});
