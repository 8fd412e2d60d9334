// npm run bench -- --parts on-demand-memory: what `npm start` holds once every operation has been asked
// for every prefecture while the response cache is written beside it (issue 52: 5.3–5.5 GB in the server
// and 2.8 GB in its writer, 8.7–8.9 GB in all, and a kernel that killed it). The process tree's resident
// set is read from /proc every 250 ms: the server with its threads, and the writer, apart and together.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATIONS } from '../ops/index.ts';

const ROOT = join(import.meta.dirname, '../..');
const PREFS = Array.from({ length: 47 }, (_, i) => String(i + 1));

/** One request per operation and prefecture: its first example with the prefecture replaced (`-` cities). */
function everyOperationEveryPrefecture(): string[] {
  return OPERATIONS.flatMap((op) => {
    const example = Object.fromEntries(
      Object.entries(op.examples?.[0] ?? {}).filter(([, v]) => v !== undefined) as [string, string][],
    );
    const pref = op.route.params.find((p) => p.type === 'pref')?.name;
    const asked = pref && example[pref] !== undefined && example[pref] !== '-' ? PREFS : [undefined];
    return asked.map((code) => {
      const q = { ...example, ...(code && pref ? { [pref]: code } : {}) };
      if (code && q.cityCode && q.cityCode !== '-') q.cityCode = '-';
      return `${op.route.path}?${new URLSearchParams(q)}`;
    });
  });
}

const rssOf = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const children = (pid: number): number[] =>
  spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
const tree = (pid: number): number[] => [pid, ...children(pid).flatMap(tree)];
const isWriter = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pack-cache-writer');
  } catch {
    return false;
  }
};

export async function benchOnDemandMemory(): Promise<void> {
  console.log('\non demand, memory: every operation asked for every prefecture while the response cache is written');
  const cache = mkdtempSync(join(tmpdir(), 'regstat-bench-memory-'));
  const port = 39296;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), REGSTAT_CACHE: cache },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const { pid } = child;
  if (pid === undefined) throw new Error('npm start could not be spawned');
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const peak = { server: 0, writer: 0, tree: 0 };
  const sample = () => {
    let server = 0;
    let writer = 0;
    for (const p of tree(pid)) {
      if (isWriter(p)) writer += rssOf(p);
      else server += rssOf(p);
    }
    peak.server = Math.max(peak.server, server);
    peak.writer = Math.max(peak.writer, writer);
    peak.tree = Math.max(peak.tree, server + writer);
  };
  const sampler = setInterval(sample, 250);
  const base = `http://127.0.0.1:${port}`;
  const GB = (n: number) => `${(n / 1e9).toFixed(2)} GB`;
  try {
    while (!/ready in/.test(log)) await new Promise((ok) => setTimeout(ok, 100));
    const urls = everyOperationEveryPrefecture();
    const t0 = performance.now();
    const statuses = new Map<number, number>();
    for (const url of urls) {
      const res = await fetch(base + url);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    const asked = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
    console.log(`  asked ${urls.length} requests (${asked}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    console.log(
      `  peak RSS so far: server and threads ${GB(peak.server)}, writer ${GB(peak.writer)}, together ${GB(peak.tree)}`,
    );
    while (!/warm-up done|could not be written/.test(log)) await new Promise((ok) => setTimeout(ok, 500));
    console.log(`  ${/regstat: (warm-up done|the response cache could not).*/.exec(log)?.[0] ?? ''}`);
    for (const outgrew of log.match(/regstat: .* needs more than .*/g) ?? []) console.log(`  ${outgrew}`);
    console.log(
      `  peak RSS to the handover: server and threads ${GB(peak.server)}, writer ${GB(peak.writer)}, the process tree ${GB(peak.tree)} (goal < 3 GB)`,
    );
  } finally {
    clearInterval(sampler);
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // gone
    }
    rmSync(cache, { recursive: true, force: true });
  }
}
