// Cloudflare Worker serving the whole API from one pack: in an R2 bucket (binding PACK, object key
// PACK_KEY) or at any URL that honours Range (PACK_URL). The bundle writes it as worker.js beside a
// wrangler.toml (build/deploy/wrangler.ts); npm run edge runs it here in workerd. It needs the
// nodejs_compat flag for node:zlib (brotli). Memory: an isolate has 128 MB; the reader keeps at most
// BLOCK_CACHE of decompressed blocks and LEAF_CACHE of directory leaves as read (every leaf of the full
// build), a fifth of that decompressed; answers go to the Cache API, not the heap.

import { Pack, type RangeSource } from '../pack/reader.ts';
import { packFetch, type RequestContext } from './pack-fetch.ts';
import { httpSource } from '../pack/range-sources/http.ts';
import { r2Source, type R2BucketLike } from '../pack/range-sources/r2.ts';
import { PackError } from '../user-error.ts';

interface EdgeEnv {
  PACK?: R2BucketLike;
  PACK_KEY?: string;
  PACK_URL?: string;
  /** "off" turns the Cache API off (to measure the pack reads themselves). */
  REGSTAT_CACHE?: string;
}

const BLOCK_CACHE = 24 << 20;
const LEAF_CACHE = 32 << 20;
const EDGE_ADVICE =
  'Upload the pack again, whole, under a new name (regstat-<digest>.pack), and deploy the worker that names it.';

function sourceOf(env: EdgeEnv): RangeSource {
  if (env.PACK_URL) return httpSource(env.PACK_URL);
  if (env.PACK && env.PACK_KEY) return r2Source(env.PACK, env.PACK_KEY);
  throw new PackError(
    'the worker',
    'no pack is configured',
    "Bind an R2 bucket as PACK and set PACK_KEY to the pack's key, or set PACK_URL to a URL of the pack (see wrangler.toml).",
  );
}

let handler: ReturnType<typeof packFetch> | undefined;

export default {
  fetch(request: Request, env: EdgeEnv, ctx: RequestContext): Promise<Response> {
    handler ??= packFetch({
      open: async () =>
        Pack.open(sourceOf(env), {
          inline: true,
          blockCacheBytes: BLOCK_CACHE,
          leafCacheBytes: LEAF_CACHE,
          advice: EDGE_ADVICE,
        }),
      cache:
        env.REGSTAT_CACHE === 'off' ? null : (globalThis as unknown as { caches: { default: Cache } }).caches.default,
      log: (message) => console.error(message),
    });
    return handler(request, ctx);
  },
};
