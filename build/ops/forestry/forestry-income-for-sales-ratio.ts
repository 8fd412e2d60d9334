import { forestryComposers } from '../../runtime/render/forestry.ts';
import { bandShareOperation } from './kit.ts';

export default bandShareOperation('forSalesRatio', 'sales', forestryComposers.salesRatio, {
  title: '林産物販売金額帯別の経営体割合',
  titleEn: 'Forestry entities by band of sales of forest products',
  description:
    "The share of a region's forestry management entities that sold forest products in each band of those sales (1 under 1 million yen … 5 100 million or more), in percent, per census of agriculture and forestry year, with a `legend` of the bands: for the region itself (`matter=1`), its prefecture (`2`) or the nation (`3`). `addArea` adds other regions' entities before the shares are computed. A region without such entities answers null. `prefCode=-&cityCode=-&matter=3`, as the 2018 Java client asks, answers the nation's shares with `prefCode`, `prefName`, `cityCode` and `cityName` empty.",
  examples: [
    { prefCode: '1', cityCode: '-', matter: '1' },
    { prefCode: '13', cityCode: '-', matter: '3', addArea: '1_' },
    { prefCode: '-', cityCode: '-', matter: '3' },
  ],
});
