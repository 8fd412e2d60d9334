// Error messages checked as a table: each case a request and the message it must answer with. Tests
// listed them as one expect statement each, three to five lines apiece.

import { expect } from 'vitest';
import { errorOf } from './dist.ts';

/** Each URL's error message (by `err`, the sample dist's resolver unless given), as `[url, message]` cases. */
export function expectMessages(
  cases: readonly (readonly [url: string, message: string])[],
  err: (url: string) => { message: string } = errorOf,
): void {
  for (const [url, message] of cases) expect(err(url).message, url).toBe(message);
}
