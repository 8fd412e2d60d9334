// Local taxes per resident (the three municipal tax operations): each column of local_taxes and the
// residents are summed up the region hierarchy before dividing, so a prefecture or designated city is
// its revenue over its residents, never a mean of its parts' figures.

import type { Sources } from '../../sources/load.ts';
import type { Row as TableRow } from '../../sources/tables.ts';
import { ratio } from '../runtime/rounding.ts';
import { perSources, perSourcesAndKey } from './memo.ts';
import { groupRows, rollupRegions } from './rollup.ts';
import { tableOf } from './table.ts';

export type TaxColumn = 'taxes' | 'propertyTax' | 'corporateTax';
type Row = { region: string } & Pick<TableRow<'local_taxes'>, 'year' | 'residents' | TaxColumn>;

const rolled = perSources((sources: Sources): Map<string, Row[]> => {
  const columns = ['taxes', 'propertyTax', 'corporateTax', 'residents'];
  const t = rollupRegions(tableOf(sources, 'local_taxes'), sources.regions, ['year'], columns, 'year');
  return groupRows<Row>(t.orderby('region', 'year'), 'region');
});

/** Per region code, the yearly thousand yen per resident of one column, rounded to an integer. */
export const perResident = perSourcesAndKey((sources: Sources, column: TaxColumn) => {
  const out = new Map<string, { year: number; value: number }[]>();
  for (const [region, rows] of rolled(sources)) {
    out.set(
      region,
      rows.filter((r) => r.residents > 0).map((r) => ({ year: r.year, value: ratio(r[column], r.residents, 0)! })),
    );
  }
  return out;
});
