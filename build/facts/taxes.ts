// Local taxes per resident (the three municipal tax operations): each column of local_taxes and the
// residents are summed up the region hierarchy before dividing, so a prefecture or designated city is
// its revenue over its residents, never a mean of its parts' figures.

import * as aq from 'arquero';
import type { Sources } from '../../sources/load.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSourcesAndKey } from './memo.ts';
import { byRegion, rollupRegions, type RolledRow, type Table } from './rollup.ts';

export type TaxColumn = 'taxes' | 'propertyTax' | 'corporateTax';
type TaxRow = RolledRow<'local_taxes', 'year', TaxColumn | 'residents'>;

/**
 * local_taxes rolled up for one column, by region code, in year order: over the rows that give it only (an
 * import of SSDSE-A leaves the parts empty), so a region whose parts are not all given has no figure.
 */
const rolled = perSourcesAndKey((sources: Sources, column: TaxColumn): Map<string, TaxRow[]> => {
  const t = sources.tables.local_taxes;
  if (!t) return new Map();
  const given = t.table.filter(aq.escape((r: { [k: string]: unknown }) => r[column] !== null));
  // Designated cities given whole (an import of SSDSE-A) count toward their prefecture.
  const parts = rollupRegions(given, sources.regions, ['year'], [column, 'residents'], 'year', { wholeCities: true });
  const whole = complete(sources, t.table, given);
  const rows = (parts.objects() as TaxRow[]).filter((r) => whole(r.region, r.year));
  return byRegion(rows.sort((a, b) => a.year - b.year));
});

/** Whether every row a region's figure adds up (for a year) gives the column: the counts of rows rolled up, all and given, agree. */
function complete(sources: Sources, all: Table, given: Table): (region: string, year: number) => boolean {
  const counted = (t: Table) => {
    const n = rollupRegions(t.derive({ n: () => 1 }), sources.regions, ['year'], ['n'], 'year', { wholeCities: true });
    return new Map(
      (n.objects() as { region: string; year: number; n: number }[]).map((r) => [`${r.region}|${r.year}`, r.n]),
    );
  };
  if (all.numRows() === given.numRows()) return () => true;
  const [a, g] = [counted(all), counted(given)];
  return (region, year) => a.get(`${region}|${year}`) === g.get(`${region}|${year}`);
}

/** Per region code, the yearly thousand yen per resident of one column, rounded to an integer; a year without residents has none. */
export const perResident = perSourcesAndKey((sources: Sources, column: TaxColumn) => {
  const out = new Map<string, { year: number; value: number }[]>();
  for (const [region, rows] of rolled(sources, column))
    out.set(
      region,
      rows.flatMap((r) => {
        const value = ratio(r[column] ?? 0, r.residents, 0); // never null: rows without it are left out above
        return value === null ? [] : [{ year: r.year, value }];
      }),
    );
  return out;
});
