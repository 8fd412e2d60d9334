// The years of the census of agriculture and forestry (農林業センサス) that the agriculture crops charts
// show. Pure data at the bottom layer: the sample provider draws farm entities for these years.

export const AGRICULTURE_YEARS = [2005, 2010, 2015, 2020];

/**
 * The kinds of agricultural production-related business (農業生産関連事業) the census counts entities in,
 * coded 1–8 in the census's order. No client or documentation page gives the original's codes: these are
 * regstat's (docs/compatibility.md, "Choices").
 */
export const FARM_BUSINESSES = [
  '農産物の加工',
  '消費者に直接販売',
  '貸農園・体験農園等',
  '観光農園',
  '農家民宿',
  '農家レストラン',
  '海外への輸出',
  'その他',
];

/** The age classes of the farmer charts, coded 1–7 as the 2018 Java client's data codes them. */
export const FARMER_AGES = ['15～24歳', '25～34歳', '35～44歳', '45～54歳', '55～64歳', '65～74歳', '75歳以上'];
