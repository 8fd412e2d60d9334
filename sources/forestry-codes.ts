// The bands the forestry income charts count management entities in, as the 2018 Java client's enum
// codes them (1 to 5) and the census names them; the same bands serve sales of forest products and
// revenue from contracted forestry work. Pure data at the bottom layer: the sample provider draws
// entities in these bands and the build labels them.

export const FORESTRY_YEARS = [2005, 2010, 2015, 2020];
export const FORESTRY_BANDS = [
  '100万円未満',
  '100万円以上1,000万円未満',
  '1,000万円以上5,000万円未満',
  '5,000万円以上1億円未満',
  '1億円以上',
];
/** sales: 林産物販売金額; contract: 林作業請負収入 (the kinds of `forestry_entities` and `forestry_income`). */
export const FORESTRY_KINDS = ['sales', 'contract'] as const;
export type ForestryKind = (typeof FORESTRY_KINDS)[number];
