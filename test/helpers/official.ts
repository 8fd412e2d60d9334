// The official tables in ../shared as their publishers wrote them, read by the tests on their own (never
// through the importers the tests check), and a fixed draw of points from them.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../sources/csv.ts';
import { SHARED_DATA } from './paths.ts';

export const OFFICIAL = join(SHARED_DATA, 'official');
export const SSDSE = join(OFFICIAL, 'ssdse');

/** Records of a CSV file in ../shared, decoded as its publisher wrote it (a BOM dropped). */
export function publishedGrid(file: string, encoding: 'shift_jis' | 'utf-8'): string[][] {
  const out: string[][] = [];
  parseCsv(new TextDecoder(encoding).decode(readFileSync(file)).replace(/^\uFEFF/, ''), file, (c) => out.push(c));
  return out;
}

/**
 * A fixed draw (a linear congruential sequence from `seed`): the same points every run, so that a failure
 * names the same point again. Each call advances it and gives a whole number below `n`, from the high bits
 * (the low bits of such a sequence cycle: its state modulo 2 alternates).
 */
export function fixedDraw(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
}
