// Sending a static file (docs page, manifests) held in memory: revalidated by its ETag, as serve-handler
// does for a folder. These files change with every build, so clients always revalidate them.

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COMMON_HEADERS } from '../runtime/respond.ts';
import { noneMatch } from './negotiate.ts';

export function sendStatic(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string): void {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const common = { ETag: etag, 'Cache-Control': 'no-cache', ...COMMON_HEADERS };
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && noneMatch(inm, [etag])) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(body.length), ...common });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function notFoundText(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain;charset=UTF-8', ...COMMON_HEADERS });
  res.end('Not found\n');
}
