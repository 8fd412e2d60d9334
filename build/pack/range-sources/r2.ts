// A pack in a Cloudflare R2 bucket, read through the Worker's binding: one get with a range per read.
// The first read's ETag makes the later reads conditional, so an object replaced under the same key
// is refused, never read half old, half new.

import { type RangeSource } from '../reader.ts';
import { PackError } from '../../user-error.ts';

/** The part of Cloudflare's R2Bucket binding the reader uses. */
export interface R2BucketLike {
  get(
    key: string,
    options?: { range?: { offset: number; length: number }; onlyIf?: { etagMatches: string } },
  ): Promise<{ size: number; etag: string; arrayBuffer?(): Promise<ArrayBuffer> } | null>;
  head(key: string): Promise<{ size: number; etag: string } | null>;
}

export function r2Source(bucket: R2BucketLike, key: string, binding = 'PACK'): RangeSource {
  const name = `${binding}/${key}`;
  const fault = (problem: string, advice: string, cause?: unknown) => new PackError(name, problem, advice, { cause });
  const missing = () =>
    fault(
      'the bucket has no such object',
      `Upload it (npx wrangler r2 object put <bucket>/${key} --file dist.pack --remote), or set PACK_KEY to the key it has.`,
    );
  let etag: string | undefined;
  async function get(offset: number, length: number) {
    try {
      return await bucket.get(key, { range: { offset, length }, ...(etag ? { onlyIf: { etagMatches: etag } } : {}) });
    } catch (e) {
      // R2 clamps a range that runs past the end, and refuses one that starts there (a truncated object).
      const head = await bucket.head(key).catch(() => null);
      if (head && offset >= head.size)
        return { size: head.size, etag: head.etag, arrayBuffer: async () => new ArrayBuffer(0) };
      throw fault('the bucket cannot be read', 'Check the R2 binding in wrangler.toml.', e);
    }
  }
  return {
    name,
    async read(offset, length) {
      const obj = await get(offset, length);
      if (!obj) throw missing();
      if (!obj.arrayBuffer)
        throw fault(
          'it was replaced under its key while being read',
          'Upload each pack under a new key (regstat-<digest>.pack) and switch PACK_KEY in one deploy.',
        );
      etag ??= obj.etag;
      return { bytes: new Uint8Array(await obj.arrayBuffer()), size: obj.size };
    },
  };
}
