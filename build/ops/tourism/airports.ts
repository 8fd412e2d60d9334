// What the airport flows' operations (tourism/airport/forBar and forCircle, and correlation/forCircle, which
// counts the same years) offer alike: the year and the period, and their echoes.

import { intParam } from '../operation.ts';
import { echoed } from '../result.ts';
import type { IntParam } from '../../runtime/routes.ts';

/** The years of the airport flows. */
const AIRPORT_YEARS = [2014, 2015, 2016, 2017, 2018, 2019];

const HALF_PERIOD: IntParam & { name: 'halfPeriod'; required: false; default: number } = {
  name: 'halfPeriod',
  type: 'int',
  required: false,
  values: [1, 2, 3, 4, 5],
  default: 1,
  doc: '1 the whole year (default), 2 Jan–Mar, 3 Apr–Jun, 4 Jul–Sep, 5 Oct–Dec.',
};

/** The year and the period of the flows an answer counts. */
export const AIRPORT_PERIOD = [intParam('year', AIRPORT_YEARS, 'Year, 2014–2019.'), HALF_PERIOD] as const;

/** The year and the period as an answer echoes them, as text. */
export const AIRPORT_PERIOD_ECHOES = { year: echoed(AIRPORT_YEARS), halfPeriod: echoed([1, 2, 3, 4, 5]) };
