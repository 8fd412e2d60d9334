import { z } from 'zod';
import { farmFacts } from '../../facts/agriculture.ts';
import { renderCorporateRate } from '../../runtime/render/agriculture.ts';
import { cityCode, defineOperation, prefCode } from '../operation.ts';
import { nonEmpty, year } from '../result.ts';
import { matterParam, MATTERS, matterScopes, yearLine } from '../census-charts.ts';
import { farmHeader, oldCityCode } from './kit.ts';

export default defineOperation({
  title: '農業経営体の法人化率',
  family: 'agriculture',
  titleEn: 'Share of farm management entities that are corporations',
  description:
    'The share of farm management entities that are corporations (法人経営体), in percent with 2 decimals, per census of agriculture year: `matter` `1` for the region itself, `2` for its prefecture (labelled `…平均`), `3` for the nation (`全国平均`). A region without farms answers null for matter 1. `oldCityCode` is accepted and not read.',
  examples: [
    { prefCode: '1', cityCode: '-', matter: '1' },
    { prefCode: '13', cityCode: '13205', matter: '2' },
  ],
  result: z
    .strictObject({
      ...farmHeader,
      matter: z.enum(MATTERS),
      label: nonEmpty,
      years: z.array(z.strictObject({ year, value: z.number().min(0).max(100) })),
    })
    .nullable(),
  view: yearLine('法人化率 (%) / corporations, %'),
  route: {
    path: '/api/v1/agriculture/crops/averageOfCorporate',
    params: [prefCode(), cityCode(), oldCityCode(), matterParam()],
  },
  needs: ['farm_entities'],
  prepare: (ctx) => farmFacts(ctx.sources),
  render(facts, v, ctx) {
    const { head, label, scopes } = matterScopes(ctx, facts, v);
    return renderCorporateRate(head, v.matter, label, scopes[0]);
  },
});
