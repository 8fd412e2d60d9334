// Parameters the two mesh charts share (population/mesh and future mesh chart).

import type { CityParam } from '../../runtime/routes.ts';

/** The snake_case municipality parameter of the mesh charts. */
export const cityCd = (pref: string): CityParam & { name: 'city_cd'; default: '-' } => ({
  name: 'city_cd',
  type: 'city',
  required: false,
  default: '-',
  pref,
  doc: 'Municipality code, or - for the whole prefecture.',
});
