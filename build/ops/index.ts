// The registry of operations. Each file declares one operation; tests check that every file here is
// registered and that every registered operation has its own file.

import type { Operation } from './operation.ts';
import cities from './cities.ts';
import populationCompositionPerYear from './population-composition-per-year.ts';
import populationCompositionPyramid from './population-composition-pyramid.ts';
import populationSocietyForAgeClass from './population-society-for-age-class.ts';
import populationSocietyForAgeClassLine from './population-society-for-age-class-line.ts';
import populationSocietyForArea from './population-society-for-area.ts';
import populationSumPerYear from './population-sum-per-year.ts';
import prefectures from './prefectures.ts';

export const OPERATIONS: Operation<any>[] = [
  prefectures,
  cities,
  populationCompositionPerYear,
  populationCompositionPyramid,
  populationSumPerYear,
  populationSocietyForArea,
  populationSocietyForAgeClass,
  populationSocietyForAgeClassLine,
];
