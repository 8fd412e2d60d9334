// npm run edge -- --pack <file or http(s) URL> [--port 8787] [--host 127.0.0.1] [--no-answer-cache]
// Runs the edge worker (the bundle's worker.js) in workerd, Cloudflare's own runtime, through
// miniflare: a local file is put in a simulated R2 bucket under its digest's name, as an operator
// uploads it; a URL is read by Range as the deployed worker would. No account, no network. The pack is
// checked here first, so a bad one is one line before anything starts; the port asked for opens only
// once the pack is in the bucket and the worker has read it.

import { openAsBlob } from 'node:fs';
import { resolve } from 'node:path';
import type { MiniflareOptions } from 'miniflare';
import { Pack } from '../pack/reader.ts';
import { fileSource } from '../pack/range-sources/file.ts';
import { httpSource } from '../pack/range-sources/http.ts';
import { edgeWorkerScript } from '../deploy/scripts.ts';
import {
  COMPATIBILITY_DATE,
  COMPATIBILITY_FLAGS,
  DEFAULT_BUCKET,
  EDGE_WORKER_FILE,
  PACK_BINDING,
  packName,
} from '../deploy/wrangler.ts';
import { parsePort, runCommand, type CommandSpec } from './source-options.ts';
import { UsageError, UserError } from '../user-error.ts';

export const EDGE_COMMAND = {
  name: 'npm run edge',
  summary:
    "Runs the edge worker (the bundle's worker.js) in workerd, Cloudflare's runtime, on this machine: the whole API from one pack, a local file put in a simulated R2 bucket or a URL read by Range. No account or network needed.",
  options: {
    pack: {
      type: 'string',
      value: '<file or URL>',
      help: 'the pack: a file written by npm run bundle (dist.pack), or an http(s) URL of one',
      shownDefault: 'none: required',
    },
    port: { type: 'string', default: '8787', value: '<n>', help: 'the port to listen on' },
    host: { type: 'string', default: '127.0.0.1', value: '<address>', help: 'the address to listen on' },
    'no-answer-cache': {
      type: 'boolean',
      default: false,
      help: 'keep no answers in the Cache API (every answer then reads the pack: to measure it)',
    },
  },
  example: 'npm run edge -- --pack regstat/dist.pack --port 8787',
  docs: "Runs the edge worker (`worker.js`) on this machine in **workerd**, Cloudflare's own runtime (npm `miniflare`, a development dependency: `npm ci`, or `npm install --include=dev` after `npm ci --omit=dev`; no account, no network): a local pack is put in a simulated R2 bucket under its digest's name, as an operator uploads it; a URL is read by Range, as the deployed worker reads it. The pack is checked first: a bad one is one line and exit 1.",
} as const satisfies CommandSpec;

interface EdgeOptions {
  /** A file or an http(s) URL. */
  pack: string;
  port?: number;
  host?: string;
  answerCache?: boolean;
  /** A port for V8's inspector (the bench reads the isolate's heap through it). */
  inspectorPort?: number;
}

export interface RunningEdge {
  base: string;
  digest: string;
  /** What the worker reads: R2 (a local file put in the simulated bucket) or a URL. */
  from: 'r2' | 'url';
  /** What the worker's first answer (/api/v1/prefectures, from a cold isolate) cost, as its Server-Timing says: pack;desc="reads=3 bytes=…". */
  firstAnswer: string;
  stop(): Promise<void>;
}

/**
 * miniflare, and with it workerd and sharp (166 MB of the 265 MB npm ci --omit=dev installed), is a
 * development dependency: only this command runs it, and a server has no use for it. Loaded when the
 * command runs, it is one line saying how to install it where it is absent. (npm install --no-save
 * miniflare@… does not do: with --omit=dev npm leaves a devDependency out even when named, without it
 * npm adds every devDependency anyway.)
 */
export async function loadMiniflare(load = () => import('miniflare')): Promise<typeof import('miniflare')> {
  try {
    return await load();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    throw new UserError(
      'npm run edge runs the worker in miniflare, a development dependency this install left out (npm ci --omit=dev): add the development dependencies with npm install --include=dev',
      { cause: e },
    );
  }
}

const isUrl = (pack: string) => /^https?:\/\//i.test(pack);

/** The part of R2's multipart upload this uses (miniflare's proxy of the bucket binding). */
interface MultipartBucket {
  createMultipartUpload(key: string): Promise<{
    uploadPart(part: number, value: Blob): Promise<unknown>;
    complete(parts: unknown[]): Promise<unknown>;
  }>;
}

/**
 * Puts a file in the simulated bucket as an operator's upload tool does a large one: in parts (miniflare
 * carries at most 128 MiB in one value, and R2 takes parts of 5 MiB to 5 GiB, all but the last of one size).
 */
async function putInBucket(bucket: unknown, key: string, file: string): Promise<void> {
  const PART = 64 << 20;
  const blob = await openAsBlob(file);
  const upload = await (bucket as MultipartBucket).createMultipartUpload(key);
  const parts: unknown[] = [];
  for (let at = 0; at < blob.size || parts.length === 0; at += PART)
    parts.push(await upload.uploadPart(parts.length + 1, blob.slice(at, at + PART)));
  await upload.complete(parts);
}

/** Checks the pack as the worker will read it, then runs the worker in workerd; throws a PackError for a bad pack. */
export async function startEdge(o: EdgeOptions): Promise<RunningEdge> {
  const { Log, LogLevel, Miniflare } = await loadMiniflare();
  const url = isUrl(o.pack);
  const file = url ? o.pack : resolve(o.pack);
  const pack = await Pack.open(url ? httpSource(file) : fileSource(file));
  await pack.close();
  const key = packName(pack.digest);
  const options = (host: string, port: number): MiniflareOptions => ({
    modules: [{ type: 'ESModule', path: EDGE_WORKER_FILE, contents: edgeWorkerScript() }],
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    ...(url ? {} : { r2Buckets: { [PACK_BINDING]: DEFAULT_BUCKET } }),
    bindings: {
      ...(url ? { PACK_URL: file } : { PACK_KEY: key }),
      ...(o.answerCache === false ? { REGSTAT_CACHE: 'off' } : {}),
    },
    host,
    port,
    log: new Log(LogLevel.WARN),
    ...(o.inspectorPort ? { inspectorPort: o.inspectorPort } : {}),
    // No request to workers.cloudflare.com for a sample request.cf object: nothing here uses the network.
    cf: false,
  });
  // workerd listens on a port of its own while the pack goes into the bucket (seconds for a large one) and
  // the worker reads it, and then on the port asked for (a restart; the bucket and the Cache API stay): a
  // request there never meets an empty bucket, and a pack the worker cannot read never opens it.
  const mf = new Miniflare(options('127.0.0.1', 0));
  try {
    const staging = (await mf.ready).origin;
    if (!url) await putInBucket(await mf.getR2Bucket(PACK_BINDING), key, file);
    const firstAnswer = await firstRead(staging, file);
    await mf.setOptions(options(o.host ?? '127.0.0.1', o.port ?? 8787));
    const base = (await mf.ready).origin;
    return { base, digest: pack.digest, from: url ? 'url' : 'r2', firstAnswer, stop: () => mf.dispose() };
  } catch (e) {
    await mf.dispose();
    throw e;
  }
}

/** The worker's own first read, which may fail where this process's did not (a URL workerd cannot reach): its Server-Timing. */
async function firstRead(base: string, file: string): Promise<string> {
  const probe = await fetch(`${base}/api/v1/prefectures`);
  if (probe.status === 503)
    throw new UserError(
      `the edge worker cannot read ${file}: ${((await probe.json()) as { description: string }).description}`,
    );
  await probe.body?.cancel();
  return probe.headers.get('server-timing') ?? '';
}

runCommand(import.meta, EDGE_COMMAND, async ({ values }) => {
  if (!values.pack)
    throw new UsageError(
      'npm run edge needs --pack <file or URL>: a dist.pack written by npm run bundle, or an http(s) URL of one',
    );
  const edge = await startEdge({
    pack: values.pack,
    port: parsePort(values.port),
    host: values.host,
    answerCache: !values['no-answer-cache'],
  });
  const where =
    edge.from === 'r2' ? `${values.pack} as R2 object ${DEFAULT_BUCKET}/${packName(edge.digest)}` : values.pack;
  process.stderr.write(
    `regstat: the edge worker in workerd serves ${where} at ${edge.base}/ (try ${edge.base}/api/v1/prefectures)\n`,
  );
  const stop = () => void edge.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
