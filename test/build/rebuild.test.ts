// A rebuild into the folder a server is serving: the build swaps its tree in whole, and the server
// switches to it whole. While it happens, every answer is one build's (a composition never sums files of
// two builds); once the build has finished, every answer is the new build's.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { DiskEffects } from '../../build/core/effects.ts';
import { operationsOf } from '../../build/ops/index.ts';
import { createApiServer } from '../../build/server/node.ts';
import { toCsv } from '../../sources/csv.ts';
import { dirSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';
import { close, listen } from '../helpers/http.ts';
import { ROOT } from '../helpers/paths.ts';
import { sampleSources } from '../helpers/sample.ts';

const work = mkdtempSync(join(tmpdir(), 'regstat-rebuild-'));
const served = join(work, 'dist');
const scope = { prefs: [13], operations: operationsOf(['population']) };

/**
 * A sources folder of Tokyo's population, as a user's own tables would be: the masters and the sample's
 * rows of prefecture 13, each count raised by `more` (0: the sample's, 1: another build's). The population
 * operations whose other tables it lacks are left out of both builds; generating another seed's tables
 * instead took 22 s.
 */
function tokyo(name: string, more: number): string {
  const dir = join(work, name);
  mkdirSync(dir);
  const { tables } = sampleSources();
  const counts: Partial<Record<TableName, string[]>> = {
    population_years: [],
    population_by_age_sex: ['count'],
    vital_events: ['births', 'deaths', 'inMigrants', 'outMigrants'],
  };
  for (const name of ['prefectures', 'municipalities', ...Object.keys(counts)] as TableName[]) {
    const table = tables[name]!.table;
    const columns = table.columnNames();
    const raised = counts[name] ?? [];
    const rows = (table.objects() as Record<string, string | number>[])
      .filter((r) => !('regionCode' in r) || String(r.regionCode).startsWith('13'))
      .map((r) => columns.map((c) => (raised.includes(c) ? (r[c] as number) + more : r[c]!)));
    writeFileSync(join(dir, `${name}.csv`), toCsv(columns, rows));
  }
  return dir;
}
const dirs = { old: tokyo('old', 0), new: tokyo('new', 1) };
const buildInto = (out: string, which: 'old' | 'new') =>
  build({ sources: loadSources(dirSourceSet(dirs[which])), ...scope }, new DiskEffects(out));

const wards = [
  '13101',
  '13102',
  '13103',
  '13104',
  '13105',
  '13106',
  '13107',
  '13108',
  '13109',
  '13110',
  '13111',
  '13112',
];
const URLS = [
  ...wards.map((c) => `/api/v1/population/composition/perYear?prefCode=13&cityCode=${c}`),
  ...wards.map((c) => `/api/v1/population/sum/perYear?prefCode=13&cityCode=${c}`),
  // Compositions whose first file is cached before the rebuild and whose others are not
  ...wards.slice(0, 6).map(
    (c, i) =>
      `/api/v1/population/composition/perYear?prefCode=13&cityCode=${c}&addArea=${wards
        .slice(6 + i)
        .map((w) => `13_${w}`)
        .join(',')}`,
  ),
  '/api/v1/population/sum/estimate?prefCode=13&cityCode=-', // a prefecture's births, deaths and migrants
];

const servers = {} as Record<'old' | 'new', ReturnType<typeof createApiServer>>;
let expected: Map<string, { old: string; new: string }>;

beforeAll(async () => {
  buildInto(join(work, 'a'), 'old');
  buildInto(join(work, 'b'), 'new');
  buildInto(served, 'old');
  servers.old = createApiServer({ dir: join(work, 'a') });
  servers.new = createApiServer({ dir: join(work, 'b') });
  const bases = { old: await listen(servers.old), new: await listen(servers.new) };
  expected = new Map();
  for (const u of URLS) {
    const [a, b] = await Promise.all([
      fetch(bases.old + u).then((r) => r.text()),
      fetch(bases.new + u).then((r) => r.text()),
    ]);
    expect(a, `${u}: the two builds must differ for the test to mean anything`).not.toBe(b);
    expected.set(u, { old: a, new: b });
  }
}, 300_000);

afterAll(async () => {
  if (servers.old) await Promise.all([close(servers.old), close(servers.new)]);
  rmSync(work, { recursive: true, force: true });
});

it('never mixes two builds in one answer, and answers with the new build once it is in', async () => {
  const server = createApiServer({ dir: served, pollMs: 100 });
  const base = await listen(server);
  try {
    // Half the files are cached by the old build; the rest will be read while the new one swaps in.
    for (const u of URLS.filter((_, i) => i % 2 === 0)) await fetch(base + u);
    const rebuild = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'build/cli/build.ts',
        '--out',
        served,
        '--prefs',
        '13',
        '--only',
        'population',
        '--sources',
        dirs.new,
      ],
      { cwd: ROOT, stdio: 'ignore', env: { ...process.env, REGSTAT_CACHE: join(work, 'cache') } },
    );
    const finished = new Promise<number | null>((ok) => rebuild.on('exit', ok));
    let done = false;
    void finished.then(() => (done = true));
    const seen = { old: 0, new: 0 };
    const load = async () => {
      for (let i = 0; !done; i++) {
        const u = URLS[(i * 7 + Math.floor(Math.random() * URLS.length)) % URLS.length]!;
        const body = await (await fetch(base + u)).text();
        const e = expected.get(u)!;
        if (body === e.old) seen.old++;
        else if (body === e.new) seen.new++;
        else expect.fail(`${u} answered with neither build's answer: ${body.slice(0, 200)}`);
      }
    };
    await Promise.all([load(), load(), load(), load()]);
    expect(await finished, 'the rebuild succeeded').toBe(0);
    expect(seen.old, 'answers from the old build while the new one was made').toBeGreaterThan(0);
    await new Promise((ok) => setTimeout(ok, 300)); // one poll
    for (const u of URLS)
      expect(await (await fetch(base + u)).text(), `${u} after the switch`).toBe(expected.get(u)!.new);
  } finally {
    await close(server);
  }
}, 300_000);
