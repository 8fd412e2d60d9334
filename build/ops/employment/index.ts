// The employment family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import employEducationLocaljobAcademicToTransition from './employ-education-localjob-academic-to-transition.ts';
import regionalEmployAnalysisPortfolio from './regional-employ-analysis-portfolio.ts';

export default [
  employEducationLocaljobAcademicToTransition,
  regionalEmployAnalysisPortfolio,
] satisfies Operation<any>[];
