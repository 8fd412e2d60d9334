import { municipalTaxOperation } from './taxes.ts';

export default municipalTaxOperation({
  column: 'propertyTax',
  title: '一人当たり固定資産税',
  titleEn: 'Property tax per resident',
  meaning: 'Fixed-asset (property) tax revenue',
  examples: [{ cityCode: '13103' }, { cityCode: '01100' }],
  path: '/api/v1/municipality/propertyTax/perYear',
});
