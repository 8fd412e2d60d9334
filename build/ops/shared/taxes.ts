// What the three tax operations declare alike: the result of the municipality-only ones, their view,
// their enumeration and render (the facts are in build/facts/taxes.ts).

import { z } from 'zod';
import type { Sources } from '../../../sources/load.ts';
import type { BuildContext, RouteData } from '../operation.ts';
import { cityCodeText, count, nonEmpty, prefCodeNumber, year } from './result.ts';

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
