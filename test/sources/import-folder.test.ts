// The folders the importers read and write, as a user hands them over: a sources folder written by
// `npm run sample` (with the user's notes in it) is never emptied by an import into it, a previous
// import is replaced with the user's other files kept, and a folder to import from may hold a .csv
// of any size (a file no reader knows is recognised from its first lines and skipped unread).

import { mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSourceSet } from '../../sources/dir.ts';
import { importEstat } from '../../sources/estat/import.ts';
import type { SourceSet } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';
import { HAS_OFFICIAL, OFFICIAL_SKIP_NOTE, REAL } from '../helpers/estat.ts';
import { TMP } from '../helpers/paths.ts';
import { InputError } from '../../build/user-error.ts';

const DIR = join(TMP, 'import-folder');
const official = (title: string) => (HAS_OFFICIAL ? title : `${title}: ${OFFICIAL_SKIP_NOTE}`);
/** Past the longest string Node holds (2^29 − 24 characters), as a file of 600 MB no reader knows. */
const HUGE = 600 * 2 ** 20;

beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function tables(kind: 'sample' | 'imported', names: TableName[]): SourceSet {
  const files = Object.fromEntries(names.map((n) => [n, { file: `test:${n}.csv`, text: `code,name\n${kind},${n}\n` }]));
  return { dataset: { kind, notice: `${kind} tables for a test` }, files };
}

/** Every file under a folder with its content, to compare a folder before and after. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name), 'utf8')]),
  );
}

describe('writing a sources folder', () => {
  it('refuses to delete tables it would not write, names them, and leaves the folder as it was', () => {
    const dir = join(DIR, 'sample');
    writeSourceSet(tables('sample', ['prefectures', 'municipalities', 'patents', 'fishery_sales']), dir);
    writeFileSync(join(dir, 'NOTES.txt'), 'my notes\n');
    const before = snapshot(dir);
    let error: unknown;
    try {
      writeSourceSet(tables('imported', ['prefectures', 'municipalities']), dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toContain(`${dir} holds 4 tables (written by npm run sample)`);
    expect((error as Error).message).toContain('would delete the other 2 (fishery_sales.csv, patents.csv)');
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(DIR).filter((e) => e.includes('.partial-'))).toEqual([]);
  });

  it('replaces the tables of a previous import and keeps what else the folder holds', () => {
    const dir = join(DIR, 'imported');
    writeSourceSet(tables('imported', ['prefectures', 'municipalities']), dir);
    writeFileSync(join(dir, 'NOTES.txt'), 'my notes\n');
    mkdirSync(join(dir, 'scripts'));
    writeFileSync(join(dir, 'scripts', 'fetch.sh'), 'echo\n');
    const written = writeSourceSet(tables('sample', ['prefectures', 'municipalities', 'patents']), dir);
    expect(written).toEqual({ replaced: ['municipalities.csv', 'prefectures.csv'], kept: ['NOTES.txt', 'scripts'] });
    const after = snapshot(dir);
    expect(after['NOTES.txt']).toBe('my notes\n');
    expect(after['scripts/fetch.sh']).toBe('echo\n');
    expect(after['patents.csv']).toBe('code,name\nsample,patents\n');
    expect(JSON.parse(after['dataset.json']!).kind).toBe('sample');
  });
});

describe('a folder to import from, with a .csv larger than Node can hold as one string', () => {
  it('skips it, read from its first lines only, and says the folder holds no table', () => {
    const dir = join(DIR, 'junk-only');
    mkdirSync(dir);
    writeFileSync(join(dir, 'export.csv'), 'id,comment\n1,not a table\n');
    truncateSync(join(dir, 'export.csv'), HUGE); // sparse: the rest reads as NUL bytes
    expect(() => importEstat(dir)).toThrow(/holds no table regstat reads \(1 files skipped: export\.csv: not a table/);
  });

  it.skipIf(!HAS_OFFICIAL)(official('imports the tables beside it'), () => {
    const dir = join(DIR, 'with-table');
    mkdirSync(dir);
    writeFileSync(join(dir, 'projection.csv'), readFileSync(REAL.ipss));
    writeFileSync(join(dir, 'huge.csv'), 'x\n');
    truncateSync(join(dir, 'huge.csv'), HUGE);
    const { report } = importEstat(dir);
    expect(report.used.map((u) => u.file)).toEqual(['projection.csv']);
    expect(report.skipped.map((s) => s.file)).toEqual(['huge.csv']);
  });

  it.skipIf(!HAS_OFFICIAL)(official('refuses a table too large to read, in one line'), () => {
    const dir = join(DIR, 'huge-table');
    mkdirSync(dir);
    writeFileSync(join(dir, 'projection.csv'), readFileSync(REAL.ipss));
    truncateSync(join(dir, 'projection.csv'), HUGE);
    expect(() => importEstat(dir)).toThrow(
      new InputError(
        'projection.csv begins as an IPSS projection table, but is 600 MB, more than Node can read as one text (512 MB); such tables are a few MB: check that it is the file you downloaded, or take it out of the folder',
      ),
    );
  });
});
