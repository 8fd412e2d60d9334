// What the two mesh charts (population/mesh and future mesh chart) share: their municipality parameter and
// their answer.

import { chartOf, type MeshIndex } from '../../facts/mesh.ts';
import type { CityParam } from '../../runtime/routes.ts';
import { regionHeader, regionOf, type BuildContext } from '../operation.ts';

/** The snake_case municipality parameter of the mesh charts. */
export const cityCd = (pref: string): CityParam & { name: 'city_cd'; default: '-' } => ({
  name: 'city_cd',
  type: 'city',
  required: false,
  default: '-',
  pref,
  doc: 'Municipality code, or - for the whole prefecture.',
});

/**
 * A mesh chart's answer: the region's header, what the request echoes, and the chart of `column` in `year`
 * (its changes since `previous`, where given); null where the region has no meshes that year.
 */
export function meshAnswer(
  ctx: BuildContext,
  index: MeshIndex,
  [pref, city]: [pref: string, city: string],
  chart: { year: number; previous: number | null; column: string; unit: string },
  echo: Record<string, string>,
) {
  const region = regionOf({ prefCode: pref, cityCode: city });
  const data = chartOf(index, region, chart.year, chart.previous, chart.column, chart.unit);
  return data && { ...regionHeader(ctx, pref, city), ...echo, data };
}
