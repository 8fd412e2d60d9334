// The edge worker's deployment: the wrangler.toml the bundle writes beside worker.js, and the same
// settings for npm run edge, which runs the worker in workerd here. One pack name per digest, so a new
// build is a new object and the worker switches to it in one deploy.

export const EDGE_WORKER_FILE = 'worker.js';
export const WRANGLER_FILE = 'wrangler.toml';
/** node:zlib (brotli) in workerd needs nodejs_compat. */
export const COMPATIBILITY_DATE = '2025-09-01';
export const COMPATIBILITY_FLAGS = ['nodejs_compat'];
export const PACK_BINDING = 'PACK';
export const DEFAULT_BUCKET = 'regstat';

/** The name a pack is published under: its digest, so that names never repeat across builds. */
export const packName = (digest: string) => `regstat-${digest}.pack`;

export function wranglerToml(digest: string): string {
  const key = packName(digest);
  return `# regstat edge worker: the whole API from one pack, ${key}.
# Deploy (docs/hosts/cloudflare.md: "Deploy the whole API in one upload"), from this folder:
#   npx wrangler r2 bucket create ${DEFAULT_BUCKET}                       (once)
#   npx wrangler r2 object put ${DEFAULT_BUCKET}/${key} --file dist.pack --remote
#   npx wrangler deploy
# A new build has a new digest: upload its pack beside the old one, then deploy its worker.js and this
# file; every answer switches at once. Delete the old pack after the deploy.
name = "regstat"
main = "${EDGE_WORKER_FILE}"
compatibility_date = "${COMPATIBILITY_DATE}"
compatibility_flags = [${COMPATIBILITY_FLAGS.map((f) => JSON.stringify(f)).join(', ')}]

[[r2_buckets]]
binding = "${PACK_BINDING}"
bucket_name = "${DEFAULT_BUCKET}"

[vars]
PACK_KEY = "${key}"
# Or serve the pack from any host that honours Range (a static host, S3, GCS, a release asset): drop the
# r2_buckets section above and set its URL instead. PACK_URL wins when both are set.
# PACK_URL = "https://example.org/${key}"
`;
}
