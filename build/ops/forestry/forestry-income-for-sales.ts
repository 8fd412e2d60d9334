import { forestryComposers } from '../../runtime/render/forestry.ts';
import { perEntityOperation } from './kit.ts';

export default perEntityOperation('forSales', 'sales', forestryComposers.sales, {
  title: '林産物販売金額（経営体あたり）',
  titleEn: 'Sales of forest products per entity',
  description:
    "The sales of forest products per forestry management entity that sold any, in 万円 (ten thousand yen, rounded half away from zero), per census of agriculture and forestry year: the region's sales over its entities. `addArea` adds other regions' sales and entities before dividing. A region without such entities answers null.",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '13', cityCode: '-', addArea: '1_' },
  ],
});
