// Specialization coefficients (特化係数) of an industry in a region, shared by industry/power/forIndustry
// and industry/power/forArea: for value added and employees, the region's share of the industry over
// the nation's share; for labour productivity (value added per employee), the region's over the
// nation's. Exact, from the integer facts (ratioOfProducts); null where a denominator is 0.

import { ratioOfProducts } from '../../runtime/rounding.ts';

export interface Economy {
  valueAdded: number;
  employees: number;
}

export type Measure = 'value' | 'employee' | 'labor';

/**
 * @param industry   the industry in the region
 * @param region     the region over all industries
 * @param nation     the industry in the nation
 * @param nationAll  the nation over all industries
 */
export function specialization(
  measure: Measure,
  industry: Economy,
  region: Economy,
  nation: Economy,
  nationAll: Economy,
  decimals: number,
): number | null {
  switch (measure) {
    case 'value':
      return ratioOfProducts(industry.valueAdded, nationAll.valueAdded, region.valueAdded, nation.valueAdded, decimals);
    case 'employee':
      return ratioOfProducts(industry.employees, nationAll.employees, region.employees, nation.employees, decimals);
    case 'labor':
      return ratioOfProducts(industry.valueAdded, nation.employees, industry.employees, nation.valueAdded, decimals);
  }
}
