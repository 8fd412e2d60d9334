// The pack: what PackEffects writes, Pack reads back byte for byte through a range source, the same
// writes give the same file, a lookup costs at most three range reads cold and one warm, and a
// damaged, truncated or foreign file says so (and how to get a good one) instead of answering wrong bytes.

import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_ADVICE, offlineServer, openBundlePack } from '../../build/adapters/offline-server.ts';
import { Pack, type RangeSource } from '../../build/pack/reader.ts';
import { fileSource } from '../../build/pack/range-sources/file.ts';
import { BUNDLE_FOLDER, DATA_FILE, writeBundleWith } from '../../build/cli/bundle.ts';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { PackEffects, type PackOptions } from '../../build/pack/writer.ts';
import { packName } from '../../build/deploy/wrangler.ts';
import { operationsOf } from '../../build/ops/index.ts';
import { HEAD_SPACE, HEADER_BYTES } from '../../build/pack/format.ts';
import { close, listen } from '../helpers/http.ts';
import { sampleSources } from '../helpers/sample.ts';
import { PackError } from '../../build/user-error.ts';

const work = mkdtempSync(join(tmpdir(), 'regstat-pack-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(work, `a${n++}.pack`);

/** Bodies of every kind: empty, repeated (stored once), larger than a block, bytes that are not UTF-8. */
function sampleFiles(): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  for (let i = 0; i < 500; i++)
    files.set(
      `/api/v1/x/${i}/index.json`,
      JSON.stringify({
        message: null,
        result: { i, data: Array.from({ length: i % 40 }, (_, k) => ({ year: 1980 + k, value: (i * k) % 97 })) },
      }),
    );
  files.set('/api/v1/empty/index.json', '');
  files.set('/api/v1/same/a/index.json', '{"message":null,"result":[]}');
  files.set('/api/v1/same/b/index.json', '{"message":null,"result":[]}');
  files.set('/big.json', JSON.stringify(Array.from({ length: 20000 }, (_, k) => ({ k, name: `市区町村${k}` }))));
  files.set('/_deploy/bytes.bin', Buffer.from([0, 255, 254, 1, 128, 10]));
  files.set('/index.html', '<!doctype html><title>regstat</title>');
  files.set('/routes.json', '{"format":"regstat-routes/1"}');
  files.set('/名前/ü.json', '"non-ASCII paths sort by their UTF-8 bytes"');
  return files;
}

/** Writes in a scrambled but fixed order: the directory must not depend on the order of writes. Small blocks and leaves: many of each. */
function writePack(
  out: string,
  files: Map<string, string | Buffer>,
  options: PackOptions = { blockBytes: 4096, leafEntries: 16 },
): PackEffects {
  const effects = new PackEffects(out, options);
  const entries = [...files];
  for (let i = 0; i < entries.length; i++) {
    const [path, body] = entries[(i * 7919) % entries.length]!;
    effects.write(path, body);
  }
  effects.commit();
  return effects;
}

const bytesOf = (body: string | Buffer) => (typeof body === 'string' ? Buffer.from(body) : body);
const same = (a: Uint8Array | null, b: string | Buffer) => a !== null && Buffer.from(a).equals(bytesOf(b));

/** A file source that counts its reads, as an HTTP host would count Range requests. */
function counted(file: string): RangeSource & { reads: [number, number][] } {
  const inner = fileSource(file);
  const reads: [number, number][] = [];
  return {
    name: inner.name,
    reads,
    read: (offset, length) => (reads.push([offset, length]), inner.read(offset, length)),
    close: inner.close,
  };
}

describe('pack', () => {
  const files = sampleFiles();
  const file = fresh();
  const written = writePack(file, files);
  const opening = Pack.open(fileSource(file), { blockCacheBytes: 16 << 10, leafCacheBytes: 4 << 10 }); // a few blocks and leaves: reads go through eviction
  afterAll(async () => (await opening).close());

  it('reads every file back byte for byte, and stores a repeated body once', async () => {
    const pack = await opening;
    expect(pack.entries).toBe(files.size);
    expect(pack.header.leaves, 'many leaves').toBeGreaterThan(20);
    for (const [path, body] of files) expect(same(await pack.get(path), body), path).toBe(true);
    const distinct = new Set([...files.values()].map((b) => bytesOf(b).toString('latin1')));
    expect(written.bytes).toBe([...distinct].reduce((a, b) => a + b.length, 0));
    expect(pack.header.bodies).toBe(distinct.size);
  });

  it('holds the route table in its head, as routes.json', async () => {
    expect(Buffer.from((await opening).table!).toString()).toBe(files.get('/routes.json'));
  });

  it('answers concurrent reads of the same and of evicted blocks and leaves', async () => {
    const pack = await opening;
    const paths = [...files.keys()];
    const order = [...paths, ...[...paths].reverse()];
    const bodies = await Promise.all(order.map((p) => pack.get(p)));
    bodies.forEach((b, i) => expect(same(b, files.get(order[i]!)!), order[i]).toBe(true));
  });

  it('lists its paths sorted by UTF-8 bytes', async () => {
    const sorted = [...files.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const listed: string[] = [];
    for await (const p of (await opening).paths()) listed.push(p);
    expect(listed).toEqual(sorted);
  });

  it('answers null for a path it does not hold: before, between and after its paths and leaves, prefixes and extensions of them', async () => {
    const pack = await opening;
    for (const path of [
      '',
      '/',
      '/a',
      '/api',
      '/api/v1/x/1',
      '/api/v1/x/1/index.json/',
      '/api/v1/x/10/index.jso',
      '/api/v1/x/10/index.jsonx',
      '/api/v1/x/4999/index.json',
      '/zzz',
      '/api/v1/x/../x/1/index.json',
      '\u0000',
      '\uffff',
    ]) {
      expect(await pack.get(path), path).toBeNull();
      expect(await pack.has(path), path).toBe(false);
    }
  });

  it('is the same file for the same writes, named by a digest of its content', () => {
    const again = fresh();
    const effects = writePack(again, files);
    expect(readFileSync(again).equals(readFileSync(file))).toBe(true);
    expect(effects.header!.digest).toMatch(/^[0-9a-f]{32}$/);
    expect(packName(effects.header!.digest)).toBe(`regstat-${effects.header!.digest}.pack`);
    const other = new Map(files).set('/index.html', 'changed');
    expect(writePack(fresh(), other).header!.digest).not.toBe(effects.header!.digest);
  });

  it('holds no more than a run of paths in memory however many it writes, and the file is the same as from one run (issue 52)', () => {
    const runBytes = 2048; // the 508 paths are about 14 KB: several runs, merged
    const effects = new PackEffects(fresh(), { blockBytes: 4096, leafEntries: 16, runBytes });
    let most = 0;
    const entries = [...files];
    for (let i = 0; i < entries.length; i++) {
      const [path, body] = entries[(i * 7919) % entries.length]!;
      effects.write(path, body);
      most = Math.max(most, effects.heldPathBytes);
    }
    expect(most).toBeLessThanOrEqual(runBytes);
    effects.commit();
    expect(readFileSync(effects.out).equals(readFileSync(file))).toBe(true);
    expect(
      readdirSync(work).filter((f) => f.includes('.runs')),
      'the runs removed',
    ).toEqual([]);
    const twice = new PackEffects(fresh(), { runBytes: 16 }); // two paths a run
    for (const path of ['/b.json', '/a.json', '/c.json', '/d.json', '/a.json']) twice.write(path, path);
    expect(() => twice.commit(), 'a path written twice in two runs').toThrow('file conflict: /a.json is written twice');
    twice.abort();
  });

  it('opens an empty pack', async () => {
    const empty = fresh();
    new PackEffects(empty).commit();
    const pack = await Pack.open(fileSource(empty));
    expect(pack.entries).toBe(0);
    expect(pack.table).toBeNull();
    expect(await pack.get('/index.html')).toBeNull();
    await pack.close();
  });

  it('makes its leaves larger until the root directory fits the head', async () => {
    const many = new Map<string, string>();
    for (let i = 0; i < 20000; i++)
      many.set(
        `/api/v1/${(i * 2654435761) % 2 ** 32}/path-that-is-long-enough-to-matter/${i}/index.json`,
        String(i % 7),
      );
    const out = fresh();
    const effects = writePack(out, many, { leafEntries: 1 });
    expect(effects.header!.leafEntries).toBeGreaterThan(1);
    expect(HEADER_BYTES + effects.header!.headLength).toBeLessThanOrEqual(HEAD_SPACE);
    const pack = await Pack.open(fileSource(out));
    for (const [path, body] of [...many].filter((_, i) => i % 97 === 0))
      expect(same(await pack.get(path), body), path).toBe(true);
    await pack.close();
  });

  it('stages under a temporary name: nothing at the output until commit, nothing left after abort or a file conflict', () => {
    const out = fresh();
    const effects = new PackEffects(out);
    effects.write('/a.json', '1');
    expect(existsSync(out)).toBe(false);
    expect(existsSync(effects.staging)).toBe(true);
    effects.abort();
    expect(existsSync(effects.staging)).toBe(false);
    expect(existsSync(out)).toBe(false);

    const busy = new PackEffects(out, { blockBytes: 512 }); // many blocks still queued for compression
    for (const [path, body] of files) busy.write(path, body);
    busy.abort();
    expect(existsSync(busy.staging)).toBe(false);
    expect(existsSync(out)).toBe(false);

    const twice = new PackEffects(out);
    twice.write('/a.json', '1');
    twice.write('/a.json', '2');
    expect(() => twice.commit()).toThrow('file conflict: /a.json is written twice');
    twice.abort();
    expect(readdirSync(work).filter((f) => f.includes('.staging-'))).toEqual([]);
  });

  it("clears the staging file a killed writer left (npm start's response cache, an interrupted bundle)", () => {
    const out = fresh();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!; // a process id that has exited
    writeFileSync(`${out}.staging-${dead}`, 'half a pack');
    const effects = new PackEffects(out);
    expect(existsSync(`${out}.staging-${dead}`)).toBe(false);
    effects.write('/a.json', '1');
    effects.commit();
    expect(readdirSync(work).filter((f) => f.includes('.staging-'))).toEqual([]);
  });
});

describe('range reads', () => {
  const files = sampleFiles();
  const file = fresh();
  writePack(file, files);

  it('a cold lookup costs at most 3 reads (head, leaf, block), a warm one (head and leaf cached) 1, a repeated one none', async () => {
    const source = counted(file);
    const pack = await Pack.open(source);
    expect(source.reads, 'opening reads the head alone').toEqual([[0, HEAD_SPACE]]);
    expect(await pack.get('/api/v1/x/7/index.json')).not.toBeNull();
    expect(source.reads.length, 'cold: head, leaf, block').toBe(3);
    expect(await pack.get('/api/v1/x/7/index.json')).not.toBeNull();
    expect(source.reads.length, 'the same file again: nothing').toBe(3);
    // A neighbour in the same leaf whose body sits in another block: one read.
    const paths = [...files.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    let warm = 0;
    for (const p of paths.slice(
      paths.indexOf('/api/v1/x/7/index.json') - 3,
      paths.indexOf('/api/v1/x/7/index.json') + 4,
    )) {
      const before = source.reads.length;
      await pack.get(p);
      expect(source.reads.length - before, p).toBeLessThanOrEqual(2);
      if (source.reads.length - before === 1) warm++;
    }
    expect(warm, 'some neighbours cost exactly one read').toBeGreaterThan(0);
    // No read covers the whole directory: each is the head, one leaf or one block.
    for (const [, length] of source.reads) expect(length).toBeLessThanOrEqual(Math.max(HEAD_SPACE, 40_000));
    await pack.close();
  });

  it('an absent path costs at most the head and one leaf', async () => {
    const source = counted(file);
    const pack = await Pack.open(source);
    expect(await pack.get('/api/v1/x/55/nothing.json')).toBeNull();
    expect(source.reads.length).toBeLessThanOrEqual(2);
    await pack.close();
  });
});

describe('a damaged pack', () => {
  const files = sampleFiles();
  const good = fresh();
  const { header } = writePack(good, files);
  const bytes = readFileSync(good);
  const damaged = (change: (b: Buffer) => Buffer) => {
    const out = fresh();
    writeFileSync(out, change(Buffer.from(bytes)));
    return out;
  };
  const open = (file: string) => openBundlePack(file);
  const HOW_TO_FIX =
    /Unpack the bundle again \(tar xzf regstat\.tar\.gz\), or write a new one \(npm run bundle -- --dir dist --out regstat\.tar\.gz\)/;
  const flip = (at: number) => (b: Buffer) => ((b[at]! ^= 0x40), b);

  it.each([
    [
      'truncated at its end',
      (b: Buffer) => b.subarray(0, b.length - 1000),
      /has \d+ bytes and its header says \d+ \(it is truncated\)/,
    ],
    ['with bytes appended', (b: Buffer) => Buffer.concat([b, Buffer.from('x')]), /something was appended/],
    ['cut inside its header', (b: Buffer) => b.subarray(0, 50), /does not start with the regstat pack header/],
    ['empty', () => Buffer.alloc(0), /it is empty/],
    [
      'not a pack at all',
      () => Buffer.from(JSON.stringify({ message: null, result: [] }).repeat(10)),
      /does not start with the regstat pack header/,
    ],
    [
      'a data file of the format before',
      () => Buffer.from('REGSTAT-ARCHIVE\n' + 'x'.repeat(100)),
      /format before version 2/,
    ],
    ['with a damaged header', flip(30), /its header fails its check/],
    ['with a damaged head', flip(HEADER_BYTES + 20), /its head fails its check/],
  ])('%s: opening it says what is wrong and how to fix it', async (_, change, problem) => {
    const file = damaged(change);
    const e = await open(file).catch((x) => x);
    expect(e).toBeInstanceOf(PackError);
    expect(e.message).toMatch(problem);
    expect(e.message).toMatch(HOW_TO_FIX);
    expect(e.message.startsWith(`${file} is not a usable regstat pack: `)).toBe(true);
  });

  it('truncated by the file system after it was opened: the next read says so', async () => {
    const file = damaged((b) => b);
    const pack = await open(file);
    truncateSync(file, bytes.length - 1);
    await expect(pack.get('/api/v1/x/3/index.json')).rejects.toThrow(/it changed while being read|truncated/);
    await pack.close();
  });

  it('with a damaged leaf: lookups in it fail with the advice, never with a wrong answer', async () => {
    const pack = await open(damaged(flip(header!.leavesAt + 12)));
    const reads = await Promise.allSettled([...files.keys()].map((p) => pack.get(p)));
    const failed = reads.filter((r) => r.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed)
      expect((r as PromiseRejectedResult).reason.message).toMatch(
        /leaf 0 fails its check \(it is damaged\)\. Unpack the bundle again/,
      );
    reads.forEach(
      (r, i) => r.status === 'fulfilled' && expect(same(r.value, files.get([...files.keys()][i]!)!)).toBe(true),
    );
    await pack.close();
  });

  it('with a damaged block: the read fails with the same advice, never with wrong bytes', async () => {
    const pack = await open(damaged(flip(HEAD_SPACE + 20)));
    const paths = [...files.keys()];
    const reads = await Promise.allSettled(paths.map((p) => pack.get(p)));
    expect(reads.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
    reads.forEach((r, i) => {
      if (r.status === 'fulfilled') expect(same(r.value, files.get(paths[i]!)!)).toBe(true);
      else
        (expect(r.reason).toBeInstanceOf(PackError),
          expect(r.reason.message).toMatch(
            /the block at 0 fails its check \(it is damaged\)\. Unpack the bundle again/,
          ),
          expect(r.reason.problem).not.toContain(work));
    });
    await pack.close();
  });

  it('a missing file is one line naming it', async () => {
    await expect(open(join(work, 'nothing.pack'))).rejects.toThrow(
      `${join(work, 'nothing.pack')} is not a usable regstat pack: it does not exist`,
    );
    expect(BUNDLE_ADVICE).toMatch(HOW_TO_FIX);
  });
});

describe('a bundle from the build core, without a dist', () => {
  it('holds exactly what the build writes, with its servers and the edge configuration naming the pack', async () => {
    const sources = sampleSources();
    const options = { sources, prefs: [31], operations: operationsOf(['fishery']) };
    const memory = new MemoryEffects();
    build(options, memory);
    const out = join(work, 'core.tar.gz');
    await writeBundleWith(out, (effects) => build(options, effects));
    const unpacked = join(work, 'core');
    rmSync(unpacked, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', unpacked]);
    expect(spawnSync('tar', ['-xzf', out, '-C', unpacked]).status).toBe(0);
    const folder = join(unpacked, BUNDLE_FOLDER);
    expect(readdirSync(folder).sort()).toEqual(
      ['README.txt', DATA_FILE, 'serve.mjs', 'worker.js', 'wrangler.toml'].sort(),
    );
    const pack = await openBundlePack(join(folder, DATA_FILE));
    const paths: string[] = [];
    for await (const p of pack.paths()) paths.push(p);
    expect(paths.sort()).toEqual([...memory.files.keys()].sort());
    for (const [path, body] of memory.files)
      expect(Buffer.from((await pack.get(path))!).toString('utf8'), path).toBe(body);
    const toml = readFileSync(join(folder, 'wrangler.toml'), 'utf8');
    expect(toml).toContain(`PACK_KEY = "${packName(pack.digest)}"`);
    expect(toml).toMatch(/compatibility_flags = \["nodejs_compat"\]/);
    expect(readFileSync(join(folder, 'README.txt'), 'utf8')).toContain(
      `npx wrangler r2 object put regstat/${packName(pack.digest)} --file dist.pack --remote`,
    );
    await pack.close();
  });
});

/** One prefecture's fishery operations bundled as npm run bundle writes them, unpacked once: its pack and the build's files. */
let fishery: Promise<{ pack: string; files: Map<string, string> }> | undefined;
const fisheryBundle = () =>
  (fishery ??= (async () => {
    const options = { sources: sampleSources(), prefs: [31], operations: operationsOf(['fishery']) };
    const memory = new MemoryEffects();
    build(options, memory);
    const out = join(work, 'fishery.tar.gz');
    await writeBundleWith(out, (effects) => build(options, effects));
    const unpacked = join(work, 'fishery');
    spawnSync('mkdir', ['-p', unpacked]);
    expect(spawnSync('tar', ['-xzf', out, '-C', unpacked]).status).toBe(0);
    return { pack: join(unpacked, BUNDLE_FOLDER, DATA_FILE), files: memory.files };
  })());

describe('serve.mjs over a bundle with a damaged block', () => {
  it('answers the files of that block 500 with what is wrong and none of where the file lives, and the others as ever', async () => {
    const { pack, files } = await fisheryBundle();
    const file = join(work, 'damaged.pack');
    const bytes = readFileSync(pack);
    bytes[HEAD_SPACE + 20]! ^= 0x40; // inside the first block
    writeFileSync(file, bytes);
    const server = await offlineServer(await openBundlePack(file));
    const base = await listen(server);
    try {
      const statuses = new Map<number, number>();
      for (const [path, body] of files) {
        if (!path.startsWith('/api/v1/') || !path.endsWith('/index.json')) continue;
        const res = await fetch(base + path.slice(0, -'/index.json'.length));
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) expect(text, path).toBe(body);
        else {
          expect(res.status, path).toBe(500);
          expect(text).toMatch(/the block at 0 fails its check \(it is damaged\)/);
          expect(text).not.toContain(work);
          expect(text).not.toContain('.pack');
        }
      }
      expect(statuses.get(500)).toBeGreaterThan(0);
      expect(statuses.get(200)).toBeGreaterThan(0);
    } finally {
      await close(server);
    }
  });
});

describe('serve.mjs over a bundle whose pack is truncated in place while it serves', () => {
  it('answers /healthz 503 saying so, though the blocks it keeps still answer: the check reads the file', async () => {
    const file = join(work, 'truncated.pack');
    copyFileSync((await fisheryBundle()).pack, file);
    const pack = await openBundlePack(file);
    const server = await offlineServer(pack);
    const base = await listen(server);
    try {
      const before = await fetch(`${base}/healthz`);
      expect(before.status).toBe(200);
      const { operations } = (await before.json()) as { operations: number };
      expect(operations).toBeGreaterThan(0);
      expect((await fetch(`${base}/api/v1/prefectures`)).status).toBe(200);
      truncateSync(file, statSync(file).size - 1000);
      expect((await fetch(`${base}/api/v1/prefectures`)).status, 'kept').toBe(200);
      const after = await fetch(`${base}/healthz`);
      expect(after.status).toBe(503);
      expect(after.headers.get('cache-control')).toBe('no-store');
      const text = await after.text();
      expect(JSON.parse(text)).toEqual({
        status: 'unavailable',
        operations,
        problem: expect.stringMatching(/^it has \d+ bytes and its header says \d+ \(it is truncated\)$/),
      });
      expect(text).not.toContain(work);
    } finally {
      await close(server);
      await pack.close();
    }
  });
});
