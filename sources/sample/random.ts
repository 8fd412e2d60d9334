// Seeded randomness. Every stream is keyed by the seed and by what it is for (a table and a region),
// so a value never depends on the order of generation or on which prefectures a build covers.

/** cyrb53: a fast 53-bit string hash, enough to spread seeds. */
function hash(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export interface Random {
  /** Uniform in [0, 1). */
  (): number;
  /** Standard normal. */
  normal(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
}

/** mulberry32 seeded from the key parts. */
export function random(...key: (string | number)[]): Random {
  let a = hash(key.join('\u0000')) >>> 0;
  const next = (() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Random;
  next.normal = () => {
    // Box–Muller; 1 - u keeps the logarithm finite.
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  next.between = (min, max) => min + (max - min) * next();
  return next;
}
