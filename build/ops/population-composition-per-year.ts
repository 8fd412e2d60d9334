import { populationFacts } from '../facts/population.ts';
import { renderPerYear } from '../runtime/render/population.ts';
import { addArea, cityCode, defineOperation, prefCode, regionOf, regionValues } from './operation.ts';

export const PATH = '/api/v1/population/composition/perYear';

export default defineOperation({
  title: '人口構成',
  family: 'population',
  route: {
    path: PATH,
    params: [prefCode(), cityCode(), addArea()],
    compose: { param: 'addArea', from: PATH, composer: 'perYear' },
  },
  needs: ['population_years', ['population_by_age_sex', 'population_by_age_group']],
  prepare: (ctx) => populationFacts(ctx.sources),
  enumerate: regionValues,
  render(facts, v) {
    const counts = facts.perYear.get(regionOf(v));
    return counts ? renderPerYear(counts) : null;
  },
});
