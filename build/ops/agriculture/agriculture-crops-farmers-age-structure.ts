import { z } from 'zod';
import { agricultureComposers, renderAgeStructure } from '../../runtime/render/agriculture.ts';
import { codeText, nonEmpty, year } from '../result.ts';
import { classBars } from '../census-charts.ts';
import { farmAgeLabels, farmerChartOperation, farmerHeader } from './kit.ts';

const age = z.strictObject({ label: nonEmpty, code: codeText });

export default farmerChartOperation({
  title: '農業経営者・農業就業人口の年齢構成',
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
  view: classBars('年齢 / age', { key: 'value', label: '割合 (%) / share' }),
  name: 'farmersAgeStructure',
  composer: agricultureComposers.ageStructure,
  render: (head, selection, label, scopes) => renderAgeStructure(head, selection, label, scopes, farmAgeLabels()),
  routeData: () => ({ labels: { farmerAges: farmAgeLabels() } }),
});
