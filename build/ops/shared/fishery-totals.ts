// The two fishery sales totals (totalSales, aquacultureTotalSales) differ only in the activity they sum:
// one factory keeps their declarations identical in everything else.

import { z } from 'zod';
import { fisheryFacts } from '../../facts/fishery.ts';
import { fisheryTotalsComposer } from '../../runtime/render/fishery.ts';
import type { Canonical } from '../../runtime/params.ts';
import { addArea, cityCode, defineOperation, prefCode, regionHeader, regionOf, regionValues } from '../operation.ts';
import { count, regionHeader as header, yearValue } from './result.ts';

export function fisheryTotalOperation(
  kind: 'totalSales' | 'aquacultureTotalSales',
  amounts: 'salesAmount' | 'aquacultureSalesAmount',
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
        { key: 'value', label: '販売金額 (万円) / 10,000 yen' },
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
    prepare: (ctx) => ({ facts: fisheryFacts(ctx.sources), ctx }),
    enumerate: (ctx) => regionValues(ctx),
    render({ facts, ctx }, v) {
      const years = facts.get(regionOf(v))?.[amounts];
      if (!years) return null;
      return {
        ...regionHeader(ctx, v.prefCode!, v.cityCode!),
        years: Object.entries(years)
          .map(([year, millionYen]) => ({ year: Number(year), value: millionYen * 100 })) // 万円, as the documentation gives it
          .sort((a, b) => a.year - b.year),
      };
    },
  });
}
