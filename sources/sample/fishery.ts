// Synthetic fishery census facts (2008, 2013, 2018): management entities of coastal municipalities by
// sales band, for sea catch and for sea aquaculture, and catch entities by main shipping destination,
// with their sales (in total and by destination).
// Landlocked prefectures and inland municipalities have none; entities decline census by census.

import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, labelled, shared, type SampleTables } from './shared.ts';

const FISHERY_YEARS = [2008, 2013, 2018];
const SALES_BANDS = [
  '100万円未満',
  '100万円以上1000万円未満',
  '1000万円以上5000万円未満',
  '5000万円以上1億円未満',
  '1億円以上',
];
const DESTINATIONS = [
  '漁協の市場又は荷さばき所',
  '漁協以外の卸売市場',
  '流通業者・加工業者',
  '小売業者',
  '生協',
  '直売所',
  '自家販売',
  '小売業者・生協',
  '外食産業',
  '消費者に直接販売',
  'その他',
];
/** The destination codes each census asked about: the 2013 census merged and split some. */
const DESTINATIONS_BY_YEAR: Record<number, number[]> = {
  2008: [1, 2, 3, 4, 5, 6, 7, 11],
  2013: [1, 2, 3, 8, 9, 10, 11],
  2018: [1, 2, 3, 8, 9, 10, 11],
};
const DESTINATION_SHARE: Record<number, number> = {
  1: 0.7,
  2: 0.08,
  3: 0.08,
  4: 0.03,
  5: 0.01,
  6: 0.03,
  7: 0.05,
  8: 0.04,
  9: 0.01,
  10: 0.05,
  11: 0.02,
};
const LANDLOCKED = new Set([9, 10, 11, 19, 20, 21, 25, 29]);
const BAND_SHARE = { catch: [0.45, 0.35, 0.15, 0.03, 0.02], aquaculture: [0.1, 0.35, 0.35, 0.12, 0.08] };

function fisheryEntities(seed: string, leaves: LeafPopulation[]) {
  const entities: {
    regionCode: string;
    year: number;
    activity: 'catch' | 'aquaculture';
    band: number;
    entities: number;
  }[] = [];
  const destinations: { regionCode: string; year: number; destination: number; entities: number }[] = [];
  for (const leaf of leaves) {
    if (LANDLOCKED.has(leaf.city.prefCode)) continue;
    const rnd = random(seed, 'fishery', leaf.city.cityCode);
    if (rnd() > 0.2 + 0.4 * (1 - leaf.urban)) continue; // inland
    const size = Math.exp(4 + 1.1 * rnd.normal());
    const farms = rnd() < 0.55;
    const mix = {
      catch: BAND_SHARE.catch.map((s) => s * Math.exp(0.3 * rnd.normal())),
      aquaculture: BAND_SHARE.aquaculture.map((s) => s * Math.exp(0.3 * rnd.normal())),
    };
    FISHERY_YEARS.forEach((year, t) => {
      const decline = Math.pow(0.87, t);
      for (const activity of farms ? (['catch', 'aquaculture'] as const) : (['catch'] as const)) {
        const scale = size * decline * (activity === 'catch' ? 1 : 0.35);
        const total = mix[activity].reduce((a, s) => a + s, 0);
        mix[activity].forEach((s, b) =>
          entities.push({
            regionCode: leaf.city.cityCode,
            year,
            activity,
            band: b + 1,
            entities: Math.round((scale * s) / total),
          }),
        );
      }
      for (const d of DESTINATIONS_BY_YEAR[year]!) {
        destinations.push({
          regionCode: leaf.city.cityCode,
          year,
          destination: d,
          entities: Math.round(size * decline * DESTINATION_SHARE[d]! * Math.exp(0.4 * rnd.normal())),
        });
      }
    });
  }
  const sales = fisherySales(seed, entities);
  return { entities, destinations, sales, destinationSales: destinationSales(seed, sales, destinations) };
}

/**
 * Each municipality's sea-catch sales split over its shipping destinations, in proportion to the entities
 * shipping there, drawn around it: the parts add up to the sales of `fishery_sales` exactly (the largest
 * part takes the rounding).
 */
function destinationSales(
  seed: string,
  sales: { regionCode: string; year: number; activity: string; sales: number }[],
  destinations: { regionCode: string; year: number; destination: number; entities: number }[],
) {
  const byKey = new Map<string, { destination: number; entities: number }[]>();
  for (const d of destinations) {
    const key = `${d.regionCode}|${d.year}`;
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(d);
  }
  const out: { regionCode: string; year: number; destination: number; sales: number }[] = [];
  for (const s of sales) {
    if (s.activity !== 'catch') continue;
    const ds = byKey.get(`${s.regionCode}|${s.year}`) ?? [];
    const rnd = random(seed, 'fishery-destination-sales', s.regionCode, s.year);
    if (!ds.length) continue;
    let weights = ds.map((d) => d.entities * Math.exp(0.3 * rnd.normal()));
    // Too few entities to round to any destination: the sales go to the cooperative's market, code 1.
    if (weights.every((w) => w === 0)) weights = ds.map((d) => (d.destination === 1 ? 1 : 0));
    const total = weights.reduce((a, w) => a + w, 0);
    const parts = weights.map((w) => Math.floor((s.sales * w) / total));
    const largest = weights.indexOf(Math.max(...weights));
    parts[largest]! += s.sales - parts.reduce((a, p) => a + p, 0);
    ds.forEach((d, i) =>
      out.push({ regionCode: s.regionCode, year: s.year, destination: d.destination, sales: parts[i]! }),
    );
  }
  return out;
}

/** Typical sales of an entity in each band, million yen (the band's middle; the open top band about 2.2 times its floor). */
const BAND_SALES = [0.5, 4, 22, 70, 220];

/** Sales of each municipality, year and activity: its entities of each band at a typical amount, drawn around it. */
function fisherySales(
  seed: string,
  entities: { regionCode: string; year: number; activity: string; band: number; entities: number }[],
) {
  const sums = new Map<string, { regionCode: string; year: number; activity: string; sales: number }>();
  for (const e of entities) {
    const key = `${e.regionCode}|${e.year}|${e.activity}`;
    const rnd = random(seed, 'fishery-sales', key, e.band);
    const row =
      sums.get(key) ??
      sums.set(key, { regionCode: e.regionCode, year: e.year, activity: e.activity, sales: 0 }).get(key)!;
    row.sales += e.entities * BAND_SALES[e.band - 1]! * Math.exp(0.15 * rnd.normal());
  }
  return [...sums.values()].map((r) => ({ ...r, sales: Math.round(r.sales) }));
}

const fisheryOf = shared((d) => fisheryEntities(d.seed, leavesOf(d)));

export const SAMPLE = {
  fishery_classes: () =>
    csvOf('fishery_classes', [...labelled('band', SALES_BANDS), ...labelled('destination', DESTINATIONS)]),
  fishery_entities: (d) => csvOf('fishery_entities', fisheryOf(d).entities),
  fishery_destinations: (d) => csvOf('fishery_destinations', fisheryOf(d).destinations),
  fishery_sales: (d) => csvOf('fishery_sales', fisheryOf(d).sales),
  fishery_destination_sales: (d) => csvOf('fishery_destination_sales', fisheryOf(d).destinationSales),
} satisfies SampleTables;
