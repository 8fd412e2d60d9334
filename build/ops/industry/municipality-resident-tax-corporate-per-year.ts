import { municipalTaxOperation } from './taxes.ts';

export default municipalTaxOperation({
  column: 'corporateTax',
  title: '一人当たり市町村民税法人分',
  titleEn: 'Corporate municipal tax per resident',
  meaning: 'The corporate part of the municipal resident tax (市町村民税法人分)',
  examples: [{ cityCode: '13101' }, { cityCode: '01202' }],
  path: '/api/v1/municipality/residentTaxCorporate/perYear',
});
