import { fisheryUnitSalesOperation } from './unit-sales.ts';

export default fisheryUnitSalesOperation('managementUnitSales', 'sales', {
  title: '海面漁獲物等販売金額（経営体あたり）',
  titleEn: 'Marine catch sales per management entity',
  description:
    "The sales of catch per sea-catch management entity, in 万円 (ten thousand yen, rounded half away from zero), per fishery census year: the region's sales (million yen) over its entities, for the region itself (`matter=1`), its prefecture (`2`) or the nation (`3`). `addArea` adds other regions' sales and entities before dividing. A region without sea-catch entities answers null.",
  examples: [
    { prefCode: '13', cityCode: '-', matter: '3' },
    { prefCode: '1', cityCode: '-', matter: '1', addArea: '13_' },
  ],
});
