// Ratios are rounded from the integer counts, not from a floating-point quotient, so a value such as
// 12.345 that floats store as 12.34499… still rounds the way the original's decimal arithmetic did.
// Halves round away from zero. Division by zero gives null: the response says "no value" rather than
// inventing one.

/** n / d × 100, rounded half away from zero to `decimals` places. */
export function percent(n: number, d: number, decimals = 2): number | null {
  return ratio(n * 100, d, decimals);
}

/** n / d rounded half away from zero to `decimals` places. n and d must be integers. */
export function ratio(n: number, d: number, decimals: number): number | null {
  if (d === 0) return null;
  const scale = 10 ** decimals;
  const num = Math.abs(n) * scale;
  const den = Math.abs(d);
  // Exact while 2·num stays below 2^53: counts of people or yen in the trillions times 10^4 fit.
  const q = Math.floor((2 * num + den) / (2 * den));
  const sign = n < 0 !== d < 0 && q !== 0 ? -1 : 1;
  return (sign * q) / scale;
}

/** floor(n / d × 100): the original reports the age-group shares of the pyramid this way. */
export function floorPercent(n: number, d: number): number | null {
  if (d === 0) return null;
  return Math.floor((n * 100) / d);
}

/** Percent change from `before` to `now`, 2 decimals. */
export function growth(now: number, before: number): number | null {
  return percent(now - before, before);
}

/** (a·b) / (c·d) rounded half away from zero, exactly: the products of large counts need BigInt. */
export function ratioOfProducts(a: number, b: number, c: number, d: number, decimals: number): number | null {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c) * BigInt(d);
  if (den === 0n) return null;
  const negative = num < 0n !== den < 0n && num !== 0n;
  const n = (num < 0n ? -num : num) * 10n ** BigInt(decimals);
  const m = den < 0n ? -den : den;
  const q = (2n * n + m) / (2n * m);
  return ((negative ? -1 : 1) * Number(q)) / 10 ** decimals;
}
