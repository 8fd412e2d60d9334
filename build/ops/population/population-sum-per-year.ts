import { z } from 'zod';
import { populationFacts } from '../../facts/population.ts';
import { GROUP_LABEL } from '../../runtime/render/labels.ts';
import { growthComposer, renderGrowth } from '../../runtime/render/population.ts';
import { defineOperation } from '../operation.ts';
import {
  COMPOSITION_PER_YEAR_PATH as PER_YEAR,
  POPULATION_NEEDS,
  regionParams,
  perYearAnswer,
  seriesView,
} from './kit.ts';
import { quotient, tupleOf, year, yearValue } from '../result.ts';

// Growth rates cannot be summed, so addArea composes from the perYear files, which carry the counts.
export default defineOperation({
  title: '人口増減率',
  family: 'population',
  titleEn: 'Population change rate',
  view: seriesView(
    [{ path: 'line.data[]', set: { label: '総人口' } }, { path: 'bar.data[].class[]' }],
    '増減率 (%) / change',
    'line.boundaryYear',
  ),
  description:
    "The population's percent change from five years earlier, per year: for all residents in `line` (years after `boundaryYear` are projections), and in `bar` as `sum` with the change of each age group in `class`: `老年人口`, `生産年齢人口` and `年少人口`, in that order. `addArea` adds other regions' counts before the changes are computed.",
  examples: [
    { prefCode: '13', cityCode: '-' },
    { prefCode: '13', cityCode: '13104', addArea: '13_13105' },
  ],
  result: z
    .strictObject({
      line: z.strictObject({ boundaryYear: year, data: z.array(yearValue(quotient)) }),
      bar: z.strictObject({
        data: z.array(
          z.strictObject({
            year,
            sum: quotient,
            // The classes run old → young, as renderGrowth prints them.
            class: tupleOf(
              (['old', 'working', 'young'] as const).map((g) =>
                z.strictObject({ label: z.literal(GROUP_LABEL[g]), value: quotient }),
              ),
            ),
          }),
        ),
      }),
    })
    .nullable(),
  route: {
    path: '/api/v1/population/sum/perYear',
    params: regionParams(),
    compose: { param: 'addArea', from: PER_YEAR, composer: growthComposer },
  },
  needs: [...POPULATION_NEEDS],
  share: 'prefecture',
  prepare: (ctx) => populationFacts(ctx.sources),
  render: perYearAnswer(renderGrowth),
});
