// Many checks, one expect. vitest's expect() costs about 9 µs a call (measured: 500,000 calls, 4.3 s), which
// made loops over every file of the sample dist slow: coverage's 970,000 calls alone took 8 s. A checklist
// keeps each failure with what was checked, so `expect(list.failures).toEqual([])` names them as the
// expects did; `checked` says how many checks were made.

/** How many failures a checklist keeps: enough to see a pattern, few enough to read. */
const KEPT = 50;

export class Checklist {
  readonly failures: string[] = [];
  checked = 0;

  /** `what` is a function where building the text would cost more than the check. */
  check(ok: boolean, what: string | (() => string)): void {
    this.checked++;
    if (!ok && this.failures.length < KEPT) this.failures.push(typeof what === 'string' ? what : what());
  }

  /** `actual === expected`, failing as `what: actual, expected expected`. */
  same(actual: unknown, expected: unknown, what: string | (() => string)): void {
    this.check(
      actual === expected,
      () =>
        `${typeof what === 'string' ? what : what()}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
    );
  }
}
