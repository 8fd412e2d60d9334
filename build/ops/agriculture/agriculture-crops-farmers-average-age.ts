import { z } from 'zod';
import { agricultureComposers, renderAverageAge } from '../../runtime/render/agriculture.ts';
import { nonEmpty, year } from '../result.ts';
import { yearLine } from '../census-charts.ts';
import { farmerChartOperation, farmerHeader } from './kit.ts';

export default farmerChartOperation({
  title: '農業経営者・農業就業人口の平均年齢',
  titleEn: 'Average age of farm managers and farm workers',
  description:
    "The average age of a region's farm managers (`farmersType` `1`) or farm working population (`2`), per census of agriculture year, in years with 1 decimal: the sum of their ages over their number. `genderType` `1` counts both sexes, `2` men, `3` women; `matter` `1` the region, `2` its prefecture (labelled `…平均`), `3` the nation (`全国平均`). `addArea` adds other regions' farmers before averaging. A region without farms answers null for matter 1.",
  examples: [
    { prefCode: '1', cityCode: '-', farmersType: '1', genderType: '1', matter: '1' },
    { prefCode: '13', cityCode: '13205', farmersType: '2', genderType: '3', matter: '1', addArea: '13_13206' },
  ],
  result: z
    .strictObject({
      ...farmerHeader,
      label: nonEmpty,
      years: z.array(z.strictObject({ year, value: z.number().min(15).max(120) })),
    })
    .nullable(),
  view: yearLine('平均年齢 (歳) / average age'),
  name: 'farmersAverageAge',
  composer: agricultureComposers.averageAge,
  render: renderAverageAge,
});
