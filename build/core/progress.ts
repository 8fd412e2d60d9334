// Build progress: a live line on a terminal, one line per operation otherwise (CI logs, pipes). Both
// say how far the whole build is and about how long it has left, from the files written so far.

export interface Progress {
  /** The number of files of the whole build, when known before the first operation starts. */
  plan?(total: number): void;
  start(label: string, total: number): void;
  tick(done: number): void;
  end(summary: string): void;
}

export const silentProgress: Progress = { start() {}, tick() {}, end() {} };

/**
 * `lineEveryMs`: off a terminal, also a line this often while a step runs (for steps of minutes, such as
 * the bundle's copy of a dist, which would otherwise print nothing until they end).
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr, lineEveryMs?: number): Progress {
  let label = '';
  let total = 0;
  let last = 0;
  let began = 0;
  let overallTotal = 0;
  let finished = 0;
  let overallBegan = 0;
  const live = stream.isTTY === true;
  const overall = (done: number) => {
    if (!overallTotal) return '';
    const n = finished + done;
    const elapsed = (Date.now() - overallBegan) / 1000;
    const left = n > 0 && elapsed > 1 ? ` · about ${duration((elapsed * (overallTotal - n)) / n)} left` : '';
    return ` · overall ${Math.floor((100 * n) / overallTotal)}% of ${overallTotal.toLocaleString('en')} files${left}`;
  };
  return {
    plan(t) {
      overallTotal = t;
      overallBegan = Date.now();
    },
    start(l, t) {
      label = l;
      total = t;
      last = 0;
      began = Date.now();
      if (live) stream.write(`\r\x1b[K${label} 0/${total}${overall(0)}`);
    },
    tick(done) {
      const now = Date.now();
      const every = live ? 100 : lineEveryMs;
      if (every === undefined || (now - Math.max(last, began) < every && done < total)) return;
      last = now;
      const line = `${label} ${done}/${total} (${Math.floor((100 * done) / Math.max(total, 1))}%)${overall(done)}`;
      stream.write(live ? `\r\x1b[K${line}` : `${line}\n`);
    },
    end(summary) {
      finished += total;
      stream.write(
        `${live ? '\r\x1b[K' : ''}${label} ${summary} (${((Date.now() - began) / 1000).toFixed(1)} s)${overall(0)}\n`,
      );
    },
  };
}

function duration(s: number): string {
  if (s < 60) return `${Math.ceil(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - 60 * m)} s`;
}

/**
 * Says on a terminal what a step of some seconds is doing, until it ends (then the line is erased, so an
 * error that ends the step is still one line); off a terminal nothing, as the step's report follows.
 */
export function whileSaying<T>(text: string, step: () => T, stream: NodeJS.WriteStream = process.stderr): T {
  if (stream.isTTY) stream.write(`${text}…`);
  try {
    return step();
  } finally {
    if (stream.isTTY) stream.write('\r\x1b[K');
  }
}
