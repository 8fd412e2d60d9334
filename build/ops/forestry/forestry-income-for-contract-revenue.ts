import { forestryComposers } from '../../runtime/render/forestry.ts';
import { perEntityOperation } from './kit.ts';

export default perEntityOperation('forContractRevenue', 'contract', forestryComposers.contract, {
  title: '林作業請負収入（経営体あたり）',
  titleEn: 'Revenue from contracted forestry work per entity',
  description:
    "The revenue from contracted forestry work per forestry management entity that had any, in 万円 (ten thousand yen, rounded half away from zero), per census of agriculture and forestry year: the region's revenue over its entities. `addArea` adds other regions' revenue and entities before dividing. A region without such entities answers null.",
  examples: [
    { prefCode: '1', cityCode: '-' },
    { prefCode: '1', cityCode: '-', addArea: '13_' },
  ],
});
