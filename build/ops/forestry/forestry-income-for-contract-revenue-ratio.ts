import { forestryComposers } from '../../runtime/render/forestry.ts';
import { bandShareOperation } from './kit.ts';

export default bandShareOperation('forContractRevenueRatio', 'contract', forestryComposers.contractRatio, {
  title: '林作業請負収入金額帯別の経営体割合',
  titleEn: 'Forestry entities by band of revenue from contracted work',
  description:
    "The share of a region's forestry management entities that took contracted forestry work in each band of that revenue (1 under 1 million yen … 5 100 million or more), in percent, per census of agriculture and forestry year, with a `legend` of the bands: for the region itself (`matter=1`), its prefecture (`2`) or the nation (`3`). `addArea` adds other regions' entities before the shares are computed. A region without such entities answers null. `prefCode=-&cityCode=-&matter=3`, as the 2018 Java client asks, answers the nation's shares with `prefCode`, `prefName`, `cityCode` and `cityName` empty.",
  examples: [
    { prefCode: '1', cityCode: '-', matter: '2' },
    { prefCode: '1', cityCode: '-', matter: '1', addArea: '13_' },
    { prefCode: '-', cityCode: '-', matter: '3' },
  ],
});
