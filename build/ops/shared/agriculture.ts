// What the agriculture crops operations share: the path of the counts they compose from, their header
// (the region's, then the old municipality's, always empty) and the old municipality parameter.

import { z } from 'zod';
import type { CityParam } from '../../runtime/routes.ts';
import { regionHeader as header } from './result.ts';

export const FARM_COUNTS_PATH = '/api/v1/agriculture/crops/entityCounts';

/** The region's codes and names, then the old municipality's (`''`: the original had no data by old municipality). */
export const farmHeader = { ...header, oldCityCode: z.literal(''), oldCityName: z.literal('') };

/** Accepted as the original's documentation lists it, never read: it had no data by old municipality. */
export const oldCityCode = (): CityParam & { name: 'oldCityCode'; ignored: true } => ({
  name: 'oldCityCode',
  type: 'city',
  pref: 'prefCode',
  required: false,
  ignored: true,
  doc: 'An old (pre-merger) municipality code: accepted and never read, as the original had no data by old municipality.',
});
