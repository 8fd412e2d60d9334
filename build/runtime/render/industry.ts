// Overseas transactions rendered from amounts, shared by the build and by addArea composition.

import { composer } from '../composer.ts';

export interface TradeCounts {
  /** The main prefecture's header, kept as rendered. */
  head: { prefCode: string; prefName: string; sicCode: string; sicName: string };
  /** Amounts per year for the six world areas, in area order. */
  years: { year: number; values: number[] }[];
}

const valueKeys = (n: number) => Array.from({ length: n }, (_, i) => `value${i + 1}`);

/** sum_data holds one object: value1 is the 2009 total of the six areas, value2 2010's, and so on. */
export function renderTrade(c: TradeCounts) {
  return {
    ...c.head,
    sum_data: [Object.fromEntries(c.years.map((y, i) => [`value${i + 1}`, y.values.reduce((a, v) => a + v, 0)]))],
    data: c.years.map((y) => ({
      year: y.year,
      ...Object.fromEntries(valueKeys(y.values.length).map((k, i) => [k, y.values[i]])),
    })),
  };
}

export function tradeCounts(result: unknown): TradeCounts {
  const r = result as ReturnType<typeof renderTrade>;
  return {
    head: { prefCode: r.prefCode, prefName: r.prefName, sicCode: r.sicCode, sicName: r.sicName },
    years: r.data.map((d) => ({ year: d.year, values: valueKeys(6).map((k) => (d as Record<string, number>)[k]!) })),
  };
}

/** Sums the amounts of several prefectures under the first one's header, year by year. */
export function sumTrade(list: TradeCounts[]): TradeCounts {
  const [first] = list as [TradeCounts];
  return {
    head: first.head,
    years: first.years.map((y, i) => ({
      year: y.year,
      values: y.values.map((_, k) => list.reduce((a, c) => a + c.years[i]!.values[k]!, 0)),
    })),
  };
}

/** Overseas transactions of several prefectures: amounts summed, then rendered anew. */
export const tradeComposer = composer('trade', (results) => renderTrade(sumTrade(results.map(tradeCounts))));

/**
 * Lines of several prefectures side by side (industry/expense/forLine): the first one's header, and each
 * prefecture's line in the order of the request, as the original compared regions.
 */
export const linesComposer = composer('lines', (results) => {
  const [first] = results as { changes: unknown[] }[];
  return { ...first, changes: (results as { changes: unknown[] }[]).flatMap((r) => r.changes) };
});
