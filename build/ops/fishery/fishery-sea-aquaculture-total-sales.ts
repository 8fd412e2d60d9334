import { fisheryTotalOperation } from './totals.ts';

export default fisheryTotalOperation('aquacultureTotalSales', 'aquacultureSalesAmount', {
  title: '海面養殖販売金額（総額）',
  titleEn: 'Marine aquaculture sales',
  description:
    "The sales (販売金額) of a region's sea-aquaculture management entities per fishery census year, in 万円 (ten thousand yen): a municipality's, or a prefecture's (`cityCode` `-`) as the sum of its municipalities. `addArea` adds other regions' sales, year by year. A region without aquaculture entities answers null.",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '-', addArea: '1_' },
  ],
});
