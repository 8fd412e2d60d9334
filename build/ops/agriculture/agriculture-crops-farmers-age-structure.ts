import { z } from 'zod';
import { farmFacts } from '../../facts/agriculture.ts';
import { agricultureComposers, renderAgeStructure } from '../../runtime/render/agriculture.ts';
import { defineOperation } from '../operation.ts';
import { codeText, nonEmpty, year } from '../result.ts';
import { farmAgeLabels, farmerHeader, farmerRoute, farmerScope } from './kit.ts';

const age = z.strictObject({ label: nonEmpty, code: codeText });

export default defineOperation({
  title: '農業経営者・農業就業人口の年齢構成',
  family: 'agriculture',
  titleEn: 'Age structure of farm managers and farm workers',
  description:
    "The share of each age class (`1` 15～24歳 … `7` 75歳以上) among a region's farm managers (`farmersType` `1`) or farm working population (`2`), per census of agriculture year, in percent with 2 decimals. `genderType` `1` counts both sexes, `2` men, `3` women; `matter` `1` the region, `2` its prefecture (labelled `…平均`), `3` the nation (`全国平均`). `addArea` adds other regions' farmers before the shares. A region without farms answers null for matter 1.",
  examples: [
    { prefCode: '1', cityCode: '-', farmersType: '1', genderType: '1', matter: '1' },
    { prefCode: '13', cityCode: '13205', farmersType: '2', genderType: '2', matter: '2', addArea: '13_13206' },
  ],
  result: z
    .strictObject({
      ...farmerHeader,
      years: z.array(
        z.strictObject({
          year,
          unit: z.literal('%'),
          legend: z.array(age),
          label: nonEmpty,
          data: z.array(z.strictObject({ label: nonEmpty, code: codeText, value: z.number().min(0).max(100) })),
        }),
      ),
    })
    .nullable(),
  view: {
    rows: [{ path: 'years[].data[]' }],
    columns: [
      { key: 'year', label: '年 / year' },
      { key: 'code', label: 'code' },
      { key: 'label', label: '年齢 / age' },
      { key: 'value', label: '割合 (%) / share' },
    ],
    chart: { kind: 'bar', x: 'year', y: 'value', fill: 'label' },
  },
  route: farmerRoute('/api/v1/agriculture/crops/farmersAgeStructure', agricultureComposers.ageStructure),
  needs: ['farmers'],
  prepare: (ctx) => farmFacts(ctx.sources),
  render(facts, v, ctx) {
    const f = farmerScope(ctx, facts, v);
    return renderAgeStructure(f.head, f.selection, f.label, f.scopes, farmAgeLabels());
  },
  routeData: () => ({ labels: { farmerAges: farmAgeLabels() } }),
});
