// What the three tax operations declare alike: their series, view and, for the two that take cityCode
// alone, the whole declaration (the facts are in build/facts/taxes.ts).

import { z } from 'zod';
import type { Sources } from '../../../sources/load.ts';
import { perResident, type TaxColumn } from '../../facts/taxes.ts';
import type { Canonical } from '../../runtime/params.ts';
import { defineOperation, type BuildContext, type RouteData } from '../operation.ts';
import { cityCodeText, count, nonEmpty, prefCodeNumber, year } from '../result.ts';
import { lineOverYears } from './kit.ts';

export const taxSeries = z.array(z.strictObject({ year, value: count }));

/** The result of the municipality-only tax operations (the original's sample: propertyTax/perYear). */
const municipalTaxResult = z
  .strictObject({
    prefCode: prefCodeNumber,
    prefName: nonEmpty,
    cityCode: cityCodeText,
    cityName: nonEmpty,
    data: taxSeries,
  })
  .nullable();

/** Every municipality of the build, for operations that take cityCode alone. */
const municipalityValues = (ctx: BuildContext) =>
  ctx.prefs.flatMap((p) => ctx.sources.regions.citiesOf(p).map((c) => ({ cityCode: c.cityCode })));
const municipalityDomain = (ctx: BuildContext): RouteData => ({
  domains: { municipalities: municipalityValues(ctx).map((v) => v.cityCode) },
});

/** A tax per resident by fiscal year, a line labelled with the operation's title. */
export const taxView = (title: string) => lineOverYears(`${title} (千円) / thousand yen`, { year: '年度 / year' });

/** The municipality-only render: its prefecture from the code's first two digits. */
function renderMunicipalTax(
  series: Map<string, { year: number; value: number }[]>,
  cityCode: string,
  sources: Sources,
) {
  const data = series.get(cityCode);
  if (!data) return null;
  const city = sources.regions.city(cityCode);
  if (!city)
    throw new Error(`no municipality ${cityCode}: the route table lists only the municipalities of the sources`);
  return {
    prefCode: city.prefCode,
    prefName: sources.regions.prefName(city.prefCode),
    cityCode,
    cityName: city.cityName,
    data,
  };
}

/** A tax operation that takes cityCode alone, as the original's propertyTax and residentTaxCorporate did. */
export function municipalTaxOperation(o: {
  column: TaxColumn;
  path: string;
  title: string;
  titleEn: string;
  /** What is divided by the residents, as the description's first words. */
  meaning: string;
  examples: Canonical[];
}) {
  return defineOperation({
    title: o.title,
    family: 'industry',
    titleEn: o.titleEn,
    view: taxView(o.title),
    description: `${o.meaning} per resident of a municipality (\`cityCode\` alone, as the original took it), per fiscal year, in thousand yen rounded to an integer. A designated city is the sum of its wards.`,
    examples: o.examples,
    result: municipalTaxResult,
    route: {
      path: o.path,
      params: [
        {
          name: 'cityCode',
          type: 'code',
          domain: 'municipalities',
          required: true,
          doc: 'Municipality code (5 digits; see /api/v1/cities).',
        },
      ],
    },
    needs: ['local_taxes'],
    reads: { local_taxes: [o.column, 'residents'] },
    prepare: (ctx) => perResident(ctx.sources, o.column),
    render: (series, v, ctx) => renderMunicipalTax(series, v.cityCode, ctx.sources),
    routeData: municipalityDomain,
  });
}
