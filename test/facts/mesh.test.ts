// The mesh facts over a few rows: each mesh's values under its municipality, designated city and prefecture,
// per year, and the chart of a region's changes, where a mesh missing in one year counts 0 there.

import { describe, expect, it } from 'vitest';
import { censusMeshes, chartOf, futureMeshes } from '../../build/facts/mesh.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('mesh facts', () => {
  const sources = tinySources({
    mesh_population: csv`
      meshCode,cityCode,year,population,households
      53394547,01101,2015,10,5
      53394548,01102,2015,20,8
      53394549,01202,2015,30,9
      53394547,01101,2010,4,2
    `,
    mesh_population_future: ['meshCode,cityCode,year,population', '53394547,01101,2030,7'].join('\n'),
  });
  const census = censusMeshes(sources);
  const values = (region: string, year: number, column: string) =>
    Object.fromEntries(census.get(region, year, column) ?? []);

  it("indexes each mesh's values under its municipality, designated city and prefecture", () => {
    expect(values('01101', 2015, 'population')).toEqual({ 53394547: 10 });
    expect(values('01100', 2015, 'population')).toEqual({ 53394547: 10, 53394548: 20 });
    expect(values('01', 2015, 'households')).toEqual({ 53394547: 5, 53394548: 8, 53394549: 9 });
    expect(census.get('13', 2015, 'population')).toBeUndefined();
    expect(Object.fromEntries(futureMeshes(sources).get('01', 2030, 'population') ?? [])).toEqual({ 53394547: 7 });
  });

  it('charts the changes since an earlier year, a mesh without figures then counting 0', () => {
    const chart = chartOf(census, '01100', 2015, 2010, 'population', '人');
    // Changes 6 and 20: 9·w reaches the 95th percentile, 20, at the step w = 4, so the edges run −36 … 36.
    expect(chart?.map((r) => r.value1).reduce((a, n) => a + n, 0)).toBe(2);
    // The first mesh, 10 people now: half the meshes and a third of the people.
    expect(chart?.find((r) => r.value1 > 0)).toMatchObject({ classification_name: '8人以下', value2: 50, value3: 33 });
    expect(chart?.at(-1)).toMatchObject({ classification_name: '36人超', value1: 0, value2: 100, value3: 100 });
    expect(chartOf(census, '13', 2015, 2010, 'population', '人')).toBeNull();
  });
});
