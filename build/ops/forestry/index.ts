// The forestry family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import forestryIncomeEntityCounts from './forestry-income-entity-counts.ts';
import forestryIncomeForContractRevenue from './forestry-income-for-contract-revenue.ts';
import forestryIncomeForContractRevenueRatio from './forestry-income-for-contract-revenue-ratio.ts';
import forestryIncomeForSales from './forestry-income-for-sales.ts';
import forestryIncomeForSalesRatio from './forestry-income-for-sales-ratio.ts';
import forestryIncomeForStacked from './forestry-income-for-stacked.ts';

export default [
  forestryIncomeEntityCounts,
  forestryIncomeForSalesRatio,
  forestryIncomeForContractRevenueRatio,
  forestryIncomeForSales,
  forestryIncomeForContractRevenue,
  forestryIncomeForStacked,
] satisfies Operation<any>[];
