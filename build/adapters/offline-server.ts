// serve.mjs of the offline bundle: the whole API with nothing but Node (no npm install). It resolves
// and composes through the shared handler and serves dist's other files as they are, every one read
// from the bundle's archive (archive-reader.ts): a path is only ever looked up in its index.

import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CORS_HEADERS } from '../runtime/respond.ts';
import type { ErrorMode } from '../runtime/errors.ts';
import { answerClientError, apiServerHandler, type Store } from '../server/core.ts';
import { notFoundText, sendStatic } from '../server/static-file.ts';
import { staticPath, typeOf } from '../server/static-path.ts';
import { Archive, ArchiveError } from './archive-reader.ts';

/** The data file beside serve.mjs, as build/cli/bundle.ts names it. */
export const DATA_FILE = 'dist.pack';

/** The Node server's core over the archive: the same answers, caches and limits as npm run serve. */
export async function offlineServer(archive: Archive, o: { errors?: ErrorMode } = {}) {
  const fault = (e: unknown) => {
    if (e instanceof ArchiveError) process.stderr.write(`regstat offline bundle: ${e.message}\n`);
    throw e;
  };
  const store: Store = {
    changes: false,
    failure: 'Could not read the bundle',
    signature: async () => 'archive',
    table: async () => JSON.parse((await archive.get('/routes.json'))!.toString('utf8')),
    // A copy: the archive's bytes are a view of a whole block, which a cached entry would keep alive.
    read: (path) => archive.get(path).then((b) => b && Buffer.from(b), fault),
    serveStatic(req, res, raw) {
      const path = staticPath(raw);
      if (path === null) return notFoundText(res);
      archive.get(path).then(
        (body) => (body ? sendStatic(req, res, body, typeOf(path)) : notFoundText(res)),
        (e: Error) => {
          process.stderr.write(`regstat offline bundle: ${e.message}\n`);
          res.writeHead(500, { 'Content-Type': 'text/plain;charset=UTF-8', ...CORS_HEADERS });
          res.end(`${e.message}\n`);
        },
      );
    },
  };
  const routes = await archive.get('/routes.json');
  if (!routes) throw new ArchiveError(archive.file, 'it has no routes.json (it was not made by npm run bundle)');
  return createServer(apiServerHandler(store, { signature: 'archive', table: JSON.parse(routes.toString('utf8')) }, o)).on('clientError', answerClientError);
}

const USAGE = `node serve.mjs [options]: serves the regstat API from the bundle's data file, with nothing installed.

  --port <n>              port to listen on (default 3000, or PORT)
  --host <address>        address to listen on (default 127.0.0.1, or HOST)
  --data <file>           the data file (default dist.pack beside serve.mjs)
  --errors status|resas   errors as real HTTP status codes (default) or as the original API answered them
  -h, --help              this text

example: node serve.mjs --port 8080, then open http://127.0.0.1:8080/api/v1/prefectures
`;

function main(): void {
  const die = (message: string, code = 1): never => {
    process.stderr.write(`regstat offline bundle: ${message}\n`);
    process.exit(code);
  };
  let values: { port: string; host: string; data?: string; errors?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env.PORT ?? '3000' },
        host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
        data: { type: 'string' },
        errors: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }) as { values: typeof values });
  } catch (e) {
    return die(`${(e as Error).message}. The options are --port, --host, --data, --errors and --help.`, 2);
  }
  if (values.help) return void process.stdout.write(USAGE);
  if (values.errors !== undefined && values.errors !== 'status' && values.errors !== 'resas')
    die(`--errors takes status or resas, not ${JSON.stringify(values.errors)}.`, 2);
  const file = values.data ?? join(dirname(fileURLToPath(import.meta.url)), DATA_FILE);
  let archive: Archive;
  try {
    archive = Archive.open(file);
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    return die(missing ? `${file} does not exist; give the bundle's data file with --data <file>` : (e as Error).message);
  }
  offlineServer(archive, { errors: values.errors as ErrorMode | undefined }).then(
    (server) => {
      server.on('error', (e: NodeJS.ErrnoException) =>
        die(e.code === 'EADDRINUSE' ? `port ${values.port} is in use: stop the other server or pass --port ${Number(values.port) + 1}` : e.message),
      );
      server.listen(Number(values.port), values.host, () =>
        process.stderr.write(`regstat offline bundle: serving ${file} (${archive.entries} files) at http://${values.host}:${values.port}/\n`),
      );
    },
    (e: Error) => die(e.message),
  );
}

// Run as node serve.mjs (see USAGE)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
