// A response body ready to send in each coding a client may accept. The compressed forms are made when
// first asked for and charged to the cache that holds the entry; headers are built once per coding so
// the hot path only looks them up.

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMMON_HEADERS, FILE_CACHE_CONTROL, JSON_TYPE } from '../runtime/respond.ts';
import type { Coding } from './negotiate.ts';
import { dataHeader } from '../runtime/data-kind.ts';
import type { DataKind } from '../runtime/origin.ts';

/** Below this, compression saves less than its headers cost. */
export const COMPRESS_MIN = 1024;
/** What an entry costs besides its bodies: header objects, tags, map slots (measured, rounded up). */
const ENTRY_OVERHEAD = 1024;

interface Representation {
  body: Buffer;
  ok: Record<string, string>;
  notModified: Record<string, string>;
}

export class Entry {
  readonly tags: string[];
  readonly compressible: boolean;
  private readonly reps: Partial<Record<Coding, Representation>> = {};
  /** Told of the bytes each compressed form adds, by the cache that keeps the entry. */
  charge: (bytes: number) => void = () => {};

  constructor(
    readonly body: Buffer,
    /** What X-Regstat-Data says of it: a path's kind never changes within a build. */
    readonly kind?: DataKind,
  ) {
    const tag = createHash('sha1').update(body).digest('base64url');
    this.tags = [`"${tag}"`, `"${tag}-gz"`, `"${tag}-br"`];
    this.compressible = body.length >= COMPRESS_MIN;
  }

  get size(): number {
    return this.body.length + ENTRY_OVERHEAD;
  }

  rep(coding: Coding): Representation {
    const known = this.reps[coding];
    if (known) return known;
    const body = coding === 'identity' ? this.body : compress(this.body, coding);
    if (coding !== 'identity') this.charge(body.length);
    const etag = this.tags[coding === 'identity' ? 0 : coding === 'gzip' ? 1 : 2]!;
    const vary: Record<string, string> = this.compressible ? { Vary: 'Accept-Encoding' } : {};
    const common: Record<string, string> = {
      'Cache-Control': FILE_CACHE_CONTROL,
      ETag: etag,
      ...vary,
      ...COMMON_HEADERS,
      ...dataHeader(this.kind),
    };
    const rep: Representation = {
      body,
      ok: {
        'Content-Type': JSON_TYPE,
        'Content-Length': String(body.length),
        ...(coding === 'identity' ? {} : { 'Content-Encoding': coding }),
        ...common,
      },
      notModified: common,
    };
    this.reps[coding] = rep;
    return rep;
  }
}

/** A compressed form of a body made while a client waits: brotli at quality 5, not the slow maximum. */
export function compress(body: Buffer, coding: Exclude<Coding, 'identity'>): Buffer {
  return coding === 'gzip'
    ? gzipSync(body)
    : brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
}
