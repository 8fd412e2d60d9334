// The two fishery sales totals (totalSales, aquacultureTotalSales) differ only in the sales they sum: one
// factory keeps their declarations identical in everything else. addArea composes from entityCounts,
// which answers for every region, so a composed answer always carries the main region's header.

import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { renderTotals, totalsComposers, type TotalKind } from '../../runtime/render/fishery.ts';
import type { Canonical } from '../../runtime/params.ts';
import { addArea, cityCode, defineOperation, prefCode, regionHeader, regionOf } from '../operation.ts';
import { ENTITY_COUNTS_PATH } from './kit.ts';
import { count, regionHeader as header, yearValue } from '../result.ts';

export function fisheryTotalOperation(
  kind: 'totalSales' | 'aquacultureTotalSales',
  amounts: TotalKind,
  doc: { title: string; titleEn: string; description: string; examples: Canonical[] },
) {
  return defineOperation({
    ...doc,
    family: 'fishery',
    result: z.strictObject({ ...header, years: z.array(yearValue(count)) }).nullable(),
    view: {
      rows: [{ path: 'years[]' }],
      columns: [
        { key: 'year', label: '年 / year' },
        { key: 'value', label: '販売金額 (万円) / 10,000 yen' },
      ],
      chart: { kind: 'bar', x: 'year', y: 'value' },
    },
    route: {
      path: `/api/v1/fishery/sea/${kind}`,
      params: [prefCode(), cityCode(), addArea()],
      compose: { param: 'addArea', from: ENTITY_COUNTS_PATH, composer: totalsComposers[amounts] },
    },
    needs: ['fishery_sales'],
    share: 'prefecture',
    prepare: (ctx) => fisheryFacts(ctx.sources),
    render(facts, v, ctx) {
      const scope = facts.get(regionOf(v));
      return renderTotals(amounts, regionHeader(ctx, v.prefCode!, v.cityCode!), scope ? [scope] : []);
    },
  });
}
