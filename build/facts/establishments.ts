// Establishment counts (municipality/company, plant and employee perYear): one column of
// `establishments` each, added up the regions and over the industry selections.

import type { Sources } from '../../sources/load.ts';
import { prefRegion } from '../../sources/regions.ts';
import { industries } from './classifications.ts';
import { perSourcesAndKey } from './memo.ts';
import { rolledRegions } from './rollup.ts';
import { factsBySelection } from './selection.ts';
import { rowsOf, tableOf } from './table.ts';

export type EstablishmentColumn = 'companies' | 'plants' | 'employees';

/** The years in which the column is given anywhere (companies are not counted every year), in order. */
function yearsGiven(s: Sources, column: EstablishmentColumn): number[] {
  const years = rowsOf(s, 'establishments').flatMap((r) => (r[column] === null ? [] : [r.year]));
  return [...new Set(years)].sort((a, b) => a - b);
}

/**
 * The years in which the column is given anywhere and its facts by region and selection, municipalities of
 * the prefectures in `prefs` only.
 */
export const establishmentFacts = perSourcesAndKey((s: Sources, column: EstablishmentColumn, prefs: number[]) => {
  const all = tableOf(s, 'establishments');
  const given = column === 'companies' ? all.filter((d) => d.companies !== null) : all;
  return { years: yearsGiven(s, column), facts: factsBySelection(s, given, [column], prefs) };
});

/**
 * Regions with any row of establishments: those factsBySelection gives an entry (a row of a known middle
 * class makes its region and what that adds up to present; municipalities of the prefectures in scope),
 * found from the region codes alone, so that companies and employees need not add up a second column to
 * know them. Regions without any row answer null.
 */
export const regionsWithEstablishments = perSourcesAndKey((s: Sources, prefs: number[]): Set<string> => {
  const known = new Set(industries.middle(s).map((m) => m.simcCode));
  const rows = rowsOf(s, 'establishments').flatMap((r) => (known.has(r.simcCode) ? [r.regionCode] : []));
  const scope = new Set(prefs.map(prefRegion));
  return new Set([...rolledRegions(rows, s.regions)].filter((r) => r.length === 2 || scope.has(r.slice(0, 2))));
});
