// Overseas transactions rendered from amounts, shared by the build and by addArea composition.

import { composer, type Inputs } from '../composer.ts';

interface TradeCounts {
  /** The main prefecture's header, kept as rendered. */
  head: { prefCode: string; prefName: string; sicCode: string; sicName: string };
  /** Amounts per year for the six world areas, in area order. */
  years: { year: number; values: number[] }[];
}

const valueKeys = (n: number) => Array.from({ length: n }, (_, i) => `value${i + 1}`);
/** Numbers as value1 … valueN, the original's keys. */
const numbered = (values: number[]): Record<string, number> =>
  Object.fromEntries(values.map((v, i) => [`value${i + 1}`, v]));

/** sum_data holds one object: value1 is the 2009 total of the six areas, value2 2010's, and so on. */
export function renderTrade(c: TradeCounts) {
  return {
    ...c.head,
    sum_data: [numbered(c.years.map((y) => y.values.reduce((a, v) => a + v, 0)))],
    data: c.years.map((y): { year: number } & Record<string, number> => ({ year: y.year, ...numbered(y.values) })),
  };
}

type Trade = ReturnType<typeof renderTrade>;

/** The amounts of a rendered answer: value1 … value6 of each year, back in area order. */
function tradeCounts(r: Trade): TradeCounts {
  return {
    head: { prefCode: r.prefCode, prefName: r.prefName, sicCode: r.sicCode, sicName: r.sicName },
    years: r.data.map((d) => ({ year: d.year, values: valueKeys(6).map((k) => Number(d[k] ?? 0)) })),
  };
}

/** Sums the amounts of several prefectures under the first one's header, year by year. */
function sumTrade(list: Inputs<TradeCounts>): TradeCounts {
  const [first] = list;
  return {
    head: first.head,
    years: first.years.map((y, i) => ({
      year: y.year,
      values: y.values.map((_, k) => list.reduce((a, c) => a + (c.years[i]?.values[k] ?? 0), 0)),
    })),
  };
}

/** Overseas transactions of several prefectures: amounts summed, then rendered anew. */
export const tradeComposer = composer<Trade>('trade', ([first, ...rest]) =>
  renderTrade(sumTrade([tradeCounts(first), ...rest.map(tradeCounts)])),
);

/**
 * Lines of several prefectures side by side (industry/expense/forLine): the first one's header, and each
 * prefecture's line in the order of the request, as the original compared regions.
 */
export const linesComposer = composer<{ changes: unknown[] }>('lines', (results) => ({
  ...results[0],
  changes: results.flatMap((r) => r.changes),
}));
