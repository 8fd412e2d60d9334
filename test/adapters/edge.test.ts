// The edge worker in workerd when its pack is bad: a corrupted, truncated or foreign pack, a URL that is
// unreachable or whose host ignores Range each give the operator one clear error at start, and every
// request a 503 with the API's error body once the pack goes bad under a running worker, never a wrong
// answer; the worker recovers by itself when the pack is good again. (Its answers, byte for byte like
// the Node server's, are in conformance.test.ts.) Its validators are the Node server's, and its port
// opens only once the pack answers there; /healthz reads a file through the pack.

import '../helpers/sample-ready.ts';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineServer, openBundlePack } from '../../build/adapters/offline-server.ts';
import { Pack } from '../../build/pack/reader.ts';
import { fileSource } from '../../build/pack/range-sources/file.ts';
import { startEdge, type RunningEdge } from '../../build/cli/edge.ts';
import { build } from '../../build/core/build.ts';
import { PackEffects } from '../../build/pack/writer.ts';
import { operationsOf } from '../../build/ops/index.ts';
import {
  decodeHead,
  decodeHeader,
  HEAD_SPACE,
  HEADER_BYTES,
  leafEntries,
  unframe,
  type PackHeader,
} from '../../build/pack/format.ts';
import { close, listen } from '../helpers/http.ts';
import { ROOT } from '../helpers/paths.ts';
import { freePort, hasNginx, NGINX_SKIP, startFileNginx, type Running } from '../helpers/servers.ts';
import { sampleSources } from '../helpers/sample.ts';
import { PackError } from '../../build/user-error.ts';

const work = mkdtempSync(join(tmpdir(), 'regstat-edge-test-'));
const good = join(work, 'good.pack');
let header: PackHeader;
let bytes: Buffer;
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(() => {
  // A small real build: one prefecture's fishery operations and the masters, in blocks of about one
  // answer each, so that a request not asked before must read the pack.
  const effects = new PackEffects(good, { blockBytes: 1024 });
  build({ sources: sampleSources(), prefs: [31], operations: operationsOf(['fishery']) }, effects);
  header = effects.header!;
  bytes = readFileSync(good);
}, 120_000);

function damaged(name: string, change: (b: Buffer) => Buffer): string {
  const file = join(work, name);
  writeFileSync(file, change(Buffer.from(bytes)));
  return file;
}

/** Each file of the pack by its path, with the offset of the block that holds its body. */
function blocksOfFiles(): Map<string, number> {
  const head = unframe(bytes.subarray(HEADER_BYTES, HEADER_BYTES + header.headLength))!;
  const root = decodeHead(brotliDecompressSync(head.packed), header.leavesAt);
  const blocks = new Map<string, number>();
  root.firstKeys.forEach((_, n) => {
    const leaf = brotliDecompressSync(
      unframe(bytes.subarray(root.leafAt[n]!, root.leafAt[n]! + root.leafLength[n]!))!.packed,
    );
    for (const [key, place] of leafEntries(leaf)) blocks.set(Buffer.from(key).toString(), place[0]);
  });
  return blocks;
}

/** Each API file of the pack as a request in the path form, with the offset of the block that holds its body. */
function blocksOfRequests(): Map<string, number> {
  const blocks = new Map<string, number>();
  for (const [path, at] of blocksOfFiles())
    if (path.startsWith('/api/v1/') && path.endsWith('/index.json'))
      blocks.set(path.slice(0, -'/index.json'.length), at);
  return blocks;
}

/** The same files in a pack laid out otherwise (another block size): another digest, another ETag. */
async function relaid(out: string): Promise<string> {
  const pack = await Pack.open(fileSource(good));
  const effects = new PackEffects(out, { blockBytes: 2048 });
  for await (const path of pack.paths()) effects.write(path, (await pack.get(path))!);
  effects.commit();
  await pack.close();
  return effects.header!.digest;
}

const ADVICE = /Upload the pack again|Write it again|Check the URL|Give the path of a pack/;

describe('at start, one clear error', () => {
  it.each([
    [
      'a pack with a damaged head',
      () => damaged('head.pack', (b) => ((b[HEADER_BYTES + 30]! ^= 1), b)),
      /its head fails its check \(it is damaged\)/,
    ],
    ['a truncated pack', () => damaged('short.pack', (b) => b.subarray(0, b.length - 100)), /it is truncated/],
    [
      'a file that is not a pack',
      () => damaged('json.pack', () => Buffer.from('{"message":null,"result":[]}')),
      /does not start with the regstat pack header/,
    ],
    ['a missing file', () => join(work, 'none.pack'), /it does not exist/],
  ])('%s', async (_, file, problem) => {
    const e = await startEdge({ pack: file(), port: await freePort() }).catch((x) => x);
    expect(e).toBeInstanceOf(PackError);
    expect(e.message).toMatch(problem);
    expect(e.message).toMatch(ADVICE);
  });

  it('an unreachable URL', async () => {
    const port = await freePort();
    await expect(startEdge({ pack: `http://127.0.0.1:${port}/regstat.pack`, port: await freePort() })).rejects.toThrow(
      `http://127.0.0.1:${port}/regstat.pack is not a usable regstat pack: it cannot be reached`,
    );
  });

  it('a URL whose host ignores Range (and answers the whole file) is refused without reading it all', async () => {
    let sent = 0;
    const server = createServer((_, res) => {
      res.writeHead(200, { 'Content-Length': String(bytes.length) });
      // Written in pieces: the reader must give up after the first, not download the whole pack.
      const write = (at: number): void => {
        if (at >= bytes.length || res.destroyed) return void res.end();
        sent += 16384;
        res.write(bytes.subarray(at, at + 16384), () => setTimeout(() => write(at + 16384), 5));
      };
      write(0);
    });
    const base = await listen(server);
    try {
      await expect(startEdge({ pack: `${base}/regstat.pack?token=secret`, port: await freePort() })).rejects.toThrow(
        `${base}/regstat.pack is not a usable regstat pack: its host ignored the Range header (it answered 200 with the whole file). Serve the pack from a host that honours Range requests`,
      );
      expect(sent).toBeLessThan(bytes.length);
    } finally {
      await close(server);
    }
  });

  it('a URL that answers 404', async () => {
    const server = createServer((_, res) => res.writeHead(404).end('no'));
    const base = await listen(server);
    try {
      await expect(startEdge({ pack: `${base}/regstat.pack`, port: await freePort() })).rejects.toThrow(
        /its host answered 404 Not Found\. Check the URL/,
      );
    } finally {
      await close(server);
    }
  });

  it('opens its port only once the pack is in the bucket and answers: nothing asked there meanwhile is refused', async () => {
    const port = await freePort();
    const seen: string[] = [];
    let started = false;
    // As fast as a client retries: the port, once open, must answer every request 200.
    const poll = (async () => {
      while (!started)
        for (const path of ['/healthz', '/api/v1/prefectures'])
          await fetch(`http://127.0.0.1:${port}${path}`).then(
            async (res) => seen.push(`${path} ${res.status} ${(await res.text()).slice(0, 120)}`),
            () => new Promise((ok) => setTimeout(ok, 2)),
          );
    })();
    const edge = await startEdge({ pack: good, port });
    started = true;
    await poll;
    try {
      expect(seen.filter((s) => !/^\S+ 200 /.test(s))).toEqual([]);
      expect(await ask(edge, '/healthz')).toMatchObject({
        status: 200,
        body: expect.stringMatching(/^{"status":"ok",/),
      });
    } finally {
      await edge.stop();
    }
  });

  it('npm run edge prints it as one line and exits 1', () => {
    const file = damaged('cli.pack', (b) => b.subarray(0, b.length - 1));
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'build/cli/edge.ts'), '--pack', file, '--port', '1'],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^regstat: ${file} is not a usable regstat pack: it has \\d+ bytes and its header says \\d+ \\(it is truncated\\)\\.`,
        ),
      ),
    ]);
  });
});

/** A request's answer as a client sees it. */
async function ask(edge: RunningEdge, url: string) {
  const res = await fetch(edge.base + url);
  return {
    status: res.status,
    retry: res.headers.get('retry-after'),
    type: res.headers.get('content-type'),
    body: await res.text(),
  };
}

function expectUnavailable(a: Awaited<ReturnType<typeof ask>>, problem: RegExp) {
  expect(a.status).toBe(503);
  expect(a.type).toBe('application/json;charset=UTF-8');
  expect(a.retry).toBe('30');
  const body = JSON.parse(a.body);
  expect(Object.keys(body)).toEqual(['statusCode', 'message', 'description']);
  expect(body.statusCode).toBe('503');
  expect(body.message).toBe('The data of this API cannot be read');
  expect(body.description).toMatch(problem);
  // Where the pack lives is the operator's business, not the client's.
  expect(a.body).not.toMatch(/127\.0\.0\.1|\.pack|\/tmp\//);
}

describe('per request, a 503 with the error body, never a wrong answer', () => {
  it('a damaged block in R2: the files in it answer 503, every other file as before', async () => {
    const blocks = blocksOfRequests();
    const target = blocks.get('/api/v1/fishery/sea/sales/prefCode/31/cityCode/31201/matter/1')!;
    const urls = [...blocks].filter(([, at]) => at === target).map(([url]) => url);
    expect(urls.length).toBeGreaterThan(0);
    expect(blocks.get('/api/v1/prefectures'), 'the start check reads another block').not.toBe(target);
    const edge = await startEdge({
      pack: damaged('block.pack', (b) => ((b[HEAD_SPACE + target + 40]! ^= 1), b)),
      port: await freePort(),
      answerCache: false,
    });
    try {
      for (const url of urls.slice(0, 5))
        expectUnavailable(
          await ask(edge, url),
          new RegExp(`the block at ${target} fails its check \\(it is damaged\\)`),
        );
      const fine = [...blocks].find(([, at]) => at !== target)![0];
      expect((await ask(edge, fine)).status).toBe(200);
    } finally {
      await edge.stop();
    }
  });

  it('/healthz reads a file through the pack: 503 saying why when its block is damaged, though others answer', async () => {
    const target = blocksOfFiles().get('/routes.json')!;
    expect(blocksOfRequests().get('/api/v1/prefectures'), 'the start check reads another block').not.toBe(target);
    const pack = await Pack.open(fileSource(good));
    const { operations } = JSON.parse(Buffer.from(pack.table!).toString()) as { operations: unknown[] };
    await pack.close();
    const edge = await startEdge({
      pack: damaged('routes-block.pack', (b) => ((b[HEAD_SPACE + target + 40]! ^= 1), b)),
      port: await freePort(),
      answerCache: false,
    });
    try {
      const health = await ask(edge, '/healthz');
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toEqual({
        status: 'unavailable',
        operations: operations.length,
        problem: `the block at ${target} fails its check (it is damaged)`,
      });
      expect(health.body).not.toMatch(/127\.0\.0\.1|\.pack|\/tmp\//);
      expect((await ask(edge, '/api/v1/prefectures')).status).toBe(200);
    } finally {
      await edge.stop();
    }
  });

  describe.skipIf(!hasNginx)(`a pack on nginx${hasNginx ? '' : ` (${NGINX_SKIP})`}`, () => {
    let host: Running;
    let edge: RunningEdge;
    const served = join(work, 'served');
    beforeAll(async () => {
      mkdirSync(served, { mode: 0o755 });
      copyFileSync(good, join(served, 'regstat.pack'));
      spawnSync('chmod', ['-R', 'a+rX', work]);
      host = await startFileNginx(served);
      edge = await startEdge({ pack: `${host.base}/regstat.pack`, port: await freePort(), answerCache: false });
    }, 60_000);
    afterAll(async () => (await edge?.stop(), host?.stop()));

    it('replaced at its URL: refused (its ETag changed) until the worker opens the new one', async () => {
      const url = '/api/v1/fishery/sea/sales?prefCode=31&cityCode=-&matter=2';
      const before = await ask(edge, url);
      expect(before.status).toBe(200);
      const other = join(work, 'other.pack');
      const digest = await relaid(other);
      copyFileSync(other, join(served, 'regstat.pack'));
      expectUnavailable(
        await ask(edge, '/api/v1/fishery/sea/sales?prefCode=31&cityCode=31202&matter=1'),
        /it was replaced at its URL while being read/,
      );
      // The next request opens the pack again: the new one, whole.
      expect(await ask(edge, url)).toEqual(before);
      expect(decodeHeader(readFileSync(join(served, 'regstat.pack')))).toMatchObject({ digest });
    });

    it('its host gone: every request answers 503 until it is back', async () => {
      host.stop();
      await new Promise((ok) => setTimeout(ok, 300));
      expectUnavailable(
        await ask(edge, '/api/v1/fishery/sea/sales?prefCode=31&cityCode=31204&matter=3'),
        /it cannot be reached/,
      );
      expectUnavailable(await ask(edge, '/api/v1/prefectures'), /it cannot be reached/); // opening it again fails too
      // Back on the same port, once the old nginx has let it go.
      for (let tries = 0; ; tries++) {
        const back = await startFileNginx(served, host.port).catch((e: Error) =>
          tries < 50 ? null : Promise.reject(e),
        );
        if (back) {
          host = back;
          break;
        }
        await new Promise((ok) => setTimeout(ok, 100));
      }
      expect((await ask(edge, '/api/v1/fishery/sea/sales?prefCode=31&cityCode=31204&matter=3')).status).toBe(200);
    });
  });
});

describe('validators: the ETag the Node server sends for the same body, a 304 to it, Vary', () => {
  let edge: RunningEdge | undefined;
  let pack: Pack | undefined;
  let node: Server | undefined;
  let nodeBase = '';
  beforeAll(async () => {
    edge = await startEdge({ pack: good, port: await freePort() });
    pack = await openBundlePack(good);
    node = await offlineServer(pack);
    nodeBase = await listen(node);
  }, 60_000);
  afterAll(async () => (await edge?.stop(), node && (await close(node)), await pack?.close()));

  it.each(['/api/v1/prefectures', '/api/v1/fishery/sea/sales?prefCode=31&cityCode=-&matter=2', '/', '/manifest.json'])(
    '%s, read from the pack and again (an API answer from the Cache API)',
    async (url) => {
      const reference = await fetch(nodeBase + url, { headers: { 'Accept-Encoding': 'identity' } });
      const body = Buffer.from(await reference.arrayBuffer());
      const etag = reference.headers.get('etag')!;
      expect(etag).toBe(`"${createHash('sha1').update(body).digest('base64url')}"`);
      for (const time of ['first', 'again']) {
        const res = await fetch(edge!.base + url);
        expect(res.status, time).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(body), time).toBe(true);
        expect(res.headers.get('etag'), time).toBe(etag);
        expect(res.headers.get('vary'), time).toBe('Accept-Encoding');
        if (time === 'again' && url.startsWith('/api/'))
          expect(res.headers.get('server-timing')).toBe('pack;desc="cached"');
        // Its own tag, weak or strong, any tag, and the Node server's tag of its gzip form, in a list.
        for (const tag of [etag, `W/${etag}`, '*', `"other", ${etag.slice(0, -1)}-gz"`]) {
          const again = await fetch(edge!.base + url, { headers: { 'If-None-Match': tag } });
          expect(again.status, `${time}: ${tag}`).toBe(304);
          expect(await again.text()).toBe('');
          for (const name of ['etag', 'cache-control', 'vary', 'access-control-allow-origin', 'x-regstat-data'])
            expect(again.headers.get(name), `${time}: ${tag}: ${name}`).toBe(res.headers.get(name));
        }
        const other = await fetch(edge!.base + url, { headers: { 'If-None-Match': '"other"' } });
        expect(other.status, time).toBe(200);
        await other.body?.cancel();
      }
    },
  );
});
