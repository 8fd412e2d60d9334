import { z } from 'zod';
import { growthComposer } from '../../runtime/render/population.ts';
import { populationFacts } from '../../facts/population.ts';
import { GROUP_LABEL } from '../../runtime/render/labels.ts';
import { renderGrowth } from '../../runtime/render/population.ts';
import { addArea, cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { COMPOSITION_PER_YEAR_PATH as PER_YEAR } from './kit.ts';
import { quotient, tupleOf, year, yearValue } from '../result.ts';

// Growth rates cannot be summed, so addArea composes from the perYear files, which carry the counts.
export default defineOperation({
  title: '人口増減率',
  family: 'population',
  titleEn: 'Population change rate',
  view: {
    rows: [{ path: 'line.data[]', set: { label: '総人口' } }, { path: 'bar.data[].class[]' }],
    columns: [
      { key: 'label', label: '区分 / series' },
      { key: 'year', label: '年 / year' },
      { key: 'value', label: '増減率 (%) / change' },
    ],
    chart: { kind: 'line', x: 'year', y: 'value', series: 'label', xType: 'year', boundary: 'line.boundaryYear' },
  },
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
    params: [prefCode(), cityCode(), addArea()],
    compose: { param: 'addArea', from: PER_YEAR, composer: growthComposer },
  },
  needs: ['population_years', ['population_by_age_sex', 'population_by_age_group']],
  share: 'prefecture',
  prepare: (ctx) => populationFacts(ctx.sources),
  render(facts, v) {
    const counts = facts.perYear.get(regionOf(v));
    return counts ? renderGrowth(counts) : null;
  },
});
