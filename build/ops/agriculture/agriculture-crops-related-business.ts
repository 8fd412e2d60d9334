import { z } from 'zod';
import { FARM_BUSINESSES } from '../../../sources/agriculture-codes.ts';
import { farmFacts } from '../../facts/agriculture.ts';
import { agricultureComposers, renderBusinesses } from '../../runtime/render/agriculture.ts';
import { addArea, cityCode, defineOperation, prefCode, regionHeader, regionOf } from '../operation.ts';
import { codeText, count, nonEmpty, year } from '../result.ts';
import { FARM_COUNTS_PATH, farmHeader, oldCityCode } from './kit.ts';

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
  view: {
    rows: [{ path: 'years[].data[]' }],
    columns: [
      { key: 'year', label: '年 / year' },
      { key: 'code', label: 'code' },
      { key: 'label', label: '事業 / business' },
      { key: 'value', label: '経営体数 / entities' },
    ],
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'label' },
  },
  route: {
    path: '/api/v1/agriculture/crops/relatedBusiness',
    params: [prefCode(), cityCode(), oldCityCode(), addArea()],
    compose: { param: 'addArea', from: FARM_COUNTS_PATH, composer: agricultureComposers.businesses },
  },
  needs: ['farm_businesses'],
  prepare: (ctx) => farmFacts(ctx.sources),
  render(facts, v, ctx) {
    const scope = facts.get(regionOf(v));
    return renderBusinesses(regionHeader(ctx, v.prefCode, v.cityCode), scope ? [scope] : [], businessLabels());
  },
  routeData: () => ({ labels: { farmBusinesses: businessLabels() } }),
});
