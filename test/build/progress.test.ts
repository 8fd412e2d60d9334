// Progress off a terminal (CI logs, pipes): a line per step, and with lineEveryMs a line that often
// while a long step runs, so that `npm run bundle` of a large dist does not print nothing for minutes.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { terminalProgress, whileSaying } from '../../build/core/progress.ts';

/** A stream that is not a terminal (or is one), keeping what is written. */
function pipe(isTTY = false) {
  const out: string[] = [];
  return { out, stream: { isTTY, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream };
}

afterEach(() => vi.useRealTimers());

describe('progress off a terminal', () => {
  it('prints one line per step, and nothing while it runs, by default', () => {
    vi.useFakeTimers({ now: 0 });
    const { out, stream } = pipe();
    const p = terminalProgress(stream);
    p.start('copying them into the pack', 3000);
    for (let i = 0; i < 3000; i += 1000) (vi.setSystemTime(i * 100), p.tick(i));
    p.end('3,000 files');
    expect(out).toEqual(['copying them into the pack 3,000 files (200.0 s)\n']);
  });

  it('with lineEveryMs, a line at most that often while a step runs, saying how far it is', () => {
    vi.useFakeTimers({ now: 0 });
    const { out, stream } = pipe();
    const p = terminalProgress(stream, 10_000);
    p.start('copying them into the pack', 4000);
    // A tick every 4 s: lines at 12 s (the first tick 10 s after the start) and 24 s (10 s after that).
    for (let i = 1; i < 8; i++) (vi.setSystemTime(i * 4000), p.tick(i * 500));
    p.end('4,000 files');
    expect(out).toEqual([
      'copying them into the pack 1500/4000 (37%)\n',
      'copying them into the pack 3000/4000 (75%)\n',
      'copying them into the pack 4,000 files (28.0 s)\n',
    ]);
  });
});

describe('a step of some seconds (import:estat, anchors)', () => {
  it('says what it does on a terminal until it ends, then erases it, failing or not; off a terminal says nothing', () => {
    const tty = pipe(true);
    expect(whileSaying('regstat: reading the tables in x', () => 42, tty.stream)).toBe(42);
    expect(tty.out).toEqual(['regstat: reading the tables in x…', '\r\x1b[K']);
    const failing = pipe(true);
    expect(() =>
      whileSaying(
        'regstat: reading',
        () => {
          throw new Error('x.csv:3:4: not a number');
        },
        failing.stream,
      ),
    ).toThrow('x.csv:3:4');
    // Erased before the error is printed: the error stays one line.
    expect(failing.out).toEqual(['regstat: reading…', '\r\x1b[K']);
    const piped = pipe();
    whileSaying('regstat: reading', () => 1, piped.stream);
    expect(piped.out).toEqual([]);
  });
});
