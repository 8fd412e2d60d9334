// The pack format's pure parts, as both the writer (Node) and the readers (Node, workerd) use them.

import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compareBytes,
  crc32,
  decodeHead,
  decodeHeader,
  encodeHead,
  encodeHeader,
  encodeLeaf,
  frameHead,
  HEADER_BYTES,
  leafEntries,
  leafFind,
  leafOf,
  unframe,
  type Place,
} from '../../build/pack/format.ts';

const enc = new TextEncoder();

describe('pack format', () => {
  it('checks with the CRC-32 of zlib and zip, so the writer may use zlib.crc32 and the readers their own', () => {
    for (const text of ['', 'a', 'regstat', '市区町村'.repeat(1000)])
      expect(crc32(enc.encode(text))).toBe(zlibCrc32(enc.encode(text)));
  });

  it('reads back the header it writes, and refuses one changed anywhere', () => {
    const h = {
      headLength: 1234,
      size: 5_000_000_123,
      blocksAt: 65536,
      leavesAt: 4_900_000_000,
      leaves: 2940,
      entries: 3_012_921,
      blocks: 9000,
      bodies: 2_000_000,
      rawBytes: 9_000_000_000,
      leafEntries: 1024,
      blockBytes: 131072,
      digest: '00112233445566778899aabbccddeeff',
    };
    const bytes = encodeHeader(h);
    expect(bytes.length).toBe(HEADER_BYTES);
    expect(decodeHeader(bytes)).toEqual({ version: 2, ...h });
    for (const at of [0, 13, 20, 40, 95]) {
      const changed = bytes.slice();
      changed[at]! ^= 1;
      expect(typeof decodeHeader(changed), `byte ${at}`).toBe('string');
    }
  });

  it('frames a stream with its check: any changed byte fails it', () => {
    const packed = enc.encode('compressed bytes');
    const frame = new Uint8Array([...frameHead(packed, 99), ...packed]);
    expect(unframe(frame)).toEqual({ packed, rawLength: 99 });
    for (let at = 0; at < frame.length; at++) {
      const changed = frame.slice();
      changed[at]! ^= 0x10;
      expect(unframe(changed), `byte ${at}`).toBeNull();
    }
  });

  it('finds every key of a leaf and nothing else, across buckets', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `/api/v1/${String(i).padStart(3, '0')}/index.json`)
      .map((k) => enc.encode(k))
      .sort(compareBytes);
    const places: Place[] = keys.map((_, i) => [i * 1000, 500 + i, i * 7, i]);
    const leaf = encodeLeaf(keys, places);
    keys.forEach((k, i) => expect(leafFind(leaf, k)).toEqual(places[i]));
    for (const absent of ['', '/api', '/api/v1/000', '/api/v1/000/index.jso', '/api/v1/1999/index.json', '/zz'])
      expect(leafFind(leaf, enc.encode(absent)), absent).toBeNull();
    expect([...leafEntries(leaf)].map(([k, p]) => [Buffer.from(k).toString(), p])).toEqual(
      keys.map((k, i) => [Buffer.from(k).toString(), places[i]]),
    );
  });

  it('reads back the head: the route table and each leaf with its first path and place', () => {
    const table = enc.encode('{"format":"regstat-routes/1"}');
    const firstKeys = ['/a', '/api/v1/x', '/api/v1/y', '/z'].map((k) => enc.encode(k));
    const root = decodeHead(encodeHead(table, firstKeys, [10, 20, 30, 40]), 1000);
    expect(Buffer.from(root.table).toString()).toBe('{"format":"regstat-routes/1"}');
    expect(root.firstKeys.map((k) => Buffer.from(k).toString())).toEqual(['/a', '/api/v1/x', '/api/v1/y', '/z']);
    expect(root.leafAt).toEqual([1000, 1010, 1030, 1060]);
    expect(root.leafLength).toEqual([10, 20, 30, 40]);
    expect(leafOf(root, enc.encode('/'))).toBe(-1);
    expect(leafOf(root, enc.encode('/api/v1/x/1'))).toBe(1);
    expect(leafOf(root, enc.encode('/api/v1/y'))).toBe(2);
    expect(leafOf(root, enc.encode('/zzz'))).toBe(3);
  });
});
