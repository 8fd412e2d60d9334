// A pack at any URL whose host honours Range requests: a static host, nginx, S3, GCS, a release asset.
// Web-standard fetch only, so the same driver runs in Node and in Cloudflare's workerd. The first
// answer's strong ETag is sent as If-Match with every later read, so a pack replaced at the same URL
// is refused (412) instead of being read half old, half new.

import { type RangeSource } from '../reader.ts';
import { PackError } from '../../user-error.ts';

const RANGE_ADVICE =
  'Serve the pack from a host that honours Range requests (nginx, S3, R2, GCS and most static hosts do), or put it in an R2 bucket.';

export function httpSource(url: string, fetcher: typeof fetch = fetch): RangeSource {
  // The query may carry a signature: messages name the pack without it.
  const name = url.replace(/[?#].*$/, '');
  const fault = (problem: string, advice: string, cause?: unknown) => new PackError(name, problem, advice, { cause });
  let etag: string | null = null;
  return {
    name,
    async read(offset, length) {
      const headers: Record<string, string> = { Range: `bytes=${offset}-${offset + length - 1}` };
      if (etag) headers['If-Match'] = etag;
      let res: Response;
      try {
        res = await fetcher(url, { headers });
      } catch (e) {
        throw fault('it cannot be reached', 'Check the URL and that its host is up.', e);
      }
      const range = /^bytes (?:(\d+)-\d+|\*)\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
      if (res.status === 206 && range && Number(range[1]) === offset) {
        if (!etag && /^"/.test(res.headers.get('etag') ?? '')) etag = res.headers.get('etag');
        return { bytes: new Uint8Array(await res.arrayBuffer()), size: Number(range[2]) };
      }
      await res.body?.cancel();
      if (res.status === 416 && range) return { bytes: new Uint8Array(0), size: Number(range[2]) };
      if (res.status === 200 || res.status === 206)
        throw fault(
          `its host ignored the Range header (it answered ${res.status} with ${res.status === 200 ? 'the whole file' : 'another range'})`,
          RANGE_ADVICE,
        );
      if (res.status === 412)
        throw fault(
          'it was replaced at its URL while being read',
          'Publish each pack under a new name (regstat-<digest>.pack) and switch to it in one step.',
        );
      throw fault(
        `its host answered ${res.status} ${res.statusText}`.trim(),
        'Check the URL and that the pack is published there.',
      );
    },
  };
}
