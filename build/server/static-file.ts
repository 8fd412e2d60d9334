// Sending a static file (docs page, manifests, the explorer's script) held in memory: revalidated by its
// ETag, and compressed as the API's files are (gzip or br, as the client prefers), since the site's own
// files are the largest a page loads (manifest.json is over 1 MB). These files change with every build,
// so clients always revalidate them.

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COMMON_HEADERS } from '../runtime/respond.ts';
import { compress, COMPRESS_MIN } from './entry.ts';
import { noneMatch, preferredCoding, type Coding } from './negotiate.ts';

/** Types worth compressing: text, JSON and scripts (not images or archives, already compressed). */
const COMPRESSIBLE = /^(text\/|application\/json)/;

/** Compressed forms by digest and coding: a few site files, made once however often they are asked for. */
const packed = new Map<string, Buffer>();
let packedBytes = 0;
const PACKED_MAX = 64 << 20;

function packedOf(hash: string, coding: Exclude<Coding, 'identity'>, body: Buffer): Buffer {
  const key = `${hash}:${coding}`;
  let out = packed.get(key);
  if (!out) {
    out = compress(body, coding);
    if (packedBytes + out.length > PACKED_MAX) (packed.clear(), (packedBytes = 0));
    packed.set(key, out);
    packedBytes += out.length;
  }
  return out;
}

export function sendStatic(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string): void {
  const hash = createHash('sha1').update(body).digest('base64url');
  const compressible = body.length >= COMPRESS_MIN && COMPRESSIBLE.test(type);
  const ae = req.headers['accept-encoding'];
  const coding = compressible ? preferredCoding(Array.isArray(ae) ? ae.join(', ') : ae) : 'identity';
  const etag = `"${hash}${coding === 'identity' ? '' : coding === 'gzip' ? '-gz' : '-br'}"`;
  const common = {
    ETag: etag,
    'Cache-Control': 'no-cache',
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...COMMON_HEADERS,
  };
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && noneMatch(inm, [etag])) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const sent = coding === 'identity' ? body : packedOf(hash, coding, body);
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': String(sent.length),
    ...(coding === 'identity' ? {} : { 'Content-Encoding': coding }),
    ...common,
  });
  res.end(req.method === 'HEAD' ? undefined : sent);
}

export function notFoundText(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain;charset=UTF-8', ...COMMON_HEADERS });
  res.end('Not found\n');
}
