import { createHash } from 'node:crypto';

/** One line per file: path, size and SHA-1, sorted by path. */
export function treeDigest(files: Map<string, string>): string {
  return [...files]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, body]) => `${path} ${Buffer.byteLength(body)} ${createHash('sha1').update(body).digest('hex')}`)
    .join('\n') + '\n';
}
