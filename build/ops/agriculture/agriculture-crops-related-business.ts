import { z } from 'zod';
import { FARM_BUSINESSES } from '../../../sources/agriculture-codes.ts';
import { farmFacts } from '../../facts/agriculture.ts';
import { agricultureComposers, renderBusinesses } from '../../runtime/render/agriculture.ts';
import { defineOperation } from '../operation.ts';
import { codeText, count, nonEmpty, year } from '../result.ts';
import { classBars, regionScopes } from '../census-charts.ts';
import { countsRoute, farmHeader, REGION_PARAMS } from './kit.ts';

const businessLabels = () => Object.fromEntries(FARM_BUSINESSES.map((name, i) => [String(i + 1), name]));

export default defineOperation({
  title: '農業生産関連事業の実施状況（経営体数）',
  family: 'agriculture',
  titleEn: 'Farm entities running production-related businesses',
  description:
    "How many of a region's farm management entities run each kind of agricultural production-related business (農業生産関連事業), per census of agriculture year: every business is listed, by regstat's codes `1`–`8` (processing, direct sales, allotments and farm experiences, tourist farms, farm inns, farm restaurants, exports, other). `addArea` adds other regions' entities. A region without farms answers null. `oldCityCode` is accepted and not read.",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '13205', addArea: '1_01202' },
  ],
  result: z
    .strictObject({
      ...farmHeader,
      years: z.array(
        z.strictObject({
          year,
          data: z.array(z.strictObject({ code: codeText, label: nonEmpty, value: count })),
        }),
      ),
    })
    .nullable(),
  view: classBars('事業 / business', { key: 'value', label: '経営体数 / entities' }),
  route: countsRoute('relatedBusiness', REGION_PARAMS, agricultureComposers.businesses),
  needs: ['farm_businesses'],
  prepare: (ctx) => farmFacts(ctx.sources),
  render(facts, v, ctx) {
    const { head, scopes } = regionScopes(ctx, facts, v);
    return renderBusinesses(head, scopes, businessLabels());
  },
  routeData: () => ({ labels: { farmBusinesses: businessLabels() } }),
});
