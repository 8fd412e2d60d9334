// A server for the origin bench, in a process of its own so its memory is its own: `regstat` (the Node
// server over a dist with a given cache budget) or `bare` (node:http sending one response from memory,
// with the same headers regstat sends for it: the yardstick of Node's own limit).
// node --import tsx origin-server.ts regstat <dist> <port> <cacheMB> | bare <port> <headers.json> <body file>

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createApiServer } from '../server/node.ts';

const [kind, ...args] = process.argv.slice(2);
if (kind === 'regstat') {
  const [dir, port, mb] = args as [string, string, string];
  createApiServer({ dir, cacheBytes: Number(mb) * 1024 * 1024 }).listen(Number(port), '127.0.0.1');
} else {
  const [port, headersFile, bodyFile] = args as [string, string, string];
  const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>;
  const body = readFileSync(bodyFile);
  createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  }).listen(Number(port), '127.0.0.1');
}
