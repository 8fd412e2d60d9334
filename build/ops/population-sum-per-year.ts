import { populationFacts } from '../facts/population.ts';
import { renderGrowth } from '../runtime/render/population.ts';
import { addArea, cityCode, defineOperation, prefCode, regionOf, regionValues } from './operation.ts';
import { PATH as PER_YEAR } from './population-composition-per-year.ts';

// Growth rates cannot be summed, so addArea composes from the perYear files, which carry the counts.
export default defineOperation({
  title: '人口増減率',
  family: 'population',
  route: {
    path: '/api/v1/population/sum/perYear',
    params: [prefCode(), cityCode(), addArea()],
    compose: { param: 'addArea', from: PER_YEAR, composer: 'growth' },
  },
  needs: ['population_years', ['population_by_age_sex', 'population_by_age_group']],
  prepare: (ctx) => populationFacts(ctx.sources),
  enumerate: regionValues,
  render(facts, v) {
    const counts = facts.perYear.get(regionOf(v));
    return counts ? renderGrowth(counts) : null;
  },
});
