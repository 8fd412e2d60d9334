// The medical family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import medicalWelfareCareAnalysisChart from './medical-welfare-care-analysis-chart.ts';
import medicalWelfareMedicalAnalysisChart from './medical-welfare-medical-analysis-chart.ts';
import medicalWelfareMedicalAnalysisList from './medical-welfare-medical-analysis-list.ts';
import medicalWelfareMedicalAnalysisRate from './medical-welfare-medical-analysis-rate.ts';

export default [
  medicalWelfareMedicalAnalysisList,
  medicalWelfareMedicalAnalysisRate,
  medicalWelfareMedicalAnalysisChart,
  medicalWelfareCareAnalysisChart,
] satisfies Operation<any>[];
