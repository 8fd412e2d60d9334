// The population family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import populationCompositionPerYear from './population-composition-per-year.ts';
import populationCompositionPyramid from './population-composition-pyramid.ts';
import populationFutureCities from './population-future-cities.ts';
import populationNature from './population-nature.ts';
import populationSocietyForAgeClass from './population-society-for-age-class.ts';
import populationSocietyForAgeClassLine from './population-society-for-age-class-line.ts';
import populationSocietyForArea from './population-society-for-area.ts';
import populationSumEstimate from './population-sum-estimate.ts';
import populationSumPerYear from './population-sum-per-year.ts';

export default [
  populationCompositionPerYear,
  populationCompositionPyramid,
  populationSumPerYear,
  populationSocietyForArea,
  populationSocietyForAgeClass,
  populationSocietyForAgeClassLine,
  populationSumEstimate,
  populationNature,
  populationFutureCities,
] satisfies Operation<any>[];
