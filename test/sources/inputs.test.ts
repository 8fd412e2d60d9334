// Build inputs and outputs a user gets wrong or a machine fails: invalid UTF-8, a bad dataset.json,
// tables larger than one string, a full disk, header-only tables. Each must end in one line that
// names the file and says what to do, and leave the previous dist as it was.

import '../helpers/sample-ready.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { openBundlePack } from '../../build/adapters/offline-server.ts';
import { BUNDLE_FOLDER, DATA_FILE, withErrorMode, writeBundle } from '../../build/cli/bundle.ts';
import { runBuild } from '../../build/cli/build.ts';
import { failureText } from '../../build/cli/fail.ts';
import { build } from '../../build/core/build.ts';
import { DiskEffects, MemoryEffects, writeFailure } from '../../build/core/effects.ts';
import { OPERATIONS, operationsOf } from '../../build/ops/index.ts';
import { DiskTableCache, type TableCache } from '../../sources/cache.ts';
import { dirSourceSet } from '../../sources/dir.ts';
import { loadSources, type LoadedTable, type SourceSet } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import { TABLE_NAMES, TABLES, type TableName, type TableSpec } from '../../sources/tables.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import { SAMPLE_TABLES } from '../helpers/sample.ts';
import { shapeDiff } from '../helpers/shape.ts';
import { covered, part } from '../helpers/scope.ts';
import { Checklist } from '../helpers/checklist.ts';
import { InputError, OutputError, SourceError } from '../../build/user-error.ts';
import { buildOptionsFrom, emptyTableWarning } from '../../build/core/source-values.ts';

const PREFS = 'prefCode,prefName\n1,北海道\n13,東京都\n';
const MUNIS =
  'cityCode,cityName,bigCityFlag,designatedCityCode\n01100,札幌市,2,\n01101,"札幌市\n中央区",1,01100\n13101,千代田区,3,\n';
const BLOCKS = 'prefCode,year,blockCode,net\n';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'regstat-inputs-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A sources folder of the two masters and the given tables (text or bytes). */
function sourcesDir(name: string, tables: Record<string, string | Buffer> = {}): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [table, body] of Object.entries({ prefectures: PREFS, municipalities: MUNIS, ...tables })) {
    writeFileSync(join(dir, table.includes('.') ? table : `${table}.csv`), body);
  }
  return dir;
}

const message = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
};

describe('source encoding', () => {
  it('rejects a CSV that is not UTF-8 with file, line and column, rather than publishing U+FFFD', () => {
    const dir = sourcesDir('sjis', {
      prefectures: Buffer.concat([
        Buffer.from('prefCode,prefName\n1,'),
        Buffer.from([0x96, 0x6b, 0x8a, 0x43, 0x93, 0xb9]),
        Buffer.from('\n'),
      ]),
    });
    const e = message(() => loadSources(dirSourceSet(dir)));
    expect(e).toBeInstanceOf(SourceError);
    expect(e.message).toBe(
      `${dir}/prefectures.csv:2:2: the bytes 0x96 0x6b are not UTF-8; save the file as UTF-8 (from Shift_JIS, as Excel writes it: iconv -f SHIFT_JIS -t UTF-8)`,
    );
    expect(failureText(e)).toBe(e.message); // one line, no stack
  });
});

describe('dataset.json', () => {
  const datasetFailure = (name: string, text: string) =>
    message(() => dirSourceSet(sourcesDir(name, { 'dataset.json': text })));

  it('that is not JSON fails with its line and column and the fix', () => {
    const e = datasetFailure('ds-json', '{"kind": "imported",\n  "notice": "x",\n}\n');
    expect(e).toBeInstanceOf(SourceError);
    expect(e.message).toMatch(
      /\/ds-json\/dataset\.json:3:1: not valid JSON \([^)]*\); write it as \{"kind": "imported", "notice": "<where the tables come from>"\}, or delete it \(it is optional\)$/,
    );
    expect(datasetFailure('ds-empty', '').message).toMatch(
      /dataset\.json:1:1: not valid JSON \(Unexpected end of JSON input\)/,
    );
    expect(failureText(e)).toBe(e.message);
  });

  it('of the wrong shape names what is wrong', () => {
    expect(datasetFailure('ds-array', '[]').message).toMatch(
      /\/ds-array\/dataset\.json: holds an array, not an object; write it as/,
    );
    expect(datasetFailure('ds-kind', '{"kind": "official", "notice": "x"}').message).toMatch(
      /dataset\.json: "kind" is "official"; it is "imported"/,
    );
    expect(datasetFailure('ds-notice', '{"kind": "imported"}').message).toMatch(
      /dataset\.json: "notice" is missing; it is a text naming the data's source/,
    );
    expect(datasetFailure('ds-notice2', '{"kind": "imported", "notice": 3}')).toBeInstanceOf(InputError);
  });

  it('that is right is read, byte-order mark and extra fields included', () => {
    const dir = sourcesDir('ds-ok', {
      'dataset.json': '\ufeff{"kind": "imported", "notice": "Tables from X", "licence": "CC BY 4.0"}',
    });
    expect(dirSourceSet(dir).dataset).toEqual({ kind: 'imported', notice: 'Tables from X', licence: 'CC BY 4.0' });
  });
});

describe('a table larger than one string', () => {
  // 300 rows with quoted names that hold commas, quotes and line breaks, so parts end inside and between them.
  const rows = Array.from({ length: 300 }, (_, i) => `${String(1001 + i).padStart(5, '0')},"市${i},""x""\n町",0,`);
  const munis = `cityCode,cityName,bigCityFlag,designatedCityCode\n${rows.join('\n')}\n`;

  it('is read in parts that end at records, to the same table', () => {
    const dir = sourcesDir('parts', { municipalities: munis });
    const whole = loadSources(dirSourceSet(dir)).tables.municipalities!;
    for (const partBytes of [7, 64, 1000]) {
      // maxPartBytes below the file's size: the file is never one string.
      const t = loadSources(dirSourceSet(dir, { partBytes, maxPartBytes: 2000 })).tables.municipalities!;
      expect(t.rows).toBe(300);
      expect(t.table.objects()).toEqual(whole.table.objects());
      expect(Array.from(t.lines)).toEqual(Array.from(whole.lines));
      expect(t.sha256).toBe(whole.sha256);
    }
    expect(whole.table.get('cityName', 299)).toBe('市299,"x"\n町');
  });

  it('reports a bad row of a later part at its line', () => {
    const bad = munis.replace('01250,', '0125x,');
    const dir = sourcesDir('parts-bad', { municipalities: bad });
    const line = bad.slice(0, bad.indexOf('0125x')).split('\n').length;
    expect(message(() => loadSources(dirSourceSet(dir, { partBytes: 50 }))).message).toMatch(
      new RegExp(`municipalities\\.csv:${line}:1: cityCode`),
    );
  });

  it('names the file and the limit when one record is longer than a string can be', () => {
    const dir = sourcesDir('parts-long', {
      municipalities: `cityCode,cityName,bigCityFlag,designatedCityCode\n01100,"${'長'.repeat(400)}\n`,
    });
    const e = message(() => loadSources(dirSourceSet(dir, { partBytes: 64, maxPartBytes: 1024 })));
    expect(e.message).toBe(
      `${dir}/municipalities.csv:2:1: this record is longer than 1024 bytes, the longest string Node can hold; is a quote left open?`,
    );
    expect(message(() => dirSourceSet(dir, { maxPartBytes: 1024 }).files.municipalities!.text).message).toMatch(
      /municipalities\.csv is \d+ bytes, more than Node holds as one string \(1024 bytes\)/,
    );
  });
});

describe('a full disk during the build', () => {
  const tinyBuild = (out: string, fault?: { code: string; after: number }) =>
    build(
      { sources: loadSources(dirSourceSet(sourcesDir('masters'))), operations: operationsOf(['masters']) },
      new DiskEffects(out, fault ? { fault } : {}),
    );

  it('fails in one line naming the output file, and leaves the previous dist untouched', () => {
    const out = join(work, 'full-disk', 'dist');
    mkdirSync(join(work, 'full-disk'));
    tinyBuild(out);
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    writeFileSync(join(out, 'manifest.json'), before.replace('"regstat"', '"regstat" ')); // still ours, and a change a swap would undo
    for (const code of ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES']) {
      const e = message(() => tinyBuild(out, { code, after: 2 }));
      expect(e).toBeInstanceOf(OutputError);
      expect(e.message).not.toContain('.staging-');
      expect(e.message).toMatch(new RegExp(`writing .*full-disk/dist/\\S+|cannot write .*full-disk/dist/\\S+`));
      expect(e.message).toMatch(/--out <dir>/);
      expect(e.message).toMatch(/the previous \S*full-disk\/dist is untouched\.$/);
      expect(failureText(e)).toBe(e.message);
    }
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before.replace('"regstat"', '"regstat" '));
    expect(readdirSync(join(work, 'full-disk'))).toEqual(['dist']); // no staging left behind
  });

  it('says what each failure means', () => {
    const f = (code: string) =>
      writeFailure(
        { code, message: `${code}: x`, path: '/srv/dist.staging-9/api/v1/prefectures/index.json' },
        '/srv/dist',
        '/srv/dist.staging-9',
      ).message;
    expect(f('ENOSPC')).toMatch(
      /^no space left on the device writing \/srv\/dist\/api\/v1\/prefectures\/index\.json: free some space, or build elsewhere with --out <dir>, and build again; nothing was written to \/srv\/dist\.$/,
    );
    expect(f('EDQUOT')).toMatch(/^disk quota exceeded writing \/srv\/dist\/api/);
    expect(f('EROFS')).toMatch(
      /^cannot write \/srv\/dist\/api\S+: the file system is read-only; build to a writable folder with --out <dir>/,
    );
    expect(f('EACCES')).toMatch(
      /^permission denied writing \/srv\/dist\/api\S+: build to a folder you can write with --out <dir>, or fix the permissions of \/srv/,
    );
    expect(f('EIO')).toMatch(/^writing \/srv\/dist\/api\S+ failed \(EIO: x\)/);
  });
});

describe('a header-only table', () => {
  it('is warned of, naming the table and the operations it empties, and is in the build report', () => {
    const dir = sourcesDir('empty', { migration_by_block: BLOCKS });
    const out = join(work, 'empty-dist');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let report;
    let printed = '';
    try {
      report = runBuild(['--sources', dir, '--out', out, '--no-cache', '--only', 'population']);
    } finally {
      printed = stderr.mock.calls.map((c) => String(c[0])).join('');
      stderr.mockRestore();
    }
    const warning = `warning: ${dir}/migration_by_block.csv has a header and no rows, so it empties /api/v1/population/society/forArea; add its rows, or remove the file to leave that operation out (it then answers 404 saying why)`;
    expect(report.warnings).toEqual([warning]);
    expect(printed).toContain(`regstat: ${warning}\n`);
    expect(printed).toMatch(/regstat: 1 warning \(above\): \S+migration_by_block\.csv has no rows\n/);
  });

  it('names an operation with two possible tables once neither has rows', () => {
    const ops = OPERATIONS.filter((o) => o.family === 'population');
    const perYear = '/api/v1/population/composition/perYear';
    expect(
      emptyTableWarning('population_by_age_group', 'g.csv', ops, (t) => t === 'population_by_age_group'),
    ).not.toContain(perYear);
    expect(
      emptyTableWarning('population_by_age_group', 'g.csv', ops, (t) => t.startsWith('population_by_age')),
    ).toContain(perYear);
    expect(emptyTableWarning('prefectures', 'p.csv', ops, () => true)).toMatch(/empties every operation/);
  });

  it('is warned of when npm start first reads it', () => {
    const warnings: string[] = [];
    const options = buildOptionsFrom(
      { sources: sourcesDir('empty-lazy', { migration_by_block: BLOCKS }), 'no-cache': true },
      { eager: false, warn: (s) => warnings.push(s) },
    );
    expect(warnings).toEqual([]);
    void options.sources.tables.migration_by_block;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /migration_by_block\.csv has a header and no rows, so it empties \/api\/v1\/population\/society\/forArea;/,
    );
  });
});

// Each case builds the operations that read its table (95 s for all 56 in test:full): the default run takes
// every 4th table (the budget of npm test), test:full (CI's second run) every table.
describe(`${covered(4, 'table')} of the sample, header-only`, () => {
  const sample = sampleSourceSet();
  const tables = Object.keys(sample.files) as TableName[];
  // The sample's checked tables from the run's cache, kept in memory across the cases (the loader puts only
  // what it checked, so hits are kept here): each case loads afresh only its header-only tables and those whose
  // checks read them. Read from disk each case, the 2.26 million rows took 0.6 s a case. Folders of
  // header-only files are read above (the warning as the build command prints it included).
  const disk = new DiskTableCache(SAMPLE_TABLES);
  const checked = new Map<string, LoadedTable>();
  const cache: TableCache = {
    get: (key, spec) => {
      const known = checked.get(key) ?? disk.get(key, spec);
      if (known) checked.set(key, known);
      return known;
    },
    put: (key, t) => void checked.set(key, t),
  };
  /** The sample with these tables cut to their header line. */
  const headerOnly = (emptied: Set<TableName>): SourceSet => ({
    dataset: sample.dataset,
    files: Object.fromEntries(
      tables.map((name) => {
        const file = sample.files[name]!;
        if (!emptied.has(name)) return [name, file];
        const text = Object.keys(TABLES[name].schema.shape).join(',') + '\n';
        return [name, { file: file.file, text, contentKey: `${file.contentKey}|header-only` }];
      }),
    ),
  });

  /** Whether rows of `name` name rows of `target` (a code, a class, a region): the loader or the build rightly rejects them once `target` has none. */
  const refersTo = (name: TableName, target: TableName): boolean => {
    const spec: TableSpec = TABLES[name];
    const regionColumns = spec.regions ?? [];
    if (target === 'prefectures') return name === 'municipalities' || regionColumns.length > 0;
    if (target === 'municipalities')
      return regionColumns.some((c) => (spec.schema.shape[c] as z.ZodType).safeParse('13101').success);
    if (name === 'medical_counts' && target === 'medical_classes') return true; // checked by the medical facts
    return (spec.references ?? []).some((r) => r.table === target);
  };
  /** The table and every table whose rows would refer to its missing rows: they lose theirs too. */
  const emptiedWith = (table: TableName): Set<TableName> => {
    const out = new Set([table]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const n of TABLE_NAMES) {
        if (out.has(n) || ![...out].some((t) => refersTo(n, t))) continue;
        out.add(n);
        grew = true;
      }
    }
    return out;
  };
  // What a header-only table may leave out of a response beside the normal one: the members of an empty
  // list, and the count and sales kinds entityCounts has no figures of (they are optional: a region without any is {}).
  const mayLack = [
    /\[\]: missing$/,
    /^\$\.(region|prefecture|nation)\.(sales|aquacultureSales|shipRatio|contract|salesAmount|aquacultureSalesAmount|contractAmount|destinationSales|entities|corporations|workingDays|business|persons|ageYears): missing$/,
  ];

  it.each(part(tables, 4))(
    `%s: the operations that read it build, answer valid files (${covered(10, 'file')} shaped as the normal build's), and the build warns`,
    (table) => {
      const emptied = emptiedWith(table);
      const warned: TableName[] = [];
      const sources = loadSources(headerOnly(emptied), { eager: true, cache, onEmpty: (name) => warned.push(name) });
      expect(warned.sort()).toEqual([...emptied].sort());
      // The operations that read the emptied tables (every one for prefectures, whose scope is then empty), for
      // prefecture 13; in memory, as forBar's 87,480 files would take half a minute to write each time.
      const operations =
        table === 'prefectures' ? OPERATIONS : OPERATIONS.filter((op) => op.needs.flat().some((t) => emptied.has(t)));
      const effects = new MemoryEffects();
      build({ sources, operations, ...(table === 'prefectures' ? {} : { prefs: [13] }) }, effects);
      expect(effects.committed).toBe(true);
      let files = 0;
      const list = new Checklist();
      for (const op of operations) {
        const paths = [...effects.files.keys()].filter((path) => path.startsWith(op.route.path + '/'));
        for (const path of paths) {
          files++;
          const doc = JSON.parse(effects.files.get(path)!);
          list.same(Object.keys(doc).join(), 'message,result', () => `${path}: keys`);
          list.same(doc.message, null, () => `${path}: message`);
        }
        // A result has the shape of the same file of the normal build, less what the empty table held: every
        // 10th file of an operation (forBar has 87,480, each read from the dist), every file in test:full.
        for (const path of part(paths, 10)) {
          const result = JSON.parse(effects.files.get(path)!).result;
          const normal =
            result !== null && existsSync(join(SAMPLE_DIST, path))
              ? JSON.parse(readFileSync(join(SAMPLE_DIST, path), 'utf8')).result
              : null;
          if (normal === null) continue;
          const diff = shapeDiff(result, normal).filter((d) => !mayLack.some((m) => m.test(d)));
          list.check(diff.length === 0, () => `${path}: ${diff.join('; ')}`);
        }
      }
      expect(list.failures).toEqual([]);
      expect(files).toBeGreaterThan(0);
    },
  );
});

describe('error mode of a build and a bundle', () => {
  it('build --errors resas writes it into routes.json', () => {
    const out = join(work, 'errors-dist');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      runBuild([
        '--sources',
        sourcesDir('masters'),
        '--out',
        out,
        '--no-cache',
        '--only',
        'masters',
        '--errors',
        'resas',
      ]);
    } finally {
      stderr.mockRestore();
    }
    expect(JSON.parse(readFileSync(join(out, 'routes.json'), 'utf8')).errors).toBe('resas');
  });

  it('a bundle of a dist carries the mode it is given in its routes.json', async () => {
    const dist = join(work, 'bundle-dist');
    build(
      { sources: loadSources(dirSourceSet(sourcesDir('masters'))), operations: operationsOf(['masters']) },
      new DiskEffects(dist),
    );
    const routes = readFileSync(join(dist, 'routes.json'));
    expect(JSON.parse(routes.toString()).errors).toBeUndefined();
    for (const mode of ['resas', 'status'] as const) {
      const out = join(work, `bundle-${mode}.tar.gz`);
      await writeBundle(dist, out, mode);
      const unpacked = join(work, `unpacked-${mode}`);
      mkdirSync(unpacked);
      expect(spawnSync('tar', ['-xzf', out, '-C', unpacked]).status).toBe(0);
      const pack = await openBundlePack(join(unpacked, BUNDLE_FOLDER, DATA_FILE));
      const packed = JSON.parse(Buffer.from((await pack.get('/routes.json'))!).toString());
      expect(packed.errors).toBe(mode === 'resas' ? 'resas' : undefined);
      expect(
        Buffer.from(pack.table!).equals(Buffer.from((await pack.get('/routes.json'))!)),
        'the head holds the same route table',
      ).toBe(true);
      expect(Buffer.from((await pack.get('/manifest.json'))!)).toEqual(readFileSync(join(dist, 'manifest.json')));
      await pack.close();
    }
    // status removes a dist's own resas mode, and the table is otherwise the same
    expect(withErrorMode(withErrorMode(routes, 'resas'), 'status')).toEqual(
      Buffer.from(JSON.stringify(JSON.parse(routes.toString()))),
    );
    expect(existsSync(join(work, 'bundle-resas.tar.gz'))).toBe(true);
  });
});
