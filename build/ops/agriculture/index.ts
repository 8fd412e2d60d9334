// The agriculture family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import agricultureCropsAverageOfCorporate from './agriculture-crops-average-of-corporate.ts';
import agricultureCropsEntityCounts from './agriculture-crops-entity-counts.ts';
import agricultureCropsFarmersAgeStructure from './agriculture-crops-farmers-age-structure.ts';
import agricultureCropsFarmersAverageAge from './agriculture-crops-farmers-average-age.ts';
import agricultureCropsRelatedBusiness from './agriculture-crops-related-business.ts';
import agricultureCropsWorkingDays from './agriculture-crops-working-days.ts';

export default [
  agricultureCropsEntityCounts,
  agricultureCropsWorkingDays,
  agricultureCropsAverageOfCorporate,
  agricultureCropsRelatedBusiness,
  agricultureCropsFarmersAgeStructure,
  agricultureCropsFarmersAverageAge,
] satisfies Operation<any>[];
