// npm run import:estat against the real official tables in ../shared (copied into a temp folder at test
// time, never into the repository): tables are recognised by content whatever their names, the import is
// deterministic, and a table corrupted in one place stops it in one line naming the file, line and
// column, with the previous sources folder kept byte for byte and no staging folder left beside it.

import { spawn, spawnSync } from 'node:child_process';
import { isUtf8 } from 'node:buffer';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureText } from '../../build/cli/fail.ts';
import { writeSourceSet } from '../../sources/dir.ts';
import { importEstat, type EstatReport, type Provenance } from '../../sources/estat/import.ts';
import { loadSources } from '../../sources/load.ts';
import {
  countOf,
  digests,
  rawCells,
  HAS_OFFICIAL,
  OFFICIAL,
  OFFICIAL_SKIP_NOTE,
  quote,
  REAL,
  Table,
  unquote,
  type RealTable,
} from '../helpers/estat.ts';
import { ROOT, TMP } from '../helpers/paths.ts';

const LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const HAS_ICONV = spawnSync('sh', ['-c', 'command -v iconv']).status === 0;

/** The real files flat in a folder, under the names PROVENANCE.md gives them. */
const NAME: Record<RealTable, string> = Object.fromEntries(
  Object.entries(REAL).map(([k, f]) => [k, basename(f)]),
) as Record<RealTable, string>;

interface Ran {
  code: number | null;
  stderr: string;
}

/**
 * The command as a user runs it, killed (code null) if it runs longer than `timeout` ms: a guard against a
 * hang only, never a measure of speed (on a loaded CI machine a refused output took 64 s, past the 60 s this was).
 */
function cli(folder: string, out: string, timeout = 500_000): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', LOADER, join(ROOT, 'build/cli/import-estat.ts'), folder, out], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

/** What the command does, in this process (no tsx start-up): import, check, write; a failure as the line it prints. */
function inProcess(folder: string, out: string): Ran & { report?: EstatReport } {
  try {
    const { set, report } = importEstat(folder);
    loadSources(set);
    writeSourceSet(set, out);
    return { code: 0, stderr: '', report };
  } catch (e) {
    return { code: 1, stderr: `regstat: ${failureText(e)}\n` };
  }
}

/** dataset.json without the fields that may differ (in every entry of its `tables`). */
function datasetWithout(dir: string, ...keys: string[]): unknown {
  const strip = (v: unknown, inTables = false): unknown => {
    if (Array.isArray(v)) return v.map((x) => strip(x, inTables));
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).flatMap(([k, x]) => (inTables && keys.includes(k) ? [] : [[k, strip(x, k === 'tables')]])),
    );
  };
  return strip(JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')));
}

/** The real tables under names a download gives them (sorting in another order than their own), one nested. */
const RENAMED: Record<RealTable, string> = {
  ipss: 'FEH_00200521_2411241234.csv',
  census2020: 'download (1).csv',
  census1980: 'x.csv',
  converter: 'e-Stat/2024-11/FEH_00200521_2411241235.CSV',
};

const TABLES = [
  'dataset.json',
  'municipalities.csv',
  'population_by_age_group.csv',
  'population_by_age_sex.csv',
  'population_years.csv',
  'prefectures.csv',
];

const csvDigests = (d: string) => Object.fromEntries(Object.entries(digests(d)).filter(([f]) => f !== 'dataset.json'));

/** The CSV tables byte for byte, and dataset.json but for `keys` of its tables. */
function expectSameImport(dir: string, like: string, ...keys: string[]) {
  expect(csvDigests(dir)).toEqual(csvDigests(like));
  expect(datasetWithout(dir, ...keys)).toEqual(datasetWithout(like, ...keys));
}

describe.skipIf(!HAS_OFFICIAL)(
  `import:estat on the real official tables (${HAS_OFFICIAL ? 'copied to a temp folder' : OFFICIAL_SKIP_NOTE})`,
  () => {
    let work: string;
    /** The four real tables, flat, under their own names. */
    let pristine: string;
    /** An import of `pristine`: the folder a failing import must leave as it was. */
    let baseline: string;
    let baselineDigests: Record<string, string>;
    let baselineReport: EstatReport;

    beforeAll(() => {
      const base = process.env.REGSTAT_TEST_TMP ?? TMP;
      mkdirSync(base, { recursive: true });
      work = mkdtempSync(join(base, 'estat-import-'));
      pristine = join(work, 'pristine');
      mkdirSync(pristine);
      for (const [k, f] of Object.entries(REAL)) writeFileSync(join(pristine, NAME[k as RealTable]), readFileSync(f));
      baseline = join(work, 'baseline', 'sources');
      const r = inProcess(pristine, baseline);
      expect(r.stderr).toBe('');
      baselineReport = r.report!;
      baselineDigests = digests(baseline);
    });
    afterAll(() => {
      if (work) rmSync(work, { recursive: true, force: true });
    });

    /**
     * A case: a copy of the real tables in `<case>/in` (for the test to change) and a copy of the baseline import in `<case>/parent/sources`, the folder the import is asked to replace.
     */
    function prepare(name: string) {
      const input = join(work, name, 'in');
      mkdirSync(input, { recursive: true });
      for (const n of Object.values(NAME)) copyFileSync(join(pristine, n), join(input, n));
      const parent = join(work, name, 'parent');
      const out = join(parent, 'sources');
      cpSync(baseline, out, { recursive: true });
      return { input, parent, out, file: (t: RealTable) => join(input, NAME[t]) };
    }
    type Case = ReturnType<typeof prepare>;

    /** A copy of one real table to change; `save` writes it over the case's copy. */
    const table = (c: Case, t: RealTable) => {
      const tab = new Table(join(pristine, NAME[t]));
      return Object.assign(tab, { save: () => tab.write(c.file(t)) });
    };

    /** One line `regstat: <file>:<line>:<column>: <detail>` naming the case's copy of `t`. */
    function expectFault(c: Case, r: Ran, t: RealTable, line: number, column: number, detail: RegExp | string) {
      expect(r.code, r.stderr).toBe(1);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      const m = /^regstat: (.+?):(\d+):(\d+): (.+)$/.exec(lines[0]!);
      expect(m, lines[0]).not.toBeNull();
      expect(resolve(c.input, m![1]!), lines[0]).toBe(c.file(t));
      expect({ line: Number(m![2]), column: Number(m![3]) }, lines[0]).toEqual({ line, column });
      if (typeof detail === 'string') expect(m![4]).toBe(detail);
      else expect(m![4]).toMatch(detail);
    }

    /** The previous import is there byte for byte, and nothing beside it (no `.sources.partial-*`). */
    function expectKept(c: Case) {
      expect(digests(c.out)).toEqual(baselineDigests);
      expect(readdirSync(c.parent)).toEqual(['sources']);
    }

    /** The 2020 census: its header line and the columns the cases change. */
    const census2020 = (c: Case) => {
      const t = table(c, 'census2020');
      const header = t.one('/年齢', '総数', '0～4歳');
      const col = (h: string) => t.column(header, h);
      return { t, header, col, row: (code: string, sex: '総数' | '男' | '女') => t.one(code, sex, '国籍総数') };
    };

    describe('recognises tables by content', () => {
      /** The real tables under names and folders a download gives them, and their import. */
      let renamed: { out: string; report: EstatReport };
      const renamedImport = () => {
        if (renamed) return renamed;
        const input = join(work, 'renamed', 'in');
        for (const [k, name] of Object.entries(RENAMED)) {
          mkdirSync(dirname(join(input, name)), { recursive: true });
          copyFileSync(join(pristine, NAME[k as RealTable]), join(input, name));
        }
        const out = join(work, 'renamed', 'sources');
        const r = inProcess(input, out);
        expect(r.stderr).toBe('');
        return (renamed = { out, report: r.report! });
      };

      it('whatever their names and folders: each read as what it is, to the same tables as the originally named files', () => {
        const { out, report } = renamedImport();
        expect(Object.fromEntries(report.used.map((u) => [u.file, u.years]))).toEqual({
          [RENAMED.ipss]: [2025, 2030, 2035, 2040, 2045],
          [RENAMED.census2020]: [2020],
          [RENAMED.census1980]: [1980],
          [RENAMED.converter]: [1980, 2015],
        });
        expect(report.skipped).toEqual([]);
        expect(readdirSync(out).sort()).toEqual(TABLES);
        // The tables byte for byte; dataset.json but for the file names and the order it lists tables and credits in.
        expect(csvDigests(out)).toEqual(csvDigests(baseline));
        const unordered = (d: string) => {
          const ds = datasetWithout(d, 'file') as { notice: string; provenance: Provenance };
          const p = ds.provenance;
          const credits = [...p.credits].sort();
          const tables = [...p.tables].sort((a, b) => (a.table < b.table ? -1 : 1));
          return {
            ...ds,
            notice: ds.notice.replace(p.credits.join('; '), credits.join('; ')),
            provenance: { ...p, credits, tables },
          };
        };
        expect(unordered(out)).toEqual(unordered(baseline));
      });

      it('whatever their names: dataset.json lists the tables and credits in the same order', () => {
        expectSameImport(renamedImport().out, baseline, 'file');
      });

      it('deterministically: a second import of the same folder is byte-identical', () => {
        const again = join(work, 'again', 'sources');
        expect(inProcess(pristine, again).stderr).toBe('');
        expect(digests(again)).toEqual(baselineDigests);
        expect(Object.keys(baselineDigests).sort()).toEqual(TABLES);
        expect(baselineReport.used.map((u) => u.file).sort()).toEqual(Object.values(NAME).sort());
      });
    });

    describe('stops at a malformed table, in one line, keeping the previous import', () => {
      it('a: a count that is not a number (through the command)', async () => {
        const c = prepare('a-count');
        const { t, col, row } = census2020(c);
        const at = { line: row('13101', '男'), column: col('25～29歳') };
        t.set(at.line, at.column, quote('12x4')).save();
        const r = await cli(c.input, c.out);
        expectFault(
          c,
          r,
          'census2020',
          at.line,
          at.column,
          'expected 25～29歳 (an integer, thousands separators allowed, or "-"/"***" for none), found "12x4"',
        );
        expectKept(c);
      });

      it("b: a row whose 総数 is not the sum of its age classes: at that row's 総数", () => {
        const c = prepare('b-classes');
        const { t, col, row } = census2020(c);
        const at = { line: row('27100', '女'), column: col('総数') };
        const total = countOf(t.get(at.line, at.column));
        t.add(at.line, col('40～44歳'), 1000).save();
        expectFault(
          c,
          inProcess(c.input, c.out),
          'census2020',
          at.line,
          at.column,
          `総数 is ${total}, but the age classes and 年齢不詳 add up to ${total + 1000}; is a column shifted?`,
        );
        expectKept(c);
      });

      it("c: 男 + 女 that do not make 総数, each row adding up: at the area's 総数 row", () => {
        const c = prepare('c-sexes');
        const { t, col, row } = census2020(c);
        const [all, male, female] = [row('13101', '総数'), row('13101', '男'), row('13101', '女')];
        const at = { line: all, column: col('総数') };
        // 0～4歳, the 総数 and the one (再掲) sum holding 0～4歳 all grow by 1000: the 男 row still adds up.
        for (const h of ['0～4歳', '総数', '（再掲）15歳未満']) t.add(male, col(h), 1000);
        t.save();
        const [a, m, f] = [all, male, female].map((l) => countOf(t.get(l, at.column))) as [number, number, number];
        expect(a).not.toBe(m + f);
        expectFault(
          c,
          inProcess(c.input, c.out),
          'census2020',
          at.line,
          at.column,
          `area 13101 千代田区: 総数 of 総数 is ${a}, but 男 ${m} + 女 ${f} = ${m + f}`,
        );
        expectKept(c);
      });

      it("d: a 1980 municipality missing, so the prefecture is not its sum (through the command): at the prefecture's row", async () => {
        const c = prepare('d-1980');
        const t = table(c, 'census1980');
        const header = t.one('/年齢５歳階級Ａ030002', '総数【人】');
        const at = { line: t.one('01000', '北海道', '男女総数'), column: t.column(header, '総数【人】') };
        const own = countOf(t.get(at.line, at.column));
        const hakodate = t.find('01202', '函館市');
        expect(hakodate).toHaveLength(3); // 男女総数, 男, 女
        const removed = countOf(t.get(t.one('01202', '函館市', '男女総数'), at.column));
        expect(removed / own).toBeGreaterThan(1e-4); // past the tolerance for e-Stat's own differences
        t.remove(hakodate).save();
        const r = await cli(c.input, c.out);
        const message = `${NAME.census1980}, 1980: 北海道 (01) is ${own.toLocaleString('en')}, but its 1980 municipalities add up to ${(own - removed).toLocaleString('en')} (-${removed}); a table whose levels disagree this much was misread or is not a whole table`;
        expectFault(c, r, 'census1980', at.line, at.column, message);
        expectKept(c);
      });

      it('e: an IPSS row whose 男 classes do not add up to its 男 総数: at that 総数', () => {
        const c = prepare('e-ipss');
        const t = table(c, 'ipss');
        const male = t.column(1, '男');
        expect(unquote(t.get(2, male))).toBe('総数');
        const at = { line: t.one('13101', '2030年'), column: male };
        const total = countOf(t.get(at.line, male));
        t.add(at.line, t.column(2, '20～24歳', male), 1000).save();
        expectFault(
          c,
          inProcess(c.input, c.out),
          'ipss',
          at.line,
          at.column,
          `男 is ${total}, but its 19 age classes add up to ${total + 1000}`,
        );
        expectKept(c);
      });

      it('f: an IPSS age header that is not the class expected: at the header cell', () => {
        const c = prepare('f-ipss-header');
        const t = table(c, 'ipss');
        const column = t.column(2, '90歳以上', t.column(1, '男')); // the 男 block's, the 総数 block's being right
        expect(column).toBe(45);
        t.set(2, column, '90～94歳').save();
        expectFault(c, inProcess(c.input, c.out), 'ipss', 2, column, 'expected 90歳以上 under 男, found "90～94歳"');
        expectKept(c);
      });

      it.skipIf(!HAS_ICONV)(
        `g: tables saved as Shift_JIS (CP932, as e-Stat and Excel write it) are read as their UTF-8 originals${HAS_ICONV ? '' : ' (skipped: no iconv)'}`,
        () => {
          const c = prepare('g-sjis');
          // Strict SHIFT_JIS has no ～ (U+FF5E) nor － (U+FF0D): e-Stat's "Shift_JIS" is Microsoft's CP932, which has both.
          for (const t of ['census2020', 'census1980'] as const) {
            const utf8 = readFileSync(join(pristine, NAME[t]));
            expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM, which Shift_JIS has not
            const sjis = spawnSync('iconv', ['-f', 'UTF-8', '-t', 'CP932'], {
              input: utf8.subarray(3),
              maxBuffer: 1 << 26,
            });
            expect(sjis.status, String(sjis.stderr)).toBe(0);
            expect(isUtf8(sjis.stdout)).toBe(false);
            writeFileSync(c.file(t), sjis.stdout);
          }
          const r = inProcess(c.input, c.out);
          expect(r.stderr).toBe('');
          expectSameImport(c.out, baseline, 'sha256');
        },
      );

      it('g: bytes that are neither UTF-8 nor Shift_JIS: at their line and cell', () => {
        const c = prepare('g-bytes');
        const { t, col, row } = census2020(c);
        const at = { line: row('13101', '男'), column: col('全国，都道府県，市区町村（2000年市区町村含む）') };
        const before =
          t.lines.slice(0, at.line - 1).join('\n') +
          '\n' +
          t
            .cells(at.line)
            .slice(0, at.column - 1)
            .join(',') +
          ',"千代';
        const bytes = readFileSync(join(pristine, NAME.census2020));
        const offset = Buffer.byteLength(before);
        expect(bytes.subarray(offset, offset + Buffer.byteLength('田区"')).toString()).toBe('田区"');
        writeFileSync(
          c.file('census2020'),
          Buffer.concat([bytes.subarray(0, offset), Buffer.from([0xff, 0xfe]), bytes.subarray(offset)]),
        );
        expectFault(
          c,
          inProcess(c.input, c.out),
          'census2020',
          at.line,
          at.column,
          /^the bytes 0xff 0xfe are not UTF-8; save the file as UTF-8/,
        );
        expectKept(c);
      });

      it('h: counts without thousands separators are read as with them', () => {
        const c = prepare('h-plain');
        const { t, col, row } = census2020(c);
        const japan = row('00000', '総数');
        const hokkaido = row('01000', '総数');
        expect(t.get(japan, col('総数'))).toBe('"126,146,099"');
        t.set(japan, col('総数'), '126146099');
        t.set(japan, col('0～4歳'), String(countOf(t.get(japan, col('0～4歳'))))); // 4516082, unquoted
        t.set(hokkaido, col('5～9歳'), quote(String(countOf(t.get(hokkaido, col('5～9歳')))))); // "189483"
        t.save();
        expect(inProcess(c.input, c.out).stderr).toBe('');
        expectSameImport(c.out, baseline, 'sha256');
      });

      it('h: a count grouped wrongly ("1,23,4"): at its cell', () => {
        const c = prepare('h-grouping');
        const { t, col, row } = census2020(c);
        const at = { line: row('01000', '総数'), column: col('10～14歳') };
        t.set(at.line, at.column, quote('1,23,4')).save();
        expectFault(
          c,
          inProcess(c.input, c.out),
          'census2020',
          at.line,
          at.column,
          'expected 10～14歳 (an integer, thousands separators allowed, or "-"/"***" for none), found "1,23,4"',
        );
        expectKept(c);
      });

      it('i: the same census year in two files: names both', () => {
        const c = prepare('i-twice');
        const copy = 'FEH_00200521_2411241234.csv';
        copyFileSync(join(pristine, NAME.census2020), join(c.input, copy));
        const r = inProcess(c.input, c.out);
        expect(r.code).toBe(1);
        expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(/^regstat: .* both give 2020; keep one of them in the folder\n$/);
        expect(r.stderr).toContain(copy);
        expect(r.stderr).toContain(NAME.census2020);
        expectKept(c);
      });

      it('j: a folder with no table regstat reads: names every file skipped', () => {
        const c = prepare('j-none');
        for (const n of Object.values(NAME)) if (n !== NAME.converter) rmSync(join(c.input, n));
        // An e-Stat table of another survey, and a CSV that is nobody's table.
        const other = new Table(join(pristine, NAME.census2020));
        other.lines.splice(20);
        other.set(1, 2, quote('労働力調査 基本集計')).write(join(c.input, 'FEH_00200531_2411241234.csv'));
        writeFileSync(join(c.input, 'notes.csv'), 'a,b\n1,2\n');
        const r = inProcess(c.input, c.out);
        expect(r.code).toBe(1);
        expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(
          r.stderr.startsWith(`regstat: ${c.input} holds no table regstat reads (3 files skipped: `),
          r.stderr,
        ).toBe(true);
        expect(r.stderr).toContain('FEH_00200531_2411241234.csv: an e-Stat table (');
        expect(r.stderr).toContain(
          `${NAME.converter}: a municipality converter, but no table in the folder has codes that need converting`,
        );
        expect(r.stderr).toContain('notes.csv: not a table regstat recognises');
        expectKept(c);

        // And a folder with no CSV at all.
        const empty = join(work, 'j-none', 'empty');
        mkdirSync(empty);
        writeFileSync(join(empty, 'README.txt'), 'tables go here\n');
        const e = inProcess(empty, c.out);
        expect(
          e.stderr.startsWith(`regstat: ${empty} holds no .csv file; download the tables from e-Stat as CSV`),
          e.stderr,
        ).toBe(true);
        expectKept(c);
      });

      it('k: an output folder that is not a sources folder (no dataset.json) is refused and left alone (through the command)', async () => {
        const c = prepare('k-not-ours');
        rmSync(c.out, { recursive: true });
        mkdirSync(join(c.out, 'sub'), { recursive: true });
        writeFileSync(join(c.out, 'notes.txt'), 'mine\n');
        writeFileSync(join(c.out, 'sub', 'prefectures.csv'), 'prefCode,prefName\n1,北海道\n');
        const before = digests(c.out);
        const r = await cli(c.input, c.out);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
        expect(r.stderr).toBe(
          `regstat: ${c.out} exists and is not a folder of source tables (it has no dataset.json); name a new folder, or empty this one\n`,
        );
        expect(digests(c.out)).toEqual(before);
        expect(readdirSync(c.parent)).toEqual(['sources']);
      });
    });
  },
);

/** The tables that fill the census years between and the events (census time series, SSDSE-A, 住民基本台帳), each as downloaded. */
const MORE = {
  c03: join(OFFICIAL, 'census-timeseries', 'c03.csv'),
  ssdse: join(OFFICIAL, 'ssdse', 'SSDSE-A-2019.csv'),
  juki: join(OFFICIAL, 'juki-vital', 'juki_population_dynamics_2016.csv'),
} as const;
const HAS_MORE = Object.values(MORE).every((f) => existsSync(f));

describe.skipIf(!HAS_MORE)(
  `import:estat on c03, SSDSE-A and 住民基本台帳 (${HAS_MORE ? 'copied to a temp folder' : OFFICIAL_SKIP_NOTE})`,
  () => {
    let work: string;
    beforeAll(() => {
      const base = process.env.REGSTAT_TEST_TMP ?? TMP;
      mkdirSync(base, { recursive: true });
      work = mkdtempSync(join(base, 'estat-more-'));
    });
    afterAll(() => work && rmSync(work, { recursive: true, force: true }));

    /** A folder holding one table as UTF-8 (the importer reads both encodings), for the case to change. */
    const one = (name: string, which: keyof typeof MORE) => {
      const input = join(work, name);
      mkdirSync(input);
      const bytes = readFileSync(MORE[which]);
      const file = join(input, basename(MORE[which]));
      writeFileSync(file, isUtf8(bytes) ? bytes : new TextDecoder('shift_jis').decode(bytes));
      return { input, out: join(work, `${name}-out`), file, table: new Table(file) };
    };
    const expectAt = (r: Ran, file: string, line: number, column: number, detail: RegExp) => {
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(
        new RegExp(`^regstat: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:${column}: `),
      );
      expect(r.stderr).toMatch(detail);
    };

    it('reads each by its content, whatever its name, and says what it gave', () => {
      const input = join(work, 'renamed');
      mkdirSync(input);
      for (const [k, f] of Object.entries(MORE)) copyFileSync(f, join(input, `download-${k}.csv`));
      const r = inProcess(input, join(work, 'renamed-out'));
      expect(r.stderr).toBe('');
      expect(Object.fromEntries(r.report!.used.map((u) => [u.file, u.years]))).toEqual({
        'download-c03.csv': [1960, 1965, 1970, 1975, 1980, 1985, 1990, 1995, 2000, 2005, 2010, 2015],
        'download-ssdse.csv': [2015],
        'download-juki.csv': [2015],
      });
      // No converter in the folder: 富谷町 (04423), renamed since, is left out of the 住基 table, and the warning says what would read it;
      // SSDSE-A's 那珂川町 (40305) is read as 那珂川市 (40231), a code change regstat knows.
      const hint =
        ' (add the municipality converter, municipality_converter_jp.csv, to read renamed municipalities under their codes of today)';
      expect(r.report!.warnings).toEqual([
        `download-juki.csv: 04423 黒川郡富谷町, 40305 筑紫郡那珂川町: not among the regions RESAS listed; left out${hint}`,
        'download-juki.csv, 2015: only some parts have figures: 宮城県 (04): 34 of 35 parts',
        'download-juki.csv, 2015: only some parts have figures: 福岡県 (40): 59 of 60 parts',
      ]);
    });

    it('c03: 総数 that is not 男 + 女: at that row', () => {
      const c = one('c03', 'c03');
      const line = c.table.one('13', '東京都', '20～24歳', '1990');
      c.table.add(line, 8, 1000).write(c.file);
      expectAt(inProcess(c.input, c.out), c.file, line, 7, /人口（総数） is \d+, but 男 \d+ \+ 女 \d+ = \d+/);
    });

    it('SSDSE-A: 男 + 女 that do not make the item: at the item', () => {
      const c = one('ssdse', 'ssdse');
      const line = c.table.one('R13101');
      c.table.add(line, c.table.column(1, 'A130101'), 7).write(c.file);
      expectAt(
        inProcess(c.input, c.out),
        c.file,
        line,
        c.table.column(1, 'A1301'),
        /A1301 is \d+, but 男 \d+ \+ 女 \d+/,
      );
    });

    it('住民基本台帳: a code whose check digit is wrong, and births of the parts that do not make the prefecture’s', () => {
      const c = one('juki', 'juki');
      const line = c.table.one('131016');
      c.table.set(line, 1, '131017').write(c.file);
      expectAt(inProcess(c.input, c.out), c.file, line, 1, /131017: its check digit should be 6/);

      const d = one('juki-births', 'juki');
      const header = d.table.lines.findIndex((l) => l.includes('出生者数')) + 1;
      d.table.add(d.table.one('131016'), d.table.column(header, '出生者数'), 5000).write(d.file);
      expectAt(
        inProcess(d.input, d.out),
        d.file,
        d.table.one('130001'),
        1,
        /births 2015: 東京都 \(13\) is 116,562, but its municipalities add up to 121,562/,
      );
    });
  },
);

const HAS_SMALL = existsSync(REAL.census2020) && existsSync(MORE.c03);

describe.skipIf(!HAS_SMALL)(
  `import:estat on folders saved oddly, damaged, linked or hostile (${HAS_SMALL ? 'small tables cut from the real ones, in a temp folder' : OFFICIAL_SKIP_NOTE})`,
  () => {
    let work: string;
    beforeAll(() => {
      const base = process.env.REGSTAT_TEST_TMP ?? TMP;
      mkdirSync(base, { recursive: true });
      work = mkdtempSync(join(base, 'estat-odd-'));
    });
    afterAll(() => work && rmSync(work, { recursive: true, force: true }));

    /** The 2020 census cut to its head and header and the rows (国籍総数) of `codes`: read in a tenth of a second. */
    const cut2020 = (codes: string[]) => {
      const t = new Table(REAL.census2020);
      const header = t.one('/年齢', '総数', '0～4歳');
      const rows = codes.flatMap((code) => t.find(code, '国籍総数'));
      expect(rows).toHaveLength(3 * codes.length);
      return [...t.lines.slice(0, header), ...rows.map((l) => t.lines[l - 1]!)];
    };
    /** The two wards' 2020 rows and c03, whose import a failing one must leave as it was. */
    const WARDS = ['13101', '13102'];

    /** A case: `<name>/in` holding c03 and the cut 2020 table as `lines` make it, and the import of the two as they were in `<name>/parent/sources`. */
    function prepare(name: string, lines: (pristine: string[]) => string[] | Buffer) {
      const input = join(work, name, 'in');
      mkdirSync(input, { recursive: true });
      copyFileSync(MORE.c03, join(input, 'c03.csv'));
      const census = join(input, 'c2020.csv');
      writeFileSync(census, cut2020(WARDS).join('\n'));
      const parent = join(work, name, 'parent');
      const out = join(parent, 'sources');
      expect(inProcess(input, out).stderr).toBe('');
      const before = digests(out);
      const changed = lines(cut2020(WARDS));
      writeFileSync(census, Array.isArray(changed) ? changed.join('\n') : changed);
      const expectKept = () => {
        expect(digests(out)).toEqual(before);
        expect(readdirSync(parent)).toEqual(['sources']);
      };
      return { input, out, census, expectKept };
    }

    it('7: the 2020 census saved with a second BOM, or with old Mac line endings (CR alone), is read as the original', () => {
      const folder = (name: string, bytes: Buffer) => {
        const input = join(work, name);
        mkdirSync(input);
        writeFileSync(join(input, NAME.census2020), bytes);
        const r = inProcess(input, join(work, `${name}-out`));
        expect(r.stderr).toBe('');
        expect(r.report!.skipped).toEqual([]);
        expect(r.report!.used.map((u) => [u.file, u.years])).toEqual([[NAME.census2020, [2020]]]);
        return join(work, `${name}-out`);
      };
      const utf8 = readFileSync(REAL.census2020);
      expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(utf8.length).toBeGreaterThan(2 ** 20); // past the head the importer recognises a table by
      const original = folder('lf', utf8);
      const bom = Buffer.concat([utf8.subarray(0, 3), utf8]);
      expectSameImport(folder('bom2', bom), original, 'sha256');
      const cr = Buffer.from(utf8.toString('latin1').replaceAll('\n', '\r'), 'latin1');
      expect(cr.includes(0x0a)).toBe(false);
      expectSameImport(folder('cr', cr), original, 'sha256');
    });

    it('7: a census table by its title that no reader recognises stops the import, naming the file, what is wrong and what to do (through the command)', async () => {
      // The header row of 総数 and the age classes lost: its head still says 国勢調査 by 男女 and 年齢（5歳階級）.
      const c = prepare('unreadable', (lines) => lines.filter((l) => !l.includes('"0～4歳"')));
      const r = await cli(c.input, c.out);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe(
        'regstat: c2020.csv: its title (国勢調査, 男女, 年齢5歳階級) says it is a census table, but regstat cannot read it: none of its first 40 rows is a header with 総数 and the 5-year age classes (0～4歳, 5～9歳 …) beside the 男女, 時間軸 and area (name and コード) columns; if it is a census table, download it again (as CSV, UTF-8 or Shift_JIS; see docs/data.md, "Official statistics"); if it is another table, take it out of the folder\n',
      );
      c.expectKept();
    });

    it('7: a table recognised but giving nothing (the 2020 census cut to 全国 and 特別区部) stops the import', () => {
      const c = prepare('nothing', () => cut2020(['00000', '13100']));
      const r = inProcess(c.input, c.out);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe(
        'regstat: c2020.csv gives 2020, but none of its rows is a region RESAS listed, so 2020 would be written without a figure; check that it is the whole table as downloaded, or take it out of the folder\n',
      );
      c.expectKept();
    });

    it('8: links to folders are not followed, loops included; a link to a file is read, and a file reached twice once (through the command)', async () => {
      const c = prepare('links', (lines) => lines);
      const outside = join(work, 'links', 'c03-elsewhere.csv');
      copyFileSync(MORE.c03, outside);
      rmSync(join(c.input, 'c03.csv'));
      symlinkSync(outside, join(c.input, 'c03.csv')); // a link to a file: read
      symlinkSync('c2020.csv', join(c.input, 'z-again.csv')); // the census again: read once
      symlinkSync('.', join(c.input, 'self')); // two loops: the paths the glob walked doubled at every depth
      symlinkSync('..', join(c.input, 'up'));
      mkdirSync(join(c.input, 'sub'));
      symlinkSync('../../in', join(c.input, 'sub', 'back'));
      const r = await cli(c.input, c.out);
      expect(r.code, r.stderr).toBe(0);
      const { report } = inProcess(c.input, join(work, 'links', 'again'));
      expect(report!.used.map((u) => [u.file, u.years[0]])).toEqual([
        ['c2020.csv', 2020],
        ['c03.csv', 1960],
      ]);
      const loop = (to: string) =>
        `a link to ${realpathSync(to)}, this folder or one that holds it: not followed (it would loop)`;
      expect(report!.skipped).toEqual([
        { file: 'self', why: loop(c.input) },
        { file: join('sub', 'back'), why: loop(c.input) },
        { file: 'up', why: loop(dirname(c.input)) },
        { file: 'z-again.csv', why: 'the same file as c2020.csv, read once' },
      ]);
      for (const s of report!.skipped) expect(r.stderr).toContain(`  skipped ${s.file}: ${s.why}\n`);
    });

    it("9: a cell's or a file name's control characters are shown escaped, in an error and in the report (through the command)", async () => {
      const hostile = '12\x1b[2Jx\x00\u009b';
      const c = prepare('controls', (lines) => {
        const t = new Table(REAL.census2020);
        const at = lines.findIndex((l) => l.includes('"13101"') && rawCells(l)[5] === '"男"');
        const cells = rawCells(lines[at]!);
        cells[t.column(t.one('/年齢', '総数', '0～4歳'), '25～29歳') - 1] = quote(hostile);
        lines[at] = cells.join(',');
        return lines;
      });
      const r = await cli(c.input, c.out);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/found "12\\x1b\[2Jx\\x00\\u009b"\n$/);
      expect(r.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
      c.expectKept();

      // An e-Stat table of another survey, skipped: its title and its name are in the report.
      writeFileSync(c.census, cut2020(WARDS).join('\n'));
      const other = new Table(c.census);
      other.set(1, 2, quote('労働力調査 \x1b]0;owned\x07')).write(join(c.input, 'other\x1b[31m.csv'));
      const ok = await cli(c.input, c.out);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr).toContain(
        '  skipped other\\x1b[31m.csv: an e-Stat table (統計名： 労働力調査 \\x1b]0;owned\\x07 / ',
      );
      expect(ok.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    });
  },
);
