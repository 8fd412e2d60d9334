// Synthetic overseas transactions of companies by prefecture, 2009–2020: exports and imports of
// manufacturers and of other companies with six world areas. Manufacturing prefectures export most;
// China and the rest of Asia take the largest shares; 2009 and 2020 are slump years.

import { attraction, population2020 } from './profile.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

const TRADE_YEARS = Array.from({ length: 12 }, (_, i) => 2009 + i);
const AREA_SHARE = [0.3, 0.24, 0.06, 0.14, 0.19, 0.07];
const YEAR_FACTOR: Record<number, number> = {
  2009: 0.78,
  2010: 0.95,
  2011: 0.97,
  2012: 0.96,
  2013: 1.0,
  2014: 1.05,
  2015: 1.06,
  2016: 1.02,
  2017: 1.1,
  2018: 1.14,
  2019: 1.08,
  2020: 0.95,
};

function overseasTrade(seed: string) {
  const rows: { prefCode: string; year: number; flow: string; industry: string; area: number; amount: number }[] = [];
  for (let prefCode = 1; prefCode <= 47; prefCode++) {
    const rnd = random(seed, 'trade', prefCode);
    const industrial = Math.exp(0.6 * rnd.normal()) * (prefCode === 23 ? 3 : 1);
    const scale = (population2020(prefCode) / 1000) * 60; // million yen
    const mix = AREA_SHARE.map((s) => s * Math.exp(0.3 * rnd.normal()));
    for (const year of TRADE_YEARS) {
      for (const flow of ['export', 'import']) {
        for (const industry of ['manufacturing', 'nonmanufacturing']) {
          const base =
            scale *
            (industry === 'manufacturing' ? industrial : 0.4 + attraction(prefCode)) *
            (flow === 'export' ? 1 : 0.8) *
            YEAR_FACTOR[year]!;
          mix.forEach((share, i) =>
            rows.push({
              prefCode: String(prefCode).padStart(2, '0'),
              year,
              flow,
              industry,
              area: i + 1,
              amount: Math.round(base * share * Math.exp(0.08 * rnd.normal())),
            }),
          );
        }
      }
    }
  }
  return rows;
}

export const SAMPLE = {
  overseas_trade: (d) => csvOf('overseas_trade', overseasTrade(d.seed)),
} satisfies SampleTables;
