import { z } from 'zod';
import { forestryFacts } from '../../facts/forestry.ts';
import { forestryComposers, renderStacked } from '../../runtime/render/forestry.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation } from '../operation.ts';
import { count, nonEmpty, regionHeader as header, year } from '../result.ts';
import { REGION_PARAMS } from '../census-charts.ts';
import { countsRoute, forestryRegion } from './kit.ts';

export default defineOperation({
  title: '林業総収入（総額）',
  family: 'forestry',
  titleEn: 'Total forestry income',
  description:
    "A region's forestry income per census of agriculture and forestry year, in 万円 (ten thousand yen): `sales`, the sales of forest products, and `income`, the revenue from contracted forestry work, of all its forestry management entities. `addArea` adds other regions' income year by year. A region without forestry entities answers null.",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '-', addArea: '1_' },
  ],
  result: z
    .strictObject({
      ...header,
      label: nonEmpty,
      years: z.array(z.strictObject({ year, sales: count, income: count })),
    })
    .nullable(),
  view: {
    rows: [{ path: 'years[]' }],
    columns: columns({
      year: '年 / year',
      sales: '林産物販売金額 (万円) / sales',
      income: '林作業請負収入 (万円) / contracted work',
    }),
    chart: { kind: 'bar', x: 'year', y: 'sales' },
  },
  route: countsRoute('forStacked', REGION_PARAMS, forestryComposers.stacked),
  needs: ['forestry_income'],
  prepare: (ctx) => forestryFacts(ctx.sources),
  render(facts, v, ctx) {
    const r = forestryRegion(ctx, facts, v);
    return renderStacked(r.head, r.label, r.scopes);
  },
});
