// The shares of the tourism circle charts (airport/forCircle, correlation/forCircle): visitors summed by
// a key, largest first (ties in code order), each with its share of the whole in percent, 2 decimals.

import { percent } from '../../runtime/rounding.ts';

/** Sums visitors by a key, largest first (ties in code order), each with its share of `total` in percent; keys without visitors are left out. */
export function shares<K extends string>(rows: [K, number][], total: number): [K, number, number][] {
  const sums = new Map<K, number>();
  for (const [k, n] of rows) sums.set(k, (sums.get(k) ?? 0) + n);
  return [...sums]
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, n]) => [k, n, percent(n, total)!]);
}
