// Parameters the two mesh charts share (population/mesh and future mesh chart).

import type { CityParam, PrefParam } from '../../runtime/routes.ts';

/** The snake_case region parameters of the mesh charts. */
export const prefectureCd = (aliases: string[] = []): PrefParam & { name: 'prefecture_cd'; required: true } => ({
  name: 'prefecture_cd',
  type: 'pref',
  required: true,
  ...(aliases.length ? { aliases } : {}),
  doc: 'Prefecture code (1–47).',
});
export const cityCd = (pref: string): CityParam & { name: 'city_cd'; default: '-' } => ({
  name: 'city_cd',
  type: 'city',
  required: false,
  default: '-',
  pref,
  doc: 'Municipality code, or - for the whole prefecture.',
});
