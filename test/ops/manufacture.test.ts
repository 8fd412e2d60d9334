// municipality/manufacture/perYear: shipments of manufactured goods, recomputed from the raw rows of
// manufacturing_shipments for a prefecture, a designated city (its wards summed) and municipalities.

import '../helpers/sample-ready.ts';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../sources/tables.ts';
import { errorOf as err, result } from '../helpers/dist.ts';
import { inRegion, requestedRegion, rowsOf, sampleSources } from '../helpers/sample.ts';
import { MUNICIPAL_KEYS } from '../helpers/shape.ts';

const BASE = '/api/v1/municipality/manufacture/perYear';
const rows = rowsOf<Row<'manufacturing_shipments'>>('manufacturing_shipments');
const { regions } = sampleSources();

/** Per year, the region's shipments of one class (or every class, `-`), from the rows. */
function series(region: string, simc: string) {
  const all = new Map<number, number>();
  const mine = new Map<number, number>();
  for (const r of rows)
    if (inRegion(region, r.regionCode)) {
      all.set(r.year, (all.get(r.year) ?? 0) + r.shipments);
      if (simc === '-' || r.simcCode === simc) mine.set(r.year, (mine.get(r.year) ?? 0) + r.shipments);
    }
  return [...all.keys()].sort((a, b) => a - b).map((year) => ({ year, value: mine.get(year) ?? 0 }));
}

describe('municipality/manufacture/perYear', () => {
  it('answers the shipments of manufacturing and of a middle class, year by year, in the documented shape', () => {
    for (const [pref, city, simc] of [
      ['13', '-', '-'],
      ['13', '13111', '10'],
      ['1', '01100', '09'],
      ['1', '01202', '-'],
    ] as const) {
      const r = result(`${BASE}?prefCode=${pref}&cityCode=${city}&sicCode=E&simcCode=${simc}`);
      const region = requestedRegion(pref, city);
      expect(Object.keys(r)).toEqual(MUNICIPAL_KEYS);
      expect([r.prefCode, r.sicCode, r.simcCode]).toEqual([Number(pref), 'E', simc === '-' ? '' : simc]);
      expect(r.data, `${region} ${simc}`).toEqual(series(region, simc));
      expect(r.data.map((d: any) => d.year)).toEqual(Array.from({ length: 13 }, (_, i) => 2008 + i));
    }
  });

  it('gives 0 for a class the region lacks, null for a region without manufacturing, and 400 outside manufacturing', () => {
    const present = new Set(rows.map((r) => `${r.regionCode}|${r.simcCode}`));
    const cities = [...regions.citiesOf(1), ...regions.citiesOf(13)];
    const lacking = cities.find((c) => present.has(`${c.cityCode}|09`) && !present.has(`${c.cityCode}|17`))!;
    const r = result(`${BASE}?prefCode=${lacking.prefCode}&cityCode=${lacking.cityCode}&sicCode=E&simcCode=17`);
    expect(r.data.length).toBe(13);
    expect(r.data.every((d: any) => d.value === 0)).toBe(true);
    // The villages without data (the northern islands): no manufacturing.
    const without = cities.find((c) => c.bigCityFlag !== '2' && !rows.some((x) => x.regionCode === c.cityCode))!;
    expect(result(`${BASE}?prefCode=${without.prefCode}&cityCode=${without.cityCode}&sicCode=E&simcCode=-`)).toBeNull();
    expect(err(`${BASE}?prefCode=13&cityCode=-&sicCode=I&simcCode=-`).status).toBe(400);
    expect(err(`${BASE}?prefCode=13&cityCode=-&sicCode=E&simcCode=51`).status).toBe(400);
  });
});
