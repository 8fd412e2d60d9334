// What the tourism circle charts (airport/forCircle, correlation/forCircle) share: the year, period and
// prefecture they answer for, echoed as text, their view (two sides of bars), and their shares: visitors
// summed by a key, largest first (ties in code order), each with its share of the whole in percent, 2 decimals.

import type { Column, View } from '../../runtime/view.ts';
import { percent } from '../../runtime/rounding.ts';
import { prefCode } from '../operation.ts';
import { prefCodeText } from '../result.ts';
import { AIRPORT_PERIOD, AIRPORT_PERIOD_ECHOES } from './airports.ts';

/** The year, the period (halfPeriod) and the prefecture whose visitors a circle chart shows. */
export const CIRCLE_PARAMS = [...AIRPORT_PERIOD, prefCode()] as const;

/** A circle chart's echoes of its request, as text. */
export const circleEchoes = { ...AIRPORT_PERIOD_ECHOES, prefCode: prefCodeText };

/**
 * A circle chart's view: the rows of each side (its path, and its name in column `side`) as bars of visitors
 * per `x`, one of the columns that name them, a panel a side.
 */
export function circleView(sides: [path: string, side: string][], sideLabel: string, names: Column[], x: string): View {
  return {
    rows: sides.map(([path, side]) => ({ path, set: { side } })),
    columns: [
      { key: 'side', label: sideLabel },
      ...names,
      { key: 'value', label: '訪問者数 / visitors' },
      { key: 'rate', label: '割合 / share (%)' },
    ],
    chart: { kind: 'bar', x, y: 'value', facet: 'side', horizontal: true },
  };
}

/**
 * Sums visitors by a key (told apart by its `id`), largest first (ties in the ids' order), each with its
 * share of `total` in percent; keys without visitors are left out.
 */
export function shares<K>(rows: [K, number][], total: number, id: (key: K) => string = String): [K, number, number][] {
  const sums = new Map<string, [K, number]>();
  for (const [key, n] of rows) {
    const sum = sums.get(id(key));
    if (sum) sum[1] += n;
    else sums.set(id(key), [key, n]);
  }
  return [...sums]
    .filter(([, [, n]]) => n > 0)
    .sort(([a, [, x]], [b, [, y]]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([, [key, n]]) => [key, n, percent(n, total)!]);
}
