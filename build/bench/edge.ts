// npm run bench -- --parts edge [--pack <file>]: the edge worker over one pack in workerd, as npm run
// edge runs it (the file in a simulated R2 bucket, then on nginx read by Range): Range reads and bytes
// per answer cold and warm, CPU per request, memory, and latency at 50 connections against node serve.mjs
// over the same pack. Figures, not assertions.

import { spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { packFetch } from '../adapters/pack-fetch.ts';
import { Pack } from '../pack/reader.ts';
import { fileSource } from '../pack/range-sources/file.ts';
import { startEdge, type RunningEdge } from '../cli/edge.ts';
import { offlineServerScript } from '../deploy/scripts.ts';
import { startFileNginx } from './pack-host.ts';
import { cpuSecondsOf, descendantsNamed, ensure, memoryOf, waitFor, wrkPaths, type WrkLatency } from './tools.ts';

// A full collection before each memory reading, so that it counts what is held, not what is garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const KB = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Requests in the path form for `count` API files spread evenly over the pack's directory. */
async function spreadRequests(file: string, count: number): Promise<string[]> {
  const pack = await Pack.open(fileSource(file));
  const all: string[] = [];
  for await (const p of pack.paths())
    if (p.startsWith('/api/v1/') && p.endsWith('/index.json') && p !== '/api/v1/index.json') all.push(p);
  await pack.close();
  const step = all.length / count;
  // A fixed shuffle, so that neighbours in the list are not neighbours in the pack.
  const picked = Array.from({ length: Math.min(count, all.length) }, (_, i) =>
    all[Math.floor(i * step)]!.slice(0, -'/index.json'.length),
  );
  return picked.map((_, i) => picked[(i * 7919) % picked.length]!);
}

interface Pass {
  reads: Map<number, number>;
  bytesPerRead: number[];
  bytesPerAnswer: number[];
  non200: number;
  cpuMs: number;
}

/** Asks each request once, one at a time, reading what each cost from its Server-Timing. */
async function pass(base: string, requests: string[], pid: number): Promise<Pass> {
  const out: Pass = { reads: new Map(), bytesPerRead: [], bytesPerAnswer: [], non200: 0, cpuMs: 0 };
  const cpu0 = cpuSecondsOf(pid);
  for (const r of requests) {
    const res = await fetch(base + r);
    await res.arrayBuffer();
    if (res.status !== 200) out.non200++;
    const m = /reads=(\d+) bytes=(\d+)/.exec(res.headers.get('server-timing') ?? '');
    const reads = Number(m?.[1] ?? 0);
    out.reads.set(reads, (out.reads.get(reads) ?? 0) + 1);
    out.bytesPerAnswer.push(Number(m?.[2] ?? 0));
    if (reads === 1) out.bytesPerRead.push(Number(m![2]));
  }
  out.cpuMs = ((cpuSecondsOf(pid) - cpu0) * 1000) / requests.length;
  return out;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const histogram = (m: Map<number, number>) =>
  [...m]
    .sort(([a], [b]) => a - b)
    .map(([reads, n]) => `${n} × ${reads} read${reads === 1 ? '' : 's'}`)
    .join(', ');
const latency = (w: WrkLatency) =>
  `${Math.round(w.rps).toString().padStart(6)} req/s, p50 ${w.p50ms.toFixed(2)} ms, p99 ${w.p99ms.toFixed(2)} ms${w.notOk ? `, ${w.notOk} not 2xx` : ''}${w.socket ? `, ${w.socket} timed out or failed` : ''}`;

/** The most asked request of the original API, in the path form: repeated, it measures an answer from cached blocks. */
/**
 * The one request asked again and again: the perYear of the pack's first prefecture, read from the pack,
 * as a fixed prefecture (it was Tokyo) is a 404 in a pack of other prefectures (--prefs 31), and the
 * "one request" figures then measured 404s.
 */
async function hotRequest(file: string): Promise<string> {
  const pack = await Pack.open(fileSource(file));
  try {
    const perYear = /^\/api\/v1\/population\/composition\/perYear\/prefCode\/\d+\/cityCode\/-\/index\.json$/;
    for await (const p of pack.paths()) if (perYear.test(p)) return p.slice(0, -'/index.json'.length);
  } finally {
    await pack.close();
  }
  throw new Error(`${file} has no population perYear of a prefecture to ask again and again`);
}
const hotName = (hot: string) => `perYear of prefecture ${/prefCode\/(\d+)/.exec(hot)![1]}`;

/**
 * The worker's isolate after a full collection, through V8's inspector: its JS heap and its ArrayBuffers
 * (decompressed blocks and leaves), which is what the 128 MB of an isolate on Cloudflare counts.
 */
async function isolateMemory(inspectorPort: number, base: string): Promise<{ heap: number; buffers: number } | null> {
  if (typeof WebSocket === 'undefined') return null; // Node 20 without --experimental-websocket (npm run bench sets it)
  const ws = new WebSocket(`ws://127.0.0.1:${inspectorPort}/core:user:`);
  await new Promise((ok, fail) => ((ws.onopen = ok), (ws.onerror = fail)));
  const replies = new Map<number, (result: any) => void>();
  ws.onmessage = (m) => {
    const x = JSON.parse(String(m.data));
    replies.get(x.id)?.(x.result);
  };
  let id = 0;
  // workerd's inspector answers once the isolate is entered after the message arrived: requests until it does.
  const call = async (method: string) => {
    let answered = false;
    const reply = new Promise<any>(
      (ok) => (replies.set(++id, (r) => ((answered = true), ok(r))), ws.send(JSON.stringify({ id, method }))),
    );
    for (let tries = 0; !answered; tries++) {
      if (tries === 50) throw new Error(`the inspector did not answer ${method}`);
      await (await fetch(`${base}/api/v1/prefectures`)).arrayBuffer();
      await new Promise((ok) => setTimeout(ok, 100));
    }
    return reply;
  };
  try {
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return { heap: usage.usedSize, buffers: usage.backingStorageSize ?? NaN };
  } catch (e) {
    console.log(`    (isolate memory not read: ${(e as Error).message})`);
    return null;
  } finally {
    ws.close();
  }
}

async function measureEdge(
  label: string,
  pack: string,
  requests: string[],
  port: number,
  baseline: number,
  hot: string,
): Promise<RunningEdge> {
  const t0 = performance.now();
  const edge = await startEdge({ pack, port, answerCache: false, inspectorPort: port + 1000 });
  const pid = descendantsNamed(process.pid, 'workerd')[0]!;
  console.log(`  ${label}`);
  console.log(
    `    npm run edge to serving          ${((performance.now() - t0) / 1000).toFixed(1)} s (the pack checked, workerd started${edge.from === 'r2' ? ', the pack put in the bucket' : ''})`,
  );
  console.log(`    first answer, cold isolate        ${edge.firstAnswer.replace(/^pack;desc="|"$/g, '')}`);
  const first = await pass(edge.base, requests, pid);
  console.log(
    `    ${requests.length} spread requests, once      ${histogram(first.reads)}; ${KB(mean(first.bytesPerAnswer))} per answer; ${first.non200} not 200`,
  );
  console.log(
    `      CPU of workerd per request      ${first.cpuMs.toFixed(2)} ms (R2's simulator runs in the same process)`,
  );
  const again = await pass(edge.base, requests.slice().reverse(), pid);
  console.log(
    `    the same, again (leaves cached)   ${histogram(again.reads)}; a one-read answer fetched ${KB(mean(again.bytesPerRead))} on average`,
  );
  console.log(`      CPU of workerd per request      ${again.cpuMs.toFixed(2)} ms`);
  const repeated = await pass(edge.base, Array(requests.length).fill(hot), pid);
  console.log(
    `    ${hotName(hot).padEnd(32)} repeated ${histogram(repeated.reads)}; CPU of workerd per request ${repeated.cpuMs.toFixed(2)} ms`,
  );
  const isolate = await isolateMemory(port + 1000, edge.base);
  if (isolate)
    console.log(
      `    the isolate (V8 inspector)        ${MB(isolate.heap)} of JS heap and ${MB(isolate.buffers)} of ArrayBuffers after a collection, ${MB(isolate.heap + isolate.buffers)} in all (Cloudflare allows 128 MB)`,
    );
  const mem = memoryOf(pid);
  console.log(
    `    workerd memory                    ${MB(mem.rss)} resident, peak ${MB(mem.peak)}: ${MB(mem.rss - baseline)} more than a worker that does nothing (${MB(baseline)}); one isolate, the R2 simulator included`,
  );
  return edge;
}

/** CPU seconds of this process's main thread, where the worker's code runs (not V8's compiler and collector threads). */
const mainThreadCpu = () => cpuSecondsOf(process.pid, process.pid);

/** The worker's own code in this process over the same pack: CPU per request without workerd or R2 around it. */
async function handlerCpu(file: string, requests: string[], hot: string): Promise<void> {
  const open = () =>
    packFetch({
      open: () => Pack.open(fileSource(file), { inline: true, blockCacheBytes: 24 << 20, leafCacheBytes: 32 << 20 }),
    });
  const run = async (handle: ReturnType<typeof open>, list: string[]) => {
    const c0 = mainThreadCpu();
    for (const r of list) await (await handle(new Request(`http://edge.test${r}`))).arrayBuffer();
    return ((mainThreadCpu() - c0) * 1000) / list.length;
  };
  const used = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  // The first request of a new isolate, 20 times: the head decompressed, the route table parsed and compiled, a leaf, a block.
  let first = 0;
  for (let i = 0; i < 20; i++) first += (await run(open(), [requests[i]!])) / 20;
  const heap0 = used();
  const handle = open();
  const cold = await run(handle, requests);
  const warm = await run(handle, requests.slice().reverse());
  const cached = await run(handle, Array(requests.length).fill(hot));
  const heap = used();
  console.log(
    `  the worker's code alone, in Node over the same pack file (V8 as in workerd), CPU of the main thread per request:`,
  );
  console.log(
    `    first request of an isolate       ${first.toFixed(2)} ms (the head decompressed, the route table parsed and compiled, a leaf, a block)`,
  );
  console.log(
    `    reading a leaf and a block        ${cold.toFixed(2)} ms; with leaves cached ${warm.toFixed(2)} ms; from cached blocks ${cached.toFixed(2)} ms`,
  );
  console.log(
    `    memory it holds afterwards        ${MB(heap - heap0)} (JS heap and buffers after a collection; its caches are bounded at 24 MB of blocks and 32 MB of leaves)`,
  );
}

/** workerd's resident memory with a worker that does nothing, under the same miniflare settings: what the runtime costs by itself. */
async function workerdBaseline(): Promise<number> {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response("ok") }',
    r2Buckets: ['PACK'],
    cf: false,
    port: 39399,
  });
  try {
    await (await fetch((await mf.ready).origin)).text();
    return memoryOf(descendantsNamed(process.pid, 'workerd')[0]!).rss;
  } finally {
    await mf.dispose();
  }
}

export async function benchEdge(file: string, work: string, seconds: number): Promise<void> {
  console.log(`\nedge worker in workerd over ${file} (${MB(statSync(file).size)})`);
  const hot = await hotRequest(file);
  const requests = await spreadRequests(file, 2000);
  const load = await spreadRequests(file, 10000);
  const baseline = await workerdBaseline();
  const canWrk = ensure([{ cmd: 'wrk', pkg: 'wrk' }]);
  const underLoad = canWrk ? { load, seconds, work } : null;
  await edgeOverR2(file, requests, hot, baseline, underLoad);
  await handlerCpu(file, requests, hot);
  if (ensure([{ cmd: 'nginx', pkg: 'nginx' }])) await edgeOverNginx(file, work, requests, hot, baseline, underLoad);
  if (underLoad) await deployedBesideNode(file, hot, underLoad);
}

/** The spread requests at 50 connections, when wrk is at hand. */
interface UnderLoad {
  load: string[];
  seconds: number;
  work: string;
}

const spreadLine = (base: string, u: UnderLoad) =>
  `    wrk -c50, 10,000 spread requests  ${latency(wrkPaths(base, u.load, u.seconds, 50, u.work))}`;

/** The pack put in the simulated R2 bucket, answers not cached: reads, CPU and memory, then the isolate after load. */
async function edgeOverR2(
  file: string,
  requests: string[],
  hot: string,
  baseline: number,
  u: UnderLoad | null,
): Promise<void> {
  const label = 'pack in R2 (the file put in the simulated bucket), answers not cached';
  const edge = await measureEdge(label, file, requests, 39301, baseline, hot);
  try {
    if (!u) return;
    console.log(spreadLine(edge.base, u));
    const isolate = await isolateMemory(39301 + 1000, edge.base);
    if (isolate)
      console.log(
        `    the isolate after that load       ${MB(isolate.heap + isolate.buffers)} (${MB(isolate.heap)} heap, ${MB(isolate.buffers)} ArrayBuffers)`,
      );
  } finally {
    await edge.stop();
  }
}

/** The same worker reading the pack from nginx by Range, as a pack on any static host is read. */
async function edgeOverNginx(
  file: string,
  work: string,
  requests: string[],
  hot: string,
  baseline: number,
  u: UnderLoad | null,
): Promise<void> {
  const host = await startFileNginx(file, work, 39302);
  try {
    const label = `pack on nginx, read by Range (${host.url})`;
    const overUrl = await measureEdge(label, host.url, requests, 39303, baseline, hot);
    try {
      if (u) console.log(spreadLine(overUrl.base, u));
    } finally {
      await overUrl.stop();
    }
  } finally {
    host.stop();
  }
}

/** As deployed (answers kept in the Cache API) against node serve.mjs over the same pack. */
async function deployedBesideNode(file: string, hot: string, u: UnderLoad): Promise<void> {
  const deployed = await startEdge({ pack: file, port: 39304 });
  const script = join(u.work, 'serve.mjs');
  writeFileSync(script, offlineServerScript());
  const t0 = performance.now();
  const node = spawn(process.execPath, [script, '--data', file, '--port', '39305'], { env: {}, stdio: 'ignore' });
  try {
    await waitFor(`http://127.0.0.1:39305${hot}`);
    const firstMs = performance.now() - t0;
    console.log(
      `  node serve.mjs over the pack: first answer (${hotName(hot)}) ${(firstMs / 1000).toFixed(2)} s from the spawn; ${MB(memoryOf(node.pid!).rss)} resident`,
    );
    console.log(
      `  at 50 connections (wrk, ${u.seconds} s each, after a warm-up), answers kept as deployed (miniflare's Cache API is a local simulation)`,
    );
    for (const [name, base] of [
      ['edge worker (workerd, R2)', deployed.base],
      ['node serve.mjs', 'http://127.0.0.1:39305'],
    ] as const) {
      wrkPaths(base, u.load, 2, 50, u.work);
      console.log(`    ${name.padEnd(28)} one request     ${latency(wrkPaths(base, [hot], u.seconds, 50, u.work))}`);
      console.log(`    ${name.padEnd(28)} 10,000 spread   ${latency(wrkPaths(base, u.load, u.seconds, 50, u.work))}`);
    }
    const mem = memoryOf(node.pid!);
    console.log(`  node serve.mjs after that load: ${MB(mem.rss)} resident, peak ${MB(mem.peak)}`);
  } finally {
    node.kill();
    await deployed.stop();
  }
}
