// The years of the census of agriculture and forestry (農林業センサス) that the agriculture crops charts
// show. Pure data at the bottom layer: the sample provider draws farm entities for these years.

export const AGRICULTURE_YEARS = [2005, 2010, 2015, 2020];
