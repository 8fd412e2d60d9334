// What the accommodation survey's operations (tourism/hotelAnalysis/*) offer alike: the display and unit
// parameters.

import type { IntParam } from '../../runtime/routes.ts';

export const DISPLAY: IntParam & { name: 'display'; required: false; default: number } = {
  name: 'display',
  type: 'int',
  required: false,
  values: [1, 2],
  default: 2,
  doc: '1 by employee-size class, 2 by accommodation type (default).',
};

export const UNIT: IntParam & { name: 'unit'; required: false; default: number } = {
  name: 'unit',
  type: 'int',
  required: false,
  values: [0, 1],
  default: 0,
  doc: '0 yearly (default), 1 monthly.',
};
