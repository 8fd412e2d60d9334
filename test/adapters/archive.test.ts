// The offline bundle's archive: what ArchiveEffects writes, Archive reads back byte for byte, the same
// writes give the same file, and a damaged file says so (and how to get a good one) instead of
// answering wrong bytes.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Archive, ArchiveError, FOOTER_BYTES, HEADER_BYTES } from '../../build/adapters/archive-reader.ts';
import { BUNDLE_FOLDER, DATA_FILE, writeBundleWith } from '../../build/cli/bundle.ts';
import { ArchiveEffects } from '../../build/core/archive-effects.ts';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import { operationsOf } from '../../build/ops/index.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';

const work = mkdtempSync(join(tmpdir(), 'regstat-archive-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(work, `a${n++}.pack`);

/** Bodies of every kind: empty, repeated (stored once), larger than a block, bytes that are not UTF-8. */
function sampleFiles(): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  for (let i = 0; i < 500; i++)
    files.set(
      `/api/v1/x/${i}/index.json`,
      JSON.stringify({ message: null, result: { i, data: Array.from({ length: i % 40 }, (_, k) => ({ year: 1980 + k, value: (i * k) % 97 })) } }),
    );
  files.set('/api/v1/empty/index.json', '');
  files.set('/api/v1/same/a/index.json', '{"message":null,"result":[]}');
  files.set('/api/v1/same/b/index.json', '{"message":null,"result":[]}');
  files.set('/big.json', JSON.stringify(Array.from({ length: 20000 }, (_, k) => ({ k, name: `市区町村${k}` }))));
  files.set('/_deploy/bytes.bin', Buffer.from([0, 255, 254, 1, 128, 10]));
  files.set('/index.html', '<!doctype html><title>regstat</title>');
  files.set('/名前/ü.json', '"non-ASCII paths sort by their UTF-8 bytes"');
  return files;
}

/** Writes in a scrambled but fixed order: the index must not depend on the order of writes. */
function writeArchive(out: string, files: Map<string, string | Buffer>, blockSize = 4096): ArchiveEffects {
  const effects = new ArchiveEffects(out, { blockSize });
  const entries = [...files];
  for (let i = 0; i < entries.length; i++) {
    const [path, body] = entries[(i * 7919) % entries.length]!;
    effects.write(path, body);
  }
  effects.commit();
  return effects;
}

const bytesOf = (body: string | Buffer) => (typeof body === 'string' ? Buffer.from(body) : body);

describe('archive', () => {
  const files = sampleFiles();
  const file = fresh();
  const written = writeArchive(file, files);
  const archive = Archive.open(file, { cacheBytes: 16 << 10 }); // a few blocks: reads go through eviction
  afterAll(() => archive.close());

  it('reads every file back byte for byte, and stores a repeated body once', async () => {
    expect(archive.entries).toBe(files.size);
    for (const [path, body] of files) expect(Buffer.compare((await archive.get(path))!, bytesOf(body)), path).toBe(0);
    const distinct = new Set([...files.values()].map((b) => bytesOf(b).toString('latin1')));
    expect(written.bytes).toBe([...distinct].reduce((a, b) => a + b.length, 0));
  });

  it('answers concurrent reads of the same and of evicted blocks', async () => {
    const paths = [...files.keys()];
    const order = [...paths, ...[...paths].reverse()];
    const bodies = await Promise.all(order.map((p) => archive.get(p)));
    bodies.forEach((b, i) => expect(Buffer.compare(b!, bytesOf(files.get(order[i]!)!)), order[i]).toBe(0));
  });

  it('lists its paths sorted by UTF-8 bytes', () => {
    const sorted = [...files.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...archive.paths()]).toEqual(sorted);
  });

  it('answers null for a path it does not hold: before, between and after its paths, prefixes and extensions of them', async () => {
    for (const path of [
      '',
      '/',
      '/a',
      '/api',
      '/api/v1/x/1',
      '/api/v1/x/1/index.json/',
      '/api/v1/x/10/index.jso',
      '/api/v1/x/10/index.jsonx',
      '/zzz',
      '/api/v1/x/../x/1/index.json',
      '\u0000',
    ]) {
      expect(await archive.get(path), path).toBeNull();
      expect(archive.has(path), path).toBe(false);
    }
  });

  it('is the same file for the same writes', () => {
    const again = fresh();
    writeArchive(again, files);
    expect(readFileSync(again).equals(readFileSync(file))).toBe(true);
  });

  it('opens an empty archive', async () => {
    const empty = fresh();
    new ArchiveEffects(empty).commit();
    const a = Archive.open(empty);
    expect(a.entries).toBe(0);
    expect(await a.get('/index.html')).toBeNull();
    a.close();
  });

  it('stages under a temporary name: nothing at the output until commit, nothing left after abort or a file conflict', () => {
    const out = fresh();
    const effects = new ArchiveEffects(out);
    effects.write('/a.json', '1');
    expect(existsSync(out)).toBe(false);
    expect(existsSync(effects.staging)).toBe(true);
    effects.abort();
    expect(existsSync(effects.staging)).toBe(false);
    expect(existsSync(out)).toBe(false);

    const busy = new ArchiveEffects(out, { blockSize: 512 }); // many blocks still queued for compression
    for (const [path, body] of files) busy.write(path, body);
    busy.abort();
    expect(existsSync(busy.staging)).toBe(false);
    expect(existsSync(out)).toBe(false);

    const twice = new ArchiveEffects(out);
    twice.write('/a.json', '1');
    twice.write('/a.json', '2');
    expect(() => twice.commit()).toThrow('file conflict: /a.json is written twice');
    twice.abort();
    expect(readdirSync(work).filter((f) => f.includes('.staging-'))).toEqual([]);
  });
});

describe('a damaged archive', () => {
  const files = sampleFiles();
  const good = fresh();
  writeArchive(good, files);
  const bytes = readFileSync(good);
  const damaged = (change: (b: Buffer) => Buffer) => {
    const out = fresh();
    writeFileSync(out, change(Buffer.from(bytes)));
    return out;
  };
  const HOW_TO_FIX = /Unpack the bundle again \(tar xzf regstat\.tar\.gz\), or write a new one \(npm run bundle -- --dir dist --out regstat\.tar\.gz\)/;

  it.each([
    ['truncated at its end', (b: Buffer) => b.subarray(0, b.length - 1000), /its end is missing/],
    ['cut to its header', (b: Buffer) => b.subarray(0, HEADER_BYTES), /fewer than an empty archive/],
    ['not an archive at all', () => Buffer.from(JSON.stringify({ message: null, result: [] }).repeat(10)), /does not start with the regstat archive header/],
    ['with a damaged index', (b: Buffer) => ((b[b.length - FOOTER_BYTES - 10]! ^= 1), b), /its index fails its check/],
  ])('%s: opening it says what is wrong and how to fix it', (_, change, problem) => {
    const file = damaged(change);
    expect(() => Archive.open(file)).toThrow(ArchiveError);
    expect(() => Archive.open(file)).toThrow(problem);
    expect(() => Archive.open(file)).toThrow(HOW_TO_FIX);
  });

  it('truncated by the file system (shorter than its footer says): refused at open', () => {
    const file = damaged((b) => b);
    truncateSync(file, bytes.length - FOOTER_BYTES - 1);
    expect(() => Archive.open(file)).toThrow(HOW_TO_FIX);
  });

  it('with a damaged block: the read fails with the same advice, never with wrong bytes', async () => {
    const file = damaged((b) => ((b[HEADER_BYTES + 5]! ^= 0x40), b));
    const archive = Archive.open(file);
    const paths = [...files.keys()];
    const reads = await Promise.allSettled(paths.map((p) => archive.get(p)));
    expect(reads.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
    reads.forEach((r, i) => {
      if (r.status === 'fulfilled') expect(Buffer.compare(r.value!, bytesOf(files.get(paths[i]!)!))).toBe(0);
      else
        (expect(r.reason).toBeInstanceOf(ArchiveError),
          expect(r.reason.message).toMatch(/block 0 fails its check \(it is damaged\)\. Unpack the bundle again/));
    });
    archive.close();
  });
});

describe('a bundle from the build core, without a dist', () => {
  it('holds exactly what the build writes, in a folder of three files', async () => {
    const sources = loadSources(sampleSourceSet());
    const options = { sources, prefs: [31], operations: operationsOf(['fishery']) };
    const memory = new MemoryEffects();
    build(options, memory);
    const out = join(work, 'core.tar.gz');
    await writeBundleWith(out, (effects) => build(options, effects));
    const unpacked = join(work, 'core');
    rmSync(unpacked, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', unpacked]);
    expect(spawnSync('tar', ['-xzf', out, '-C', unpacked]).status).toBe(0);
    expect(readdirSync(join(unpacked, BUNDLE_FOLDER)).sort()).toEqual(['README.txt', DATA_FILE, 'serve.mjs'].sort());
    const archive = Archive.open(join(unpacked, BUNDLE_FOLDER, DATA_FILE));
    expect([...archive.paths()].sort()).toEqual([...memory.files.keys()].sort());
    for (const [path, body] of memory.files) expect((await archive.get(path))!.toString('utf8'), path).toBe(body);
    archive.close();
  });
});
