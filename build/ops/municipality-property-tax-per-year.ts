import { perResident } from '../facts/taxes.ts';
import { defineOperation } from './operation.ts';
import {
  municipalTaxResult,
  municipalityDomain,
  municipalityValues,
  renderMunicipalTax,
  TAX_VIEW,
} from './shared/taxes.ts';

export default defineOperation({
  title: '一人当たり固定資産税',
  family: 'industry',
  titleEn: 'Property tax per resident',
  view: {
    ...TAX_VIEW,
    columns: [TAX_VIEW.columns[0]!, { key: 'value', label: '一人当たり固定資産税 (千円) / thousand yen' }],
  },
  description:
    'Fixed-asset (property) tax revenue per resident of a municipality (`cityCode` alone, as the original took it), per fiscal year, in thousand yen rounded to an integer. A designated city is the sum of its wards.',
  examples: [{ cityCode: '13103' }, { cityCode: '01100' }],
  result: municipalTaxResult,
  route: {
    path: '/api/v1/municipality/propertyTax/perYear',
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
  prepare: (ctx) => perResident(ctx.sources, 'propertyTax'),
  enumerate: municipalityValues,
  render: (series, v, ctx) => renderMunicipalTax(series, v.cityCode, ctx.sources),
  routeData: municipalityDomain,
});
