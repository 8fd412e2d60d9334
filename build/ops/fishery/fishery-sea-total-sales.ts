import { fisheryTotalOperation } from './totals.ts';

export default fisheryTotalOperation('totalSales', 'salesAmount', {
  title: '海面漁獲物等販売金額（総額）',
  titleEn: 'Marine catch sales',
  description:
    "The sales (販売金額) of a region's sea-catch management entities per fishery census year, in 万円 (ten thousand yen): a municipality's, or a prefecture's (`cityCode` `-`) as the sum of its municipalities. `addArea` adds other regions' sales, year by year. A region without sea-catch entities answers null.",
  examples: [
    { prefCode: '13', cityCode: '-' },
    { prefCode: '1', cityCode: '-', addArea: '13_' },
  ],
});
