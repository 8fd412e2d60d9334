// serve.mjs of the offline bundle: the whole API with nothing but Node (no npm install). It resolves
// and composes through the shared handler and serves dist's other files as they are.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CORS_HEADERS } from '../runtime/respond.ts';
import { apiHandler } from './handler.ts';

const TYPES: Record<string, string> = { '.json': 'application/json;charset=UTF-8', '.html': 'text/html;charset=UTF-8', '.js': 'text/javascript;charset=UTF-8', '.txt': 'text/plain;charset=UTF-8' };

export function offlineServer(dir: string) {
  const read = (path: string) => readFile(join(dir, path), 'utf8').catch(() => null);
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
      // Static files: the decoded path must stay inside dir.
      let path = decodeURIComponent(new URL(request.url).pathname);
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(dir, path));
      if (!file.startsWith(normalize(dir) + sep)) throw new Error('outside');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', ...CORS_HEADERS });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain;charset=UTF-8' });
      res.end('Not found\n');
    }
  });
}

// Run as node serve.mjs [--port 3000] [--host 127.0.0.1] [--dir <dist beside this file>]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3000' }, host: { type: 'string', default: '127.0.0.1' }, dir: { type: 'string' } } });
  const dir = values.dir ?? join(dirname(fileURLToPath(import.meta.url)), 'dist');
  offlineServer(dir).listen(Number(values.port), values.host, () => process.stderr.write(`regstat offline bundle: serving ${dir} at http://${values.host}:${values.port}/\n`));
}
