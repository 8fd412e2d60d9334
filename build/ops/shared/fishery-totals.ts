// The two fishery sales totals (totalSales, aquacultureTotalSales) differ only in the activity they sum:
// one factory keeps their declarations identical in everything else.

import { z } from 'zod';
import { fisherySalesTotals } from '../../facts/fishery.ts';
import { fisheryTotalsComposer } from '../../runtime/render/fishery.ts';
import type { Canonical } from '../../runtime/params.ts';
import { addArea, cityCode, defineOperation, prefCode, regionHeader, regionOf, regionValues } from '../operation.ts';
import { count, regionHeader as header, yearValue } from './result.ts';

export function fisheryTotalOperation(
  kind: 'totalSales' | 'aquacultureTotalSales',
  activity: 'catch' | 'aquaculture',
  doc: { title: string; titleEn: string; description: string; examples: Canonical[] },
) {
  const path = `/api/v1/fishery/sea/${kind}`;
  return defineOperation({
    ...doc,
    family: 'fishery',
    result: z.strictObject({ ...header, years: z.array(yearValue(count)) }).nullable(),
    view: {
      rows: [{ path: 'years[]' }],
      columns: [
        { key: 'year', label: '年 / year' },
        { key: 'value', label: '販売金額 (百万円) / million yen' },
      ],
      chart: { kind: 'bar', x: 'year', y: 'value' },
    },
    route: {
      path,
      params: [prefCode(), cityCode(), addArea()],
      compose: { param: 'addArea', from: path, composer: fisheryTotalsComposer },
    },
    needs: ['fishery_sales'],
    share: 'prefecture',
    prepare: (ctx) => ({ totals: fisherySalesTotals(ctx.sources), ctx }),
    enumerate: (ctx) => regionValues(ctx),
    render({ totals, ctx }, v) {
      const years = totals.get(`${regionOf(v)}|${activity}`);
      if (!years) return null;
      return {
        ...regionHeader(ctx, v.prefCode!, v.cityCode!),
        years: [...years].sort((a, b) => a[0] - b[0]).map(([year, value]) => ({ year, value })),
      };
    },
  });
}
