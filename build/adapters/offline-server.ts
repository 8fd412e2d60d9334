// serve.mjs of the offline bundle: the whole API with nothing but Node (no npm install). It resolves
// and composes through the shared handler and serves dist's other files as they are, every one read
// from the bundle's archive (archive-reader.ts): a path is only ever looked up in its index.

import { createServer } from 'node:http';
import { dirname, extname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CORS_HEADERS } from '../runtime/respond.ts';
import { Archive, ArchiveError } from './archive-reader.ts';
import { apiHandler } from './handler.ts';

const TYPES: Record<string, string> = { '.json': 'application/json;charset=UTF-8', '.html': 'text/html;charset=UTF-8', '.js': 'text/javascript;charset=UTF-8', '.txt': 'text/plain;charset=UTF-8' };

/** The data file beside serve.mjs, as build/cli/bundle.ts names it. */
export const DATA_FILE = 'dist.pack';

export function offlineServer(archive: Archive) {
  const read = async (path: string) => (await archive.get(path))?.toString('utf8') ?? null;
  const handle = apiHandler(async () => JSON.parse((await read('/routes.json')) ?? 'null'), read);
  return createServer(async (req, res) => {
    try {
      const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method ?? 'GET' });
      const api = await handle(request);
      if (api) {
        res.writeHead(api.status, Object.fromEntries(api.headers));
        res.end(api.body ? Buffer.from(await api.arrayBuffer()) : undefined);
        return;
      }
      let path = decodeURIComponent(new URL(request.url).pathname);
      if (path.endsWith('/')) path += 'index.html';
      // As when dist was a folder, a path that climbs above its root is not found.
      const inside = posix.join('/dist', path);
      if (!inside.startsWith('/dist/')) throw new Error('outside');
      const body = await archive.get(inside.slice('/dist'.length));
      if (!body) throw new Error('not found');
      res.writeHead(200, { 'Content-Type': TYPES[extname(inside)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', ...CORS_HEADERS });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      if (e instanceof ArchiveError) {
        process.stderr.write(`regstat offline bundle: ${e.message}\n`);
        res.writeHead(500, { 'Content-Type': 'text/plain;charset=UTF-8' });
        res.end(`${e.message}\n`);
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain;charset=UTF-8' });
      res.end('Not found\n');
    }
  });
}

// Run as node serve.mjs [--port 3000] [--host 127.0.0.1] [--data <dist.pack beside this file>]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3000' }, host: { type: 'string', default: '127.0.0.1' }, data: { type: 'string' } } });
  const file = values.data ?? join(dirname(fileURLToPath(import.meta.url)), DATA_FILE);
  let archive: Archive;
  try {
    archive = Archive.open(file);
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    process.stderr.write(`regstat offline bundle: ${missing ? `${file} does not exist; give the bundle's data file with --data <file>` : (e as Error).message}\n`);
    process.exit(1);
  }
  offlineServer(archive).listen(Number(values.port), values.host, () => process.stderr.write(`regstat offline bundle: serving ${file} (${archive.entries} files) at http://${values.host}:${values.port}/\n`));
}
