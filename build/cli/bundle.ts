// npm run bundle -- --dir <dist> --out <file.tar.gz>
// One archive with dist/ and serve.mjs, which serves it with plain `node serve.mjs --port <n>`:
// no npm install, no network, composition included.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { offlineServerScript } from '../deploy/scripts.ts';
import { fail } from './fail.ts';

export function writeBundle(dist: string, out: string): void {
  if (!existsSync(join(dist, 'routes.json'))) throw new Error(`${dist} is not a regstat dist (it has no routes.json); build one with npm run build.`);
  const stage = mkdtempSync(join(tmpdir(), 'regstat-bundle-'));
  try {
    const top = join(stage, 'regstat');
    mkdirSync(top);
    writeFileSync(join(top, 'serve.mjs'), offlineServerScript());
    writeFileSync(
      join(top, 'README.txt'),
      'regstat offline bundle: a RESAS API v1 compatible API as files.\n\nRun:  node serve.mjs --port 3000   (Node 18 or later; nothing to install)\nThen: http://127.0.0.1:3000/api/v1/prefectures\n\nWhere the numbers come from: dist/manifest.json (a sample build is SYNTHETIC data).\n',
    );
    symlinkSync(resolve(dist), join(top, 'dist'));
    // -h stores the files the dist link points at; GNU tar gzip-compresses with -z.
    const r = spawnSync('tar', ['-czhf', resolve(out), '-C', stage, 'regstat'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tar failed: ${r.stderr || r.error?.message}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' }, out: { type: 'string' } } });
    const out = values.out ?? `${basename(resolve(values.dir!))}.tar.gz`;
    writeBundle(values.dir!, out);
    process.stderr.write(`regstat: wrote ${out}; unpack it and run node regstat/serve.mjs --port 3000\n`);
  } catch (e) {
    fail(e);
  }
}
