import { z } from 'zod';
import { farmFacts } from '../../facts/agriculture.ts';
import { agricultureComposers, renderWorkingDays } from '../../runtime/render/agriculture.ts';
import { defineOperation } from '../operation.ts';
import { count, nonEmpty, year } from '../result.ts';
import { regionScopes, yearBars } from '../census-charts.ts';
import { countsRoute, farmHeader, REGION_PARAMS } from './kit.ts';

export default defineOperation({
  title: '年間延べ農作業日数',
  family: 'agriculture',
  titleEn: 'Person-days of farm work a year',
  description:
    "A region's person-days (人日) of farm work in the year of each census of agriculture: the days worked by everyone on its farm management entities, added up. `addArea` adds other regions' days year by year. A region without farms answers null. `oldCityCode` is accepted and not read (the original had no data by old municipality).",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '13205', addArea: '13_13206' },
  ],
  result: z
    .strictObject({ ...farmHeader, label: nonEmpty, years: z.array(z.strictObject({ year, value: count })) })
    .nullable(),
  view: yearBars('延べ農作業日数 (人日) / person-days'),
  route: countsRoute('workingDays', REGION_PARAMS, agricultureComposers.workingDays),
  needs: ['farm_entities'],
  prepare: (ctx) => farmFacts(ctx.sources),
  render(facts, v, ctx) {
    const { head, scopes } = regionScopes(ctx, facts, v);
    return renderWorkingDays(head, head.cityName || head.prefName, scopes);
  },
});
