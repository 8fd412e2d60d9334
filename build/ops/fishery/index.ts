// The fishery family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import fisherySeaAquacultureManagementUnitSales from './fishery-sea-aquaculture-management-unit-sales.ts';
import fisherySeaAquacultureSales from './fishery-sea-aquaculture-sales.ts';
import fisherySeaAquacultureTotalSales from './fishery-sea-aquaculture-total-sales.ts';
import fisherySeaEntityCounts from './fishery-sea-entity-counts.ts';
import fisherySeaManagementUnitSales from './fishery-sea-management-unit-sales.ts';
import fisherySeaSales from './fishery-sea-sales.ts';
import fisherySeaShipRatio from './fishery-sea-ship-ratio.ts';
import fisherySeaShipValue from './fishery-sea-ship-value.ts';
import fisherySeaTotalSales from './fishery-sea-total-sales.ts';

export default [
  fisherySeaEntityCounts,
  fisherySeaAquacultureSales,
  fisherySeaSales,
  fisherySeaShipRatio,
  fisherySeaShipValue,
  fisherySeaTotalSales,
  fisherySeaAquacultureTotalSales,
  fisherySeaManagementUnitSales,
  fisherySeaAquacultureManagementUnitSales,
] satisfies Operation<any>[];
