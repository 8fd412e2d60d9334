import { fisheryShareOperation } from './kit.ts';

export default fisheryShareOperation('shipRatio', '海面漁獲物等出荷先別経営体数割合', ['fishery_destinations'], {
  titleEn: 'Marine fishery entities by shipping destination',
  description:
    "The share of a region's marine fishery management entities that ship their catch to each destination (fishery cooperative market, other wholesale market, retailers…), in percent, per fishery census `year`: for the region itself (`matter=1`), its prefecture (`2`) or the nation (`3`). Only the destinations counted that year are listed. `addArea` adds other regions' entity counts before the shares are computed.",
  examples: [
    { prefCode: '1', cityCode: '-', matter: '1' },
    { prefCode: '13', cityCode: '-', matter: '1', addArea: '1_' },
  ],
});
