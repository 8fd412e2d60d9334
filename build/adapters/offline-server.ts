// serve.mjs of the offline bundle: the whole API with nothing but Node (no npm install). It resolves
// and composes through the shared handler and serves dist's other files as they are, every one read
// from the bundle's pack (build/pack/reader.ts over a local file): a path is only ever looked up in its
// directory.

import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { syntheticNotice } from '../runtime/data-kind.ts';
import { scopeNotice } from '../runtime/scope-notice.ts';
import { COMMON_HEADERS } from '../runtime/respond.ts';
import type { ErrorMode } from '../runtime/errors.ts';
import type { RouteTable } from '../runtime/routes.ts';
import { staticPath, typeOf } from '../runtime/static-path.ts';
import { answerClientError, apiServerHandler, type Store } from '../server/api-server.ts';
import { notFoundText, sendStatic } from '../server/static-file.ts';
import { logRequests } from '../server/request-log.ts';
import { Pack } from '../pack/reader.ts';
import { fileSource } from '../pack/range-sources/file.ts';
import { PackError } from '../user-error.ts';

/** The data file beside serve.mjs, as build/cli/bundle.ts names it. */
export const DATA_FILE = 'dist.pack';

/** What to do about a bad data file of the offline bundle. */
export const BUNDLE_ADVICE =
  'Unpack the bundle again (tar xzf regstat.tar.gz), or write a new one (npm run bundle -- --dir dist --out regstat.tar.gz).';

/** What a client is told of a pack that fails: what is wrong, not where the pack lives. */
const unusable = (problem: string) => `The bundle's data file cannot be used: ${problem}.`;

/** Opens the bundle's pack with the offline server's caches: 64 MB of blocks, 64 MB of directory leaves. */
export const openBundlePack = async (file: string) =>
  Pack.open(fileSource(file), { advice: BUNDLE_ADVICE, blockCacheBytes: 64 << 20, leafCacheBytes: 64 << 20 });

/**
 * For /healthz: the pack the server reads (the same open file) opened again, with no cache, and a file
 * read through it, so that a pack truncated or overwritten in place since the start is told, not hidden
 * by the blocks the server has kept. Null when it reads, else what is wrong. (Not closed: the file is the server's.)
 */
async function packAnswers(pack: Pack): Promise<string | null> {
  try {
    const now = await Pack.open(pack.source, { advice: BUNDLE_ADVICE, blockCacheBytes: 0, leafCacheBytes: 0 });
    if (now.digest !== pack.digest) return 'it was overwritten with another pack while being served';
    await now.check();
    return null;
  } catch (e) {
    process.stderr.write(`regstat offline bundle: /healthz: ${(e as Error).message}\n`);
    return e instanceof PackError ? e.problem : 'reading it failed';
  }
}

/** The Node server's core over the pack: the same answers, caches and limits as npm run serve. */
export async function offlineServer(pack: Pack, o: { errors?: ErrorMode; log?: (text: string) => void } = {}) {
  const text = pack.table;
  if (!text)
    throw new PackError(pack.source.name, 'it has no routes.json (it was not made by npm run bundle)', BUNDLE_ADVICE);
  const table = JSON.parse(Buffer.from(text).toString('utf8')) as RouteTable;
  const store: Store = {
    changes: false,
    failure: 'Could not read the bundle',
    signature: async () => pack.digest,
    table: async () => table,
    // A copy: the pack's bytes are a view of a whole block, which a cached entry would keep alive. A PackError
    // goes to the core, whose 500 says what is wrong (its problem), not where the pack lives; the log has both.
    read: (path) => pack.get(path).then((b) => b && Buffer.from(b)),
    health: () => packAnswers(pack),
    serveStatic(req, res, raw) {
      const path = staticPath(raw);
      if (path === null) return notFoundText(res);
      pack.get(path).then(
        (body) => (body ? sendStatic(req, res, Buffer.from(body), typeOf(path)) : notFoundText(res)),
        (e: Error) => {
          process.stderr.write(`regstat offline bundle: ${e.message}\n`);
          res.writeHead(500, { 'Content-Type': 'text/plain;charset=UTF-8', ...COMMON_HEADERS });
          res.end(`${unusable(e instanceof PackError ? e.problem : 'reading it failed')}\n`);
        },
      );
    },
  };
  const server = createServer(apiServerHandler(store, { signature: pack.digest, table }, o)).on(
    'clientError',
    answerClientError,
  );
  return o.log ? logRequests(server, o.log) : server;
}

const USAGE = `node serve.mjs [options]: serves the regstat API from the bundle's data file, with nothing installed.

  --port <n>              port to listen on (default 3000, or PORT)
  --host <address>        address to listen on (default 127.0.0.1, or HOST)
  --data <file>           the data file (default dist.pack beside serve.mjs)
  --errors status|resas   errors as real HTTP status codes (default) or as the original API answered them
  --quiet                 no request log (by default one line per request on stderr)
  -h, --help              this text

example: node serve.mjs --port 8080, then open http://127.0.0.1:8080/api/v1/prefectures
`;

async function main(): Promise<void> {
  const die = (message: string, code = 1): never => {
    process.stderr.write(`regstat offline bundle: ${message}\n`);
    process.exit(code);
  };
  let values: { port: string; host: string; data?: string; errors?: string; quiet?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env.PORT ?? '3000' },
        host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
        data: { type: 'string' },
        errors: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }) as { values: typeof values });
  } catch (e) {
    return die(`${(e as Error).message}. The options are --port, --host, --data, --errors, --quiet and --help.`, 2);
  }
  if (values.help) return void process.stdout.write(USAGE);
  if (values.errors !== undefined && values.errors !== 'status' && values.errors !== 'resas')
    die(`--errors takes status or resas, not ${JSON.stringify(values.errors)}.`, 2);
  const file = values.data ?? join(dirname(fileURLToPath(import.meta.url)), DATA_FILE);
  let server: Awaited<ReturnType<typeof offlineServer>>;
  let pack: Pack;
  let notice = '';
  try {
    pack = await openBundlePack(file);
    server = await offlineServer(pack, {
      errors: values.errors as ErrorMode | undefined,
      ...(values.quiet ? {} : { log: (text: string) => process.stderr.write(text) }),
    });
    const table = JSON.parse(Buffer.from(pack.table!).toString('utf8')) as RouteTable;
    notice = `${scopeNotice(table)}\n${syntheticNotice(table) ?? ''}`.trim();
  } catch (e) {
    const missing = e instanceof PackError && e.problem === 'it does not exist';
    return die(
      missing ? `${file} does not exist; give the bundle's data file with --data <file>` : (e as Error).message,
    );
  }
  server.on('error', (e: NodeJS.ErrnoException) =>
    die(
      e.code === 'EADDRINUSE'
        ? `port ${values.port} is in use: stop the other server or pass --port ${Number(values.port) + 1}`
        : e.message,
    ),
  );
  server.listen(Number(values.port), values.host, () =>
    process.stderr.write(
      `regstat offline bundle: serving ${file} (${pack.entries} files) at http://${values.host}:${values.port}/\n${notice
        .split('\n')
        .map((line) => `regstat offline bundle: ${line}\n`)
        .join('')}`,
    ),
  );
}

// Run as node serve.mjs (see USAGE)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
