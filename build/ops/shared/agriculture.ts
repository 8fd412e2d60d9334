// What the agriculture crops operations share: the path of the counts they compose from, their header
// (the region's, then the old municipality's, always empty) and the old municipality parameter.

import { z } from 'zod';
import { FARMER_AGES } from '../../../sources/agriculture-codes.ts';
import type { CityParam } from '../../runtime/routes.ts';
import { intParam, regionValues, type BuildContext } from '../operation.ts';
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

/** The farmer charts' selection: 農業者区分, 性別 (1 both, 2 men, 3 women) and whose figures (`matter`). */
export const farmerParams = () =>
  [
    intParam('farmersType', [1, 2], '1 farm managers (農業経営者), 2 the farm working population (農業就業人口).'),
    intParam('genderType', [1, 2, 3], '1 both sexes, 2 men, 3 women.'),
    intParam('matter', [1, 2, 3], '1 the region itself, 2 its prefecture, 3 the nation.'),
  ] as const;

/** Every region with every selection of the farmer charts. */
export const farmerValues = (ctx: BuildContext) =>
  regionValues(ctx).flatMap((r) =>
    ['1', '2'].flatMap((farmersType) =>
      ['1', '2', '3'].flatMap((genderType) =>
        ['1', '2', '3'].map((matter) => ({ ...r, farmersType, genderType, matter })),
      ),
    ),
  );

export const farmAgeLabels = () => Object.fromEntries(FARMER_AGES.map((name, i) => [String(i + 1), name]));
