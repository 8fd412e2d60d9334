// Local taxes per resident (the three municipal tax operations): each column of local_taxes and the
// residents are summed up the region hierarchy before dividing, so a prefecture or designated city is
// its revenue over its residents, never a mean of its parts' figures.

import type { Sources } from '../../sources/load.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSources, perSourcesAndKey } from './memo.ts';
import { byRegion, rollupRows, type RolledRow } from './rollup.ts';

export type TaxColumn = 'taxes' | 'propertyTax' | 'corporateTax';
type TaxRow = RolledRow<'local_taxes', 'year', TaxColumn | 'residents'>;

/** local_taxes rolled up, by region code, in year order. */
const rolled = perSources((sources: Sources): Map<string, TaxRow[]> => {
  const rows = rollupRows(
    sources,
    'local_taxes',
    ['year'],
    ['taxes', 'propertyTax', 'corporateTax', 'residents'],
    'year',
  );
  return byRegion(rows.sort((a, b) => a.year - b.year));
});

/** Per region code, the yearly thousand yen per resident of one column, rounded to an integer; a year without residents has none. */
export const perResident = perSourcesAndKey((sources: Sources, column: TaxColumn) => {
  const out = new Map<string, { year: number; value: number }[]>();
  for (const [region, rows] of rolled(sources))
    out.set(
      region,
      rows.flatMap((r) => {
        const value = ratio(r[column], r.residents, 0);
        return value === null ? [] : [{ year: r.year, value }];
      }),
    );
  return out;
});
