// The origin under abuse, as issue 14 asks it measured: the hot path against a bare Node server sending
// the same bytes; plain latency with and without a concurrent composition load; a 60 s soak at 100
// connections of files, compositions, errors and unique URLs; the server's RSS against its cache budget.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { waitFor, wrk } from './tools.ts';

const SERVER = join(import.meta.dirname, 'origin-server.ts');
/**
 * What the process holds besides its caches: Node and the route table (about 80 MB at start) and the
 * garbage V8 has not collected yet (evicted entries and composition temporaries wait for a major GC).
 */
const MARGIN_MB = 256;
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

function startServer(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SERVER, ...args], { stdio: 'ignore' });
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** RSS sampled every 200 ms while `during` runs. */
async function watchRss<T>(
  pid: number,
  during: () => Promise<T> | T,
): Promise<{ value: T; start: number; peak: number; end: number }> {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 200);
  try {
    const value = await during();
    return { value, start, peak: Math.max(peak, rssOf(pid)), end: rssOf(pid) };
  } finally {
    clearInterval(timer);
  }
}

interface Mixed {
  rps: number;
  p99ms: number;
  statuses: Record<string, number>;
  socketErrors: number;
}

/** wrk with a Lua script drawing URLs from weighted lists; answers are counted by status. */
function wrkMixed(
  base: string,
  lists: { urls: string[]; weight: number; unique?: boolean }[],
  seconds: number,
  connections: number,
  work: string,
): Promise<Mixed> {
  const script = join(work, `mix-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(script, mixScript(lists));
  return new Promise((ok, fail) => {
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, base], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', () => {
      const mixed = mixedOf(out, err);
      if (!mixed) return fail(new Error(`wrk failed: ${err || out}`));
      ok(mixed);
    });
  });
}

/**
 * The Lua script: each request picks a list by weight and a URL from it; a unique list's URLs get an 8 KB
 * parameter of their own (the memo must not keep them); `{r}` becomes a random number; statuses are counted
 * per thread and written to stderr when wrk is done, since wrk itself does not report them.
 */
function mixScript(lists: { urls: string[]; weight: number; unique?: boolean }[]): string {
  const total = lists.reduce((a, l) => a + l.weight, 0);
  let acc = 0;
  return [
    'local lists = {}',
    ...lists.map((l, i) => `lists[${i + 1}] = { ${l.urls.map((u) => JSON.stringify(u)).join(', ')} }`),
    `local limits = { ${lists.map((l) => ((acc += l.weight), acc / total)).join(', ')} }`,
    `local unique = { ${lists.map((l) => (l.unique ? 'true' : 'false')).join(', ')} }`,
    'local pad = string.rep("x", 8000)',
    'local n = 0',
    'local threads = {}',
    'statuses = {}',
    'function setup(thread) thread:set("id", math.random(1000000000)); table.insert(threads, thread) end',
    'function request()',
    '  local r = math.random()',
    '  for i = 1, #limits do if r <= limits[i] then',
    '    local l = lists[i]',
    '    local u = l[math.random(#l)]',
    '    if unique[i] then n = n + 1; u = u .. "&ignored" .. id .. "_" .. n .. "=" .. pad end',
    '    u = u:gsub("{r}", function() return tostring(math.random(1, 999)) end)',
    '    return wrk.format("GET", u)',
    '  end end',
    'end',
    'function response(status) statuses[status] = (statuses[status] or 0) + 1 end',
    'function done()',
    '  local out = ""',
    '  for _, t in ipairs(threads) do for k, v in pairs(t:get("statuses")) do out = out .. k .. "=" .. v .. " " end end',
    '  io.stderr:write("STATUSES " .. out .. "\\n")',
    'end',
  ].join('\n');
}

/** wrk's figures from its output (and the script's status counts from its stderr); null when it measured nothing. */
function mixedOf(out: string, err: string): Mixed | null {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  if (!rps) return null;
  const statuses: Record<string, number> = {};
  for (const m of (/STATUSES (.*)/.exec(err)?.[1] ?? '').matchAll(/(\d+)=(\d+)/g))
    statuses[m[1]!] = (statuses[m[1]!] ?? 0) + Number(m[2]);
  const socketErrors = [...(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out) ?? [])]
    .slice(1)
    .reduce((a, x) => a + Number(x), 0);
  return {
    rps,
    p99ms: p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN,
    statuses,
    socketErrors,
  };
}

/** Plain file URLs in query form, drawn from every operation's files in dist. */
function plainUrls(dist: string, count: number): string[] {
  const files = fg.sync('api/v1/**/index.json', { cwd: dist }).sort();
  const step = Math.max(1, Math.floor(files.length / count));
  return files
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((f) => `/${f.slice(0, -'/index.json'.length)}`);
}

/** Compositions that are each new to the server ({r}: a random offset 1-999, drawn by wrk), so none is answered from the cache of composed answers. */
function compositionUrls(prefs: number[]): string[] {
  const urls: string[] = [];
  for (const p of prefs) {
    for (const q of prefs)
      if (p !== q) urls.push(`/api/v1/population/composition/perYear?prefCode=${p}&cityCode=-&addArea=${q}_&r={r}`);
    for (const [s1, s2] of [
      [1, 1],
      [1, 2],
      [2, 1],
      [6, 2],
    ]) {
      urls.push(`/api/v1/industry/patent/list?year=2020&mode=1&prefCode=${p}&sort1=${s1}&sort2=${s2}&offset={r}`);
      for (const tec of ['1_', '7_', '1_,7_3'])
        urls.push(
          `/api/v1/industry/patent/list?year=2020&mode=1&prefCode=${p}&sort1=${s1}&sort2=${s2}&offset={r}&addTec=${tec}`,
        );
    }
  }
  return urls;
}

const ERROR_URLS = [
  '/api/v1/population/composition/perYear',
  '/api/v1/cities?prefCode=99',
  '/api/v1/nothing/here',
  '/api/v1/population/composition/perYear?prefCode=13&addArea=zz',
  '/api/v1/x%22%7D',
];

export async function benchOrigin(
  dist: string,
  prefs: number[],
  work: string,
  seconds: number,
  cacheMB = 256,
  soakSeconds = 60,
): Promise<void> {
  const port = 39291;
  const base = `http://127.0.0.1:${port}`;
  const plain = plainUrls(dist, 30000);
  const composed = compositionUrls(prefs);
  console.log(`\norigin (Node server over ${dist}, cache budget ${cacheMB} MB; wrk -t1)`);
  await hotPath(dist, port, work, seconds, cacheMB);

  const server = startServer(['regstat', dist, String(port), String(cacheMB)]);
  try {
    await waitFor(base + HOT);
    const pid = server.pid!;
    const rss0 = rssOf(pid);
    await plainBesideCompositions(base, plain, composed, seconds, work);
    const soak = await soakAll(pid, base, plain, composed, soakSeconds, work);
    const flood = await uniqueFlood(pid, base, plain, seconds, work);
    const budget = cacheMB * 1048576;
    const peak = Math.max(soak.peak, flood.peak);
    const limit = budget + MARGIN_MB * 1048576;
    console.log(
      `  RSS: start ${mb(rss0)}, peak ${mb(peak)}, end ${mb(flood.end)}; budget ${cacheMB} MB + margin ${MARGIN_MB} MB = ${mb(limit)}: ${peak <= limit ? 'within' : 'OVER'}`,
    );
  } finally {
    server.kill();
  }
}

/** The file the hot path asks for, again and again. */
const HOT = '/api/v1/population/composition/perYear?prefCode=13&cityCode=-';

/** 1. The hot path against bare Node sending the same bytes and headers from memory, in alternation. */
async function hotPath(dist: string, port: number, work: string, seconds: number, cacheMB: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(['regstat', dist, String(port), String(cacheMB)]);
  await waitFor(base + HOT);
  // identity: fetch would decode a compressed body and leave its Content-Length
  const res = await fetch(base + HOT, { headers: { 'Accept-Encoding': 'identity' } });
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  for (const k of ['date', 'connection', 'keep-alive']) delete headers[k];
  writeFileSync(join(work, 'hot.json'), JSON.stringify(headers));
  writeFileSync(join(work, 'hot.body'), Buffer.from(await res.arrayBuffer()));
  const bare = startServer(['bare', String(port + 1), join(work, 'hot.json'), join(work, 'hot.body')]);
  await waitFor(`http://127.0.0.1:${port + 1}/`);
  const runs = { regstat: [] as number[], bare: [] as number[] };
  try {
    wrk(base + HOT, 3);
    wrk(`http://127.0.0.1:${port + 1}${HOT}`, 3);
    for (let i = 0; i < 3; i++) {
      runs.regstat.push(wrk(base + HOT, Math.max(5, seconds / 2)).rps);
      runs.bare.push(wrk(`http://127.0.0.1:${port + 1}${HOT}`, Math.max(5, seconds / 2)).rps);
    }
  } finally {
    server.kill();
    bare.kill();
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  const ratio = median(runs.regstat) / median(runs.bare);
  console.log(
    `  hot path, one cached file       regstat ${Math.round(median(runs.regstat))} req/s, bare node:http ${Math.round(median(runs.bare))} req/s: ${ratio.toFixed(2)}× (target ≥ 0.90×; median of 3 alternating runs of ${Math.max(5, seconds / 2)} s, -c50)`,
  );
}

/** A mix's answers counted by status, as `200: n, 404: m`. */
const statusList = (m: Mixed) =>
  Object.entries(m.statuses)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** 2. Plain latency alone, then beside a composition load (two wrk at once, 50 connections each). */
async function plainBesideCompositions(
  base: string,
  plain: string[],
  composed: string[],
  seconds: number,
  work: string,
): Promise<void> {
  for (const u of plain.slice(0, 200)) await fetch(base + u);
  const alone = await wrkMixed(base, [{ urls: plain.slice(0, 200), weight: 1 }], seconds, 50, work);
  const [beside, comp] = await Promise.all([
    wrkMixed(base, [{ urls: plain.slice(0, 200), weight: 1 }], seconds, 50, work),
    wrkMixed(base, [{ urls: composed, weight: 1 }], seconds, 50, work),
  ]);
  console.log(`  plain files alone (-c50)        ${Math.round(alone.rps)} req/s, p99 ${alone.p99ms.toFixed(2)} ms`);
  console.log(
    `  plain files beside compositions ${Math.round(beside.rps)} req/s, p99 ${beside.p99ms.toFixed(2)} ms (${((beside.rps / alone.rps) * 100).toFixed(0)}% of the throughput, p99 ${(beside.p99ms / alone.p99ms).toFixed(1)}×)`,
  );
  console.log(
    `  the compositions (-c50)         ${Math.round(comp.rps)} req/s, p99 ${comp.p99ms.toFixed(2)} ms (${statusList(comp)})`,
  );
}

/** 3. The soak: every kind of request at once, over more files than the cache holds. */
async function soakAll(
  pid: number,
  base: string,
  plain: string[],
  composed: string[],
  soakSeconds: number,
  work: string,
): Promise<{ peak: number }> {
  const soak = await watchRss(pid, () =>
    wrkMixed(
      base,
      [
        { urls: plain, weight: 70 },
        { urls: composed, weight: 15 },
        { urls: ERROR_URLS, weight: 10 },
        { urls: plain.slice(0, 50).map((u) => (u.includes('?') ? u : `${u}?x=1`)), weight: 5, unique: true },
      ],
      soakSeconds,
      100,
      work,
    ),
  );
  const m = soak.value;
  const fives = Object.entries(m.statuses)
    .filter(([k]) => k.startsWith('5'))
    .reduce((a, [, v]) => a + v, 0);
  console.log(`  soak ${soakSeconds} s, -c100 (70% files, 15% compositions, 10% errors, 5% unique 8 KB URLs)`);
  console.log(
    `    ${Math.round(m.rps)} req/s, p99 ${m.p99ms.toFixed(2)} ms; statuses ${statusList(m)}; socket errors ${m.socketErrors}; 5xx ${fives}`,
  );
  return soak;
}

/** 4. A flood of unique URLs alone: the memo must not grow past its share. */
async function uniqueFlood(
  pid: number,
  base: string,
  plain: string[],
  seconds: number,
  work: string,
): Promise<{ peak: number; end: number }> {
  const flood = await watchRss(pid, () =>
    wrkMixed(
      base,
      [{ urls: plain.slice(0, 50).map((u) => `${u}?x=1`), weight: 1, unique: true }],
      Math.max(10, seconds),
      100,
      work,
    ),
  );
  console.log(
    `  unique-URL flood (-c100, ${Math.max(10, seconds)} s, 8 KB ignored parameter each) ${Math.round(flood.value.rps)} req/s, p99 ${flood.value.p99ms.toFixed(2)} ms`,
  );
  return flood;
}
