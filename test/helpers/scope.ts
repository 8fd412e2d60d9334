// How much of the whole a check covers. The default run checks a deterministic part of the largest
// sets (the same items every run, so a failure names the same file again); `npm run test:full` sets
// REGSTAT_TEST_FULL=1 and checks every item.

export const FULL = process.env.REGSTAT_TEST_FULL === '1';

/** Every item under test:full; otherwise every `step`-th from a fixed offset, and the last. */
export function part<T>(items: readonly T[], step: number): T[] {
  if (FULL || step <= 1) return [...items];
  const out = items.filter((_, i) => i % step === step >> 1);
  if (items.length && out.at(-1) !== items.at(-1)) out.push(items.at(-1)!);
  return out;
}

/** "every file" or "every 20th file": what a test's name says it covered. */
export const covered = (step: number, what: string) => (FULL ? `every ${what}` : `every ${ordinal(step)} ${what}`);

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
