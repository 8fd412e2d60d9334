// Integer tables that add up exactly to given margins: how the sample draws synthetic detail (regions ×
// sex-and-age cells) under official totals without a single person gained or lost at any level.

/** Splits `n` into integer parts proportional to `weights` that add up to n exactly (largest remainder, ties to the first). */
export function apportion(n: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0)
    return apportion(
      n,
      weights.map(() => 1),
    );
  const raw = weights.map((w) => (n * w) / sum);
  const out = raw.map(Math.floor);
  let left = n - out.reduce((a, v) => a + v, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k]![1]]! += 1;
  return out;
}

/**
 * Iterative proportional fitting: scales `seed` (rows × columns, non-negative) until its row sums are
 * `rows` and its column sums `cols` (which must have the same total). The seed's pattern (a region's
 * tilt towards the young or the old) survives; the margins are the official ones.
 */
function fitMargins(seed: number[][], rows: number[], cols: number[], iterations = 60): number[][] {
  const m = seed.map((r) => r.map((v) => Math.max(v, 1e-9)));
  for (let it = 0; it < iterations; it++) {
    m.forEach((r, i) => {
      const s = r.reduce((a, v) => a + v, 0);
      // A row with nothing (a municipality the census found empty: 双葉町 2020) stays empty.
      const f = s > 0 ? rows[i]! / s : 0;
      for (let j = 0; j < r.length; j++) r[j]! *= f;
    });
    for (let j = 0; j < cols.length; j++) {
      let s = 0;
      for (const r of m) s += r[j]!;
      const f = s > 0 ? cols[j]! / s : 0;
      for (const r of m) r[j]! *= f;
    }
  }
  return m;
}

/**
 * Rounds a fitted table to integers whose row and column sums are exactly `rows` and `cols`: each column
 * by largest remainder, then single persons moved within a column from rows above their total to rows
 * below it, where rounding had pushed the cells furthest apart.
 */
function roundToMargins(real: number[][], rows: number[], cols: number[]): number[][] {
  const n = rows.length;
  const x = real.map((r) => r.map(() => 0));
  for (let j = 0; j < cols.length; j++) {
    const part = apportion(
      cols[j]!,
      real.map((r) => r[j]!),
    );
    for (let i = 0; i < n; i++) x[i]![j] = part[i]!;
  }
  const excess = x.map((r, i) => r.reduce((a, v) => a + v, 0) - rows[i]!);
  for (;;) {
    let over = -1;
    let under = -1;
    for (let i = 0; i < n; i++) {
      if (excess[i]! > 0 && (over < 0 || excess[i]! > excess[over]!)) over = i;
      if (excess[i]! < 0 && (under < 0 || excess[i]! < excess[under]!)) under = i;
    }
    if (over < 0 || under < 0) break;
    let best = -1;
    let score = -Infinity;
    for (let j = 0; j < cols.length; j++) {
      if (x[over]![j]! <= 0) continue;
      const s = x[over]![j]! - real[over]![j]! - (x[under]![j]! - real[under]![j]!);
      if (s > score) [best, score] = [j, s];
    }
    if (best < 0) throw new Error('roundToMargins: margins cannot be met (a row has nothing to give)');
    x[over]![best]!--;
    x[under]![best]!++;
    excess[over]!--;
    excess[under]!++;
  }
  return x;
}

/** Both steps: an integer table with exactly these margins, shaped like `seed`. */
export function fitIntegers(seed: number[][], rows: number[], cols: number[]): number[][] {
  return roundToMargins(fitMargins(seed, rows, cols), rows, cols);
}
