// The old municipalities (oldCities) each municipality of today absorbed.

import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { groupRows } from './rollup.ts';
import { tableOf } from './table.ts';

/** By city code, in old city code order. */
export const oldCitiesByCity = (sources: Sources) =>
  groupRows<Row<'old_cities'>>(tableOf(sources, 'old_cities').orderby('cityCode', 'oldCityCode'), 'cityCode');
