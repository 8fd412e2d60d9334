// The pack: every file of a dist in one file, laid out to be read by ranges over a network, as a
// PMTiles archive holds a tile set. A reader fetches the head once (header, route table, root
// directory); a file then costs at most one leaf directory and one data block. The same file is the
// offline bundle's data (read from disk by serve.mjs) and the edge's (read from R2 or any host that
// honours Range, by the worker). Pure code shared by both sides: the writer is
// build/pack/writer.ts, the reader build/pack/reader.ts, beside it.
//
// Layout (integers little-endian):
//   0             header, HEADER_BYTES (below): magic, version, its own check, size, where things are
//   HEADER_BYTES  head frame: the route table (routes.json) and the root directory
//   …             zeros up to HEAD_SPACE: a reader's first read is HEAD_SPACE bytes and holds both whole
//   HEAD_SPACE    blocks, each a frame of whole bodies (about `blockBytes` of them before compression)
//   leavesAt      leaves, each a frame of the directory of `leafEntries` consecutive paths
// A frame is crc32 (of the rest of the frame) u32, raw length u32, one brotli stream.
// Root, decompressed: route table length u32 and bytes, leaf count u32, then per leaf its first path
// (front-coded against the previous leaf's: varint bytes shared, varint length and bytes of the rest)
// and varint frame length (leaves follow each other from leavesAt).
// Leaf, decompressed: entry count u32, per bucket of BUCKET entries the offset of its first entry
// after the bucket table (u32), then the entries sorted by the UTF-8 bytes of their paths: varint
// shared, varint length and bytes of the rest (shared is 0 at a bucket's start), varint block (its
// offset from HEAD_SPACE), varint block frame length, varint offset and varint length of the body in
// the decompressed block. Identical bodies are stored once and share a place.

const MAGIC = 'REGSTAT-PACK';
/** What the offline bundle's data file began with before the pack was laid out for ranges. */
const OLD_MAGIC = 'REGSTAT-ARCHIVE\n';
const VERSION = 2;
export const HEADER_BYTES = 96;
/** A reader's first read: the header and the head. */
export const HEAD_SPACE = 64 << 10;
const FRAME_BYTES = 8;
const BUCKET = 32;
export const DIGEST_BYTES = 16;

export interface PackHeader {
  version: number;
  /** Length of the head frame, which starts at HEADER_BYTES. */
  headLength: number;
  /** The whole pack's length in bytes. */
  size: number;
  blocksAt: number;
  leavesAt: number;
  leaves: number;
  /** Paths. */
  entries: number;
  blocks: number;
  /** Distinct bodies, and their bytes. */
  bodies: number;
  rawBytes: number;
  leafEntries: number;
  blockBytes: number;
  /** Hex; names the pack (regstat-<digest>.pack) and keys what readers cache of it. */
  digest: string;
}

const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;
function put32(b: Uint8Array, at: number, v: number): void {
  b[at] = v & 255;
  b[at + 1] = (v >>> 8) & 255;
  b[at + 2] = (v >>> 16) & 255;
  b[at + 3] = (v >>> 24) & 255;
}
const put64 = (b: Uint8Array, at: number, v: number) => (
  put32(b, at, v % 2 ** 32),
  put32(b, at + 4, Math.floor(v / 2 ** 32))
);

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

export function encodeHeader(h: Omit<PackHeader, 'version'>): Uint8Array {
  const b = new Uint8Array(HEADER_BYTES);
  for (let i = 0; i < MAGIC.length; i++) b[i] = MAGIC.charCodeAt(i);
  put32(b, 12, VERSION);
  put32(b, 20, h.headLength);
  put64(b, 24, h.size);
  put64(b, 32, h.blocksAt);
  put64(b, 40, h.leavesAt);
  [h.leaves, h.entries, h.blocks, h.bodies].forEach((v, k) => put32(b, 48 + 4 * k, v));
  put64(b, 64, h.rawBytes);
  put32(b, 72, h.leafEntries);
  put32(b, 76, h.blockBytes);
  for (let i = 0; i < DIGEST_BYTES; i++) b[80 + i] = parseInt(h.digest.slice(2 * i, 2 * i + 2), 16);
  put32(b, 16, crc32(b.subarray(20)));
  return b;
}

/** The header of a pack from its first bytes, or what is wrong with them. */
export function decodeHeader(b: Uint8Array): PackHeader | string {
  const text = (n: number) => String.fromCharCode(...b.subarray(0, n));
  if (b.length >= OLD_MAGIC.length && text(OLD_MAGIC.length) === OLD_MAGIC)
    return 'it is a data file of the format before version 2, which this reader does not read';
  if (b.length < HEADER_BYTES || text(MAGIC.length) !== MAGIC) return 'it does not start with the regstat pack header';
  const version = u32(b, 12);
  if (version !== VERSION) return `it is of format version ${version}, and this reader reads version ${VERSION}`;
  if (crc32(b.subarray(20, HEADER_BYTES)) !== u32(b, 16)) return 'its header fails its check (it is damaged)';
  const [leaves, entries, blocks, bodies] = [48, 52, 56, 60].map((at) => u32(b, at)) as [
    number,
    number,
    number,
    number,
  ];
  return {
    version,
    headLength: u32(b, 20),
    size: u64(b, 24),
    blocksAt: u64(b, 32),
    leavesAt: u64(b, 40),
    leaves,
    entries,
    blocks,
    bodies,
    rawBytes: u64(b, 64),
    leafEntries: u32(b, 72),
    blockBytes: u32(b, 76),
    digest: hex(b.subarray(80, 80 + DIGEST_BYTES)),
  };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE, as zlib and zip): guards against damage in storage or transfer, not against tampering. */
export function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]!) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The 8 bytes before a frame's brotli stream: the check of what follows them and the raw length. */
export function frameHead(packed: Uint8Array, rawLength: number): Uint8Array {
  const rest = new Uint8Array(4 + packed.length);
  put32(rest, 0, rawLength);
  rest.set(packed, 4);
  const head = new Uint8Array(FRAME_BYTES);
  put32(head, 0, crc32(rest));
  put32(head, 4, rawLength);
  return head;
}

/** A frame's compressed stream and raw length once its check holds, or null when it fails. */
export function unframe(frame: Uint8Array): { packed: Uint8Array; rawLength: number } | null {
  if (frame.length < FRAME_BYTES || crc32(frame.subarray(4)) !== u32(frame, 0)) return null;
  return { packed: frame.subarray(FRAME_BYTES), rawLength: u32(frame, 4) };
}

/** Where a varint ended; module-level so that lookups allocate nothing per step. */
let after = 0;
function varint(b: Uint8Array, at: number): number {
  let value = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = b[at++]!;
    value += (byte & 127) * shift;
    if (byte < 128) break;
  }
  after = at;
  return value;
}

/** A byte buffer that doubles as it fills, for the writer's directories. */
class Grower {
  private buf = new Uint8Array(1 << 16);
  length = 0;
  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(2 * this.buf.length, this.length + n));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
  }
  u32(value: number): this {
    this.room(4);
    put32(this.buf, this.length, value);
    this.length += 4;
    return this;
  }
  varint(value: number): this {
    this.room(8);
    for (; value >= 128; value = Math.floor(value / 128)) this.buf[this.length++] = value % 128 | 128;
    this.buf[this.length++] = value;
    return this;
  }
  bytes(b: Uint8Array): this {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
    return this;
  }
  /** Front-coded: the bytes key shares with prev, then the rest. */
  key(key: Uint8Array, prev: Uint8Array | null): this {
    let shared = 0;
    if (prev) while (shared < key.length && shared < prev.length && key[shared] === prev[shared]) shared++;
    return this.varint(shared)
      .varint(key.length - shared)
      .bytes(key.subarray(shared));
  }
  done(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** A body's place: its block (offset from blocksAt and frame length), its offset and length in the decompressed block. */
export type Place = [block: number, blockLength: number, offset: number, length: number];

/** A leaf directory, uncompressed, from its entries in path order. */
export function encodeLeaf(keys: Uint8Array[], places: Place[]): Uint8Array {
  const buckets = Math.ceil(keys.length / BUCKET);
  const entries = new Grower();
  const starts: number[] = [];
  keys.forEach((key, i) => {
    if (i % BUCKET === 0) starts.push(entries.length);
    entries.key(key, i % BUCKET === 0 ? null : keys[i - 1]!);
    for (const v of places[i]!) entries.varint(v);
  });
  const head = new Grower().u32(keys.length);
  for (let k = 0; k < buckets; k++) head.u32(starts[k]!);
  return head.bytes(entries.done()).done();
}

/** Whether bytes [from, to) of b sort after key. */
function above(b: Uint8Array, from: number, to: number, key: Uint8Array): boolean {
  for (let k = 0; from < to; from++, k++) {
    if (k === key.length) return true;
    if (b[from] !== key[k]) return b[from]! > key[k]!;
  }
  return false;
}

/** The place of key in a decompressed leaf, or null. Throws on a leaf that does not parse. */
export function leafFind(leaf: Uint8Array, key: Uint8Array): Place | null {
  const count = u32(leaf, 0);
  const buckets = Math.ceil(count / BUCKET);
  const entriesAt = 4 + 4 * buckets;
  // The last bucket whose first path is at most key.
  let lo = 0;
  let hi = buckets - 1;
  let bucket = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    varint(leaf, entriesAt + u32(leaf, 4 + 4 * mid)); // 0 shared bytes at a bucket's start
    const length = varint(leaf, after);
    if (!above(leaf, after, after + length, key)) {
      bucket = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (bucket < 0) return null;
  // Front coding lets the scan compare only the bytes that can decide: `matched` bytes of key equal
  // the previous path, which sorts before key.
  let at = entriesAt + u32(leaf, 4 + 4 * bucket);
  let matched = 0;
  const end = Math.min(count, (bucket + 1) * BUCKET);
  for (let i = bucket * BUCKET; i < end; i++) {
    const shared = varint(leaf, at);
    const rest = varint(leaf, after);
    const from = after;
    at = from + rest;
    if (shared < matched) return null; // keeps less of the previous path than key does: sorts above key
    let below = shared > matched;
    let equal = false;
    if (!below) {
      let j = from;
      while (j < at && matched < key.length && leaf[j] === key[matched]) (j++, matched++);
      if (j === at) {
        equal = matched === key.length;
        below = !equal;
      } else below = matched < key.length && leaf[j]! < key[matched]!;
      if (!below && !equal) return null;
    }
    const place: Place = [varint(leaf, at), varint(leaf, after), varint(leaf, after), varint(leaf, after)];
    at = after;
    if (equal) return place;
  }
  return null;
}

/** Every path of a decompressed leaf with its place, in order. */
export function* leafEntries(leaf: Uint8Array): Generator<[Uint8Array, Place]> {
  const count = u32(leaf, 0);
  let at = 4 + 4 * Math.ceil(count / BUCKET);
  let path = new Uint8Array(0);
  for (let i = 0; i < count; i++) {
    const shared = varint(leaf, at);
    const rest = varint(leaf, after);
    const next = new Uint8Array(shared + rest);
    next.set(path.subarray(0, shared));
    next.set(leaf.subarray(after, after + rest), shared);
    path = next;
    at = after + rest;
    const place: Place = [varint(leaf, at), varint(leaf, after), varint(leaf, after), varint(leaf, after)];
    at = after;
    yield [path, place];
  }
}

/** The head, uncompressed: the route table, then per leaf its first path and frame length. */
export function encodeHead(table: Uint8Array, firstKeys: Uint8Array[], leafLengths: number[]): Uint8Array {
  const g = new Grower().u32(table.length).bytes(table).u32(firstKeys.length);
  firstKeys.forEach((key, i) => g.key(key, i ? firstKeys[i - 1]! : null).varint(leafLengths[i]!));
  return g.done();
}

export interface Root {
  /** routes.json as the pack holds it (empty when it holds none). */
  table: Uint8Array;
  firstKeys: Uint8Array[];
  /** Per leaf: its offset in the pack and its frame length. */
  leafAt: number[];
  leafLength: number[];
}

export function decodeHead(raw: Uint8Array, leavesAt: number): Root {
  const tableLength = u32(raw, 0);
  const table = raw.subarray(4, 4 + tableLength);
  const count = u32(raw, 4 + tableLength);
  const root: Root = { table, firstKeys: new Array(count), leafAt: new Array(count), leafLength: new Array(count) };
  // Two passes, so that every key is a view of one buffer: a cold isolate decodes thousands of them.
  const from = 8 + tableLength;
  let total = 0;
  for (let i = 0, at = from; i < count; i++) {
    const shared = varint(raw, at);
    const rest = varint(raw, after);
    varint(raw, after + rest);
    at = after;
    total += shared + rest;
  }
  const keys = new Uint8Array(total);
  let prev = 0;
  let start = 0;
  let offset = leavesAt;
  for (let i = 0, at = from; i < count; i++) {
    const shared = varint(raw, at);
    const rest = varint(raw, after);
    keys.copyWithin(start, prev, prev + shared);
    keys.set(raw.subarray(after, after + rest), start + shared);
    const length = varint(raw, after + rest);
    at = after;
    root.firstKeys[i] = keys.subarray(start, start + shared + rest);
    root.leafAt[i] = offset;
    root.leafLength[i] = length;
    offset += length;
    prev = start;
    start += shared + rest;
  }
  return root;
}

/** The leaf that would hold key: the last whose first path is at most key; -1 when key sorts first. */
export function leafOf(root: Root, key: Uint8Array): number {
  let lo = 0;
  let hi = root.firstKeys.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes(root.firstKeys[mid]!, key) <= 0) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
