// The mesh family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import populationFutureMeshChart from './population-future-mesh-chart.ts';
import populationMeshChart from './population-mesh-chart.ts';

export default [populationMeshChart, populationFutureMeshChart] satisfies Operation<any>[];
