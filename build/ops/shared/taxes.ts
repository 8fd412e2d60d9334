// Local taxes per resident, shared by the three tax operations: each column of local_taxes and the
// residents are summed up the region hierarchy before dividing, so a prefecture or designated city is
// its revenue over its residents, never a mean of its parts' figures.

import { z } from 'zod';
import type { Sources } from '../../../sources/load.ts';
import { groupRows, rollupRegions } from '../../facts/rollup.ts';
import { ratio } from '../../runtime/rounding.ts';
import type { BuildContext, RouteData } from '../operation.ts';
import { cityCodeText, count, nonEmpty, prefCodeNumber, year } from './result.ts';

export type TaxColumn = 'taxes' | 'propertyTax' | 'corporateTax';
type Row = { region: string; year: number; residents: number } & Record<TaxColumn, number>;

const cache = new WeakMap<Sources, Map<string, Row[]>>();

function rolled(sources: Sources): Map<string, Row[]> {
  let out = cache.get(sources);
  if (!out) {
    const t = rollupRegions(
      sources.tables.local_taxes!.table,
      sources.regions,
      ['year'],
      ['taxes', 'propertyTax', 'corporateTax', 'residents'],
      'year',
    );
    cache.set(sources, (out = groupRows<Row>(t.orderby('region', 'year'), 'region')));
  }
  return out;
}

/** Per region code, the yearly thousand yen per resident of one column, rounded to an integer. */
export function perResident(sources: Sources, column: TaxColumn): Map<string, { year: number; value: number }[]> {
  const out = new Map<string, { year: number; value: number }[]>();
  for (const [region, rows] of rolled(sources)) {
    out.set(
      region,
      rows.filter((r) => r.residents > 0).map((r) => ({ year: r.year, value: ratio(r[column], r.residents, 0)! })),
    );
  }
  return out;
}

export const taxSeries = z.array(z.strictObject({ year, value: count }));

/** The result of the municipality-only tax operations (the original's sample: propertyTax/perYear). */
export const municipalTaxResult = z
  .strictObject({
    prefCode: prefCodeNumber,
    prefName: nonEmpty,
    cityCode: cityCodeText,
    cityName: nonEmpty,
    data: taxSeries,
  })
  .nullable();

/** Every municipality of the build, for operations that take cityCode alone. */
export const municipalityValues = (ctx: BuildContext) =>
  ctx.prefs.flatMap((p) => ctx.sources.regions.citiesOf(p).map((c) => ({ cityCode: c.cityCode })));
export const municipalityDomain = (ctx: BuildContext): RouteData => ({
  domains: { municipalities: municipalityValues(ctx).map((v) => v.cityCode) },
});

export const TAX_VIEW = {
  rows: [{ path: 'data[]' }],
  columns: [
    { key: 'year', label: '年度 / year' },
    { key: 'value', label: '千円 / thousand yen' },
  ],
  chart: { kind: 'line' as const, x: 'year', y: 'value', xType: 'year' as const },
};

/** The municipality-only render: its prefecture from the code's first two digits. */
export function renderMunicipalTax(
  series: Map<string, { year: number; value: number }[]>,
  cityCode: string,
  sources: Sources,
) {
  const data = series.get(cityCode);
  const city = sources.regions.city(cityCode)!;
  if (!data) return null;
  return {
    prefCode: city.prefCode,
    prefName: sources.regions.prefecture(city.prefCode)!.prefName,
    cityCode,
    cityName: city.cityName,
    data,
  };
}
