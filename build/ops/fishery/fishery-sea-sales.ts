import { fisheryShareOperation } from './kit.ts';

export default fisheryShareOperation('sales', '海面漁獲物等販売金額帯別の経営体割合', ['fishery_entities'], {
  titleEn: 'Marine fishery entities by sales band',
  description:
    "The share of a region's marine fishery management entities in each band of sales of catch, in percent, per fishery census `year`, with a `legend` of the bands: for the region itself (`matter=1`), its prefecture (`2`) or the nation (`3`). `addArea` adds other regions' entity counts before the shares are computed.",
  examples: [
    { prefCode: '1', cityCode: '-', matter: '1' },
    { prefCode: '1', cityCode: '-', matter: '2', addArea: '13_' },
  ],
});
