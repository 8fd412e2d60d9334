import '../helpers/sample-ready.ts';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSourceSet } from '../../sources/dir.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { ROOT, SAMPLE_DIST, TMP } from '../helpers/paths.ts';
import { operationOfFile, sampleFiles } from '../helpers/dist.ts';
import { SAMPLE_TABLES, sampleSources } from '../helpers/sample.ts';
import { FULL } from '../helpers/scope.ts';

// The command reads the sample's checked tables from the run's shared cache, as it reads its own.
const env = { ...process.env, REGSTAT_CACHE: SAMPLE_TABLES };
const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'build/cli/build.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
  });
const digestTree = async (dir: string) => {
  const files = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return files.map(
    (f) =>
      `${f} ${createHash('sha1')
        .update(readFileSync(join(dir, f)))
        .digest('hex')}`,
  );
};

describe('build output', () => {
  // In test:full. By default golden.test.ts holds prefecture 31, built from the run's checked tables in a
  // process of the global setup, to the golden tree; on a clean clone (CI) those tables were generated and
  // parsed from text earlier in the same run. This adds a build from text in a process of its own, with no
  // cache between (test/helpers/golden-from-text.ts).
  it.runIf(FULL)('is byte-for-byte identical for the same sources (every operation, in a process of its own)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers/golden-from-text.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    expect(run.status, run.stderr).toBe(0);
    const { files, changes } = JSON.parse(run.stdout) as { files: number; changes: string[] };
    expect(files).toBeGreaterThan(4000);
    expect(changes, 'differs from the golden tree').toEqual([]);
  });

  it('describes itself in manifest.json: dataset, hashes, row counts, operations and file counts', async () => {
    const m = JSON.parse(readFileSync(join(SAMPLE_DIST, 'manifest.json'), 'utf8'));
    // The tables as the run's cache holds them: test/sources/sources.test.ts holds the cache's hashes to the
    // generated text (hashing all 119 MB of it again here took 15 s).
    const tables = sampleSources().tables;
    expect(m.generator.name).toBe('regstat');
    expect(m.notice).toMatch(/^SYNTHETIC SAMPLE DATA/);
    expect(m.dataset).toMatchObject({ kind: 'sample', synthetic: true, seed: 'regstat-sample-1' });
    expect(m.dataset.tables.map((t: any) => t.name).sort()).toEqual(Object.keys(sampleSourceSet().files).sort());
    for (const t of m.dataset.tables) {
      const table = tables[t.name as keyof typeof tables]!;
      expect(t.sha256, t.name).toBe(table.sha256);
      expect(t.rows, t.name).toBe(table.table.numRows());
    }
    expect(m.scope.prefectures).toEqual([1, 13]);
    const perYear = m.operations.find((o: any) => o.path === '/api/v1/population/composition/perYear');
    expect(perYear.params.map((p: any) => [p.name, p.required, p.default])).toEqual([
      ['prefCode', true, undefined],
      ['cityCode', false, '-'],
      ['addArea', false, undefined],
    ]);
    expect(perYear.params[0].values).toEqual([1, 13]);
    expect(perYear.params[1].values).toContain('13101');
    expect(perYear.params[2].list).toEqual({ separator: ',', max: 10, entry: '<prefCode>_ or <prefCode>_<cityCode>' });
    // Every parameter says its canonical form (from the parameter-type table).
    for (const p of perYear.params) expect(p.canonical, p.name).toMatch(/./);
    const pyramid = m.operations.find((o: any) => o.path === '/api/v1/population/composition/pyramid');
    expect(pyramid.params.find((p: any) => p.name === 'yearLeft').values).toEqual([
      1980, 1985, 1990, 1995, 2000, 2005, 2010, 2015, 2020, 2025, 2030, 2035, 2040, 2045,
    ]);
    // Every parameter says what it accepts: a list of values, a range, or a list syntax.
    for (const op of m.operations) {
      for (const p of op.params) expect(p.values ?? p.list ?? p.max, `${op.path} ${p.name}`).toBeDefined();
    }
    const patents = m.operations.find((o: any) => o.path === '/api/v1/industry/patent/list');
    expect(patents.paging).toMatchObject({ param: 'offset', pageSize: 100 });
    expect(patents.params.find((p: any) => p.name === 'offset')).toMatchObject({ min: 0, required: true });
    expect(patents.params.find((p: any) => p.name === 'patentHolderId').values).toContain('C100001');
    const middle = m.operations.find((o: any) => o.path === '/api/v1/jobs/middle');
    expect(middle.params[0].values).toContain('B');
    const job = m.operations.find((o: any) => o.path === '/api/v1/municipality/job/perYear');
    expect(job.params.find((p: any) => p.name === 'ismcoCode')).toMatchObject({ valuesBy: 'iscoCode' });
    expect(job.params.find((p: any) => p.name === 'ismcoCode').values.B).toContain('12');
    // Each file belongs to the operation with the longest path that prefixes it.
    const files = sampleFiles()
      .filter((f) => f.startsWith('/api/v1/') && f.endsWith('/index.json'))
      .map((f) => f.slice(1));
    // Walking up a file's folders, where trying every operation's path in turn took 5 s more.
    const opPaths = new Set<string>(m.operations.map((o: any) => o.path));
    const owned = new Map<string | undefined, number>();
    for (const f of files) {
      const op = operationOfFile(opPaths, `/${f}`);
      owned.set(op, (owned.get(op) ?? 0) + 1);
    }
    let total = 0;
    for (const op of m.operations) {
      expect(owned.get(op.path) ?? 0, op.path).toBe(op.files);
      total += op.files;
    }
    expect(m.files).toBe(total); // API response files; routes.json, serve.json, index.html, openapi.json and manifest.json come on top
  });

  it('describes every operation in openapi.json with the parameters of its declaration', () => {
    const api = JSON.parse(readFileSync(join(SAMPLE_DIST, 'openapi.json'), 'utf8'));
    const routes = JSON.parse(readFileSync(join(SAMPLE_DIST, 'routes.json'), 'utf8'));
    expect(api.openapi).toBe('3.1.0');
    expect(Object.keys(api.paths)).toEqual(routes.operations.map((o: any) => o.path));
    for (const op of routes.operations) {
      // Aliases follow their parameter as parameters of their own; OpenAPI's required means required unconditionally (test/build/openapi.test.ts).
      const params = api.paths[op.path].get.parameters.filter(
        (p: any) => !op.params.some((d: any) => d.aliases?.includes(p.name)),
      );
      const unconditional = (d: any) =>
        d.required && !d.activeWhen && !d.ignored && !d.aliases && d.default === undefined;
      expect(params.map((p: any) => [p.name, p.required])).toEqual(
        op.params.map((d: any) => [d.name, unconditional(d)]),
      );
    }
    expect(api.paths['/api/v1/population/composition/pyramid'].get.parameters[2].schema.enum).toContain(2045);
  });
});

describe('the build command', () => {
  const out = join(TMP, 'cli-dist');
  const bad = join(TMP, 'bad-sources');
  beforeAll(() => {
    rmSync(out, { recursive: true, force: true });
    // The previous dist these tests protect: a small one keeps them fast.
    expect(cli(['--out', out, '--prefs', '31', '--only', 'population']).status).toBe(0);
    // The masters and the table with the bad row: generating and writing all 47 tables took 8 s more.
    const { dataset, files } = sampleSourceSet();
    const kept = ['prefectures', 'municipalities', 'population_by_age_group'] as const;
    rmSync(bad, { recursive: true, force: true });
    writeSourceSet({ dataset, files: Object.fromEntries(kept.map((name) => [name, files[name]])) }, bad);
    const groups = readFileSync(join(bad, 'population_by_age_group.csv'), 'utf8').split('\n');
    groups[3] = groups[3]!.replace(/^(\d+),(\d+),/, '$1,19x0,');
    writeFileSync(join(bad, 'population_by_age_group.csv'), groups.join('\n'));
  });

  it('fails on a bad source row with file, line and column, and leaves the previous dist intact', async () => {
    const before = await digestTree(out);
    const r = cli(['--sources', bad, '--out', out, '--prefs', '13']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `regstat: ${join(bad, 'population_by_age_group.csv')}:4:2: year: expected an integer from 1920 to 2100, found "19x0"`,
    );
    expect(await digestTree(out)).toEqual(before);
    expect(readdirSync(TMP).filter((f) => f.startsWith('cli-dist.'))).toEqual([]);
  });

  it('survives being killed mid-build: the previous dist stays, the next build cleans up', async () => {
    const before = await digestTree(out);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'build/cli/build.ts'), '--out', out, '--prefs', '13', '--only', 'population'],
      { cwd: ROOT, stdio: 'ignore', env },
    );
    const staging = `${out}.staging-${child.pid}`;
    for (let i = 0; i < 600 && !existsSync(join(staging, 'api/v1/population/composition/pyramid')); i++)
      await new Promise((ok) => setTimeout(ok, 50));
    expect(existsSync(staging)).toBe(true);
    child.kill('SIGKILL');
    await new Promise((ok) => child.on('exit', ok));
    expect(await digestTree(out)).toEqual(before);
    // The next build, of the masters alone (the quickest), replaces the previous dist and clears the staging.
    const r = cli(['--out', out, '--prefs', '31', '--only', 'masters']);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(staging)).toBe(false);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(m.operations.map((o: any) => o.path)).toContain('/api/v1/prefectures');
    expect(m.operations.map((o: any) => o.path)).not.toContain('/api/v1/population/composition/pyramid');
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).scope.prefectures).toEqual([31]);
  });

  it('refuses to replace a folder it did not write, and unknown prefectures', () => {
    const foreign = join(TMP, 'foreign');
    mkdirSync(foreign, { recursive: true });
    writeFileSync(join(foreign, 'keep.txt'), 'mine');
    const r = cli(['--out', foreign, '--prefs', '31']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/exists and was not written by regstat/);
    expect(readFileSync(join(foreign, 'keep.txt'), 'utf8')).toBe('mine');
    const p = cli(['--out', join(TMP, 'never'), '--prefs', '48']);
    expect(p.stderr).toMatch(/--prefs names 48, which the sources' prefectures\.csv does not have/);
    const f = cli(['--out', join(TMP, 'never'), '--only', 'weather']);
    expect(f.stderr).toMatch(/--only names weather, which is not a family; the families are [a-z, ]*population/);
  });
});
