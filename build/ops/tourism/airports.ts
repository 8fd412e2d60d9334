// What the two airport operations (tourism/airport/forBar and forCircle) offer alike.

import type { IntParam } from '../../runtime/routes.ts';

/** The years of the airport flows. */
export const AIRPORT_YEARS = [2014, 2015, 2016, 2017, 2018, 2019];

export const HALF_PERIOD: IntParam & { name: 'halfPeriod'; required: false; default: number } = {
  name: 'halfPeriod',
  type: 'int',
  required: false,
  values: [1, 2, 3, 4, 5],
  default: 1,
  doc: '1 the whole year (default), 2 Jan–Mar, 3 Apr–Jun, 4 Jul–Sep, 5 Oct–Dec.',
};
