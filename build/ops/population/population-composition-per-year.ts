import { z } from 'zod';
import { populationFacts } from '../../facts/population.ts';
import { AGE_GROUPS, GROUP_LABEL, TOTAL_LABEL } from '../../runtime/render/labels.ts';
import { perYearComposer, renderPerYear } from '../../runtime/render/population.ts';
import { defineOperation } from '../operation.ts';
import { COMPOSITION_PER_YEAR_PATH, POPULATION_NEEDS, regionParams, perYearAnswer, seriesView } from './kit.ts';
import { count, quotient, tupleOf, year, yearValue } from '../result.ts';

export default defineOperation({
  title: '人口構成',
  family: 'population',
  titleEn: 'Population by age group',
  view: seriesView([{ path: 'data[].data[]' }], '人口 / population', 'boundaryYear', {
    more: [{ key: 'rate', label: '割合 (%) / share' }],
  }),
  description:
    'The population of a prefecture (`cityCode=-`) or municipality per census year and projection year, as four series in `data`: `総人口` (all residents), then `年少人口` (0–14), `生産年齢人口` (15–64) and `老年人口` (65 and over), each point with its `rate`, the share of all residents in percent. Years after `boundaryYear` are projections. `addArea` adds the counts of other regions before the shares are computed.',
  examples: [
    { prefCode: '13', cityCode: '-' },
    { prefCode: '13', cityCode: '-', addArea: '1_' },
    { prefCode: '1', cityCode: '01100' },
  ],
  result: z
    .strictObject({
      boundaryYear: year,
      data: tupleOf([
        z.strictObject({ label: z.literal(TOTAL_LABEL), data: z.array(yearValue(count)) }),
        ...AGE_GROUPS.map((g) =>
          z.strictObject({
            label: z.literal(GROUP_LABEL[g]),
            data: z.array(z.strictObject({ year, value: count, rate: quotient })),
          }),
        ),
      ]),
    })
    .nullable(),
  route: {
    path: COMPOSITION_PER_YEAR_PATH,
    params: regionParams(),
    compose: { param: 'addArea', from: COMPOSITION_PER_YEAR_PATH, composer: perYearComposer },
  },
  needs: [...POPULATION_NEEDS],
  share: 'prefecture',
  prepare: (ctx) => populationFacts(ctx.sources),
  render: perYearAnswer(renderPerYear),
});
