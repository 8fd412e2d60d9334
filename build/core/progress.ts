// Build progress: a live line on a terminal, one line per operation otherwise (CI logs, pipes).

export interface Progress {
  start(label: string, total: number): void;
  tick(done: number): void;
  end(summary: string): void;
}

export const silentProgress: Progress = { start() {}, tick() {}, end() {} };

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let label = '';
  let total = 0;
  let last = 0;
  let began = 0;
  const live = stream.isTTY === true;
  return {
    start(l, t) {
      label = l;
      total = t;
      last = 0;
      began = Date.now();
      if (live) stream.write(`\r\x1b[K${label} 0/${total}`);
    },
    tick(done) {
      const now = Date.now();
      if (!live || (now - last < 100 && done < total)) return;
      last = now;
      stream.write(`\r\x1b[K${label} ${done}/${total} (${Math.floor((100 * done) / Math.max(total, 1))}%)`);
    },
    end(summary) {
      stream.write(`${live ? '\r\x1b[K' : ''}${label} ${summary} (${((Date.now() - began) / 1000).toFixed(1)} s)\n`);
    },
  };
}
