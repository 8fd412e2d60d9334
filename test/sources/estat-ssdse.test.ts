// import:estat on SSDSE: every edition of SSDSE-A, SSDSE-B and SSDSE-E in ../shared recognised by content,
// and small synthetic SSDSE-A tables (CP932, UTF-8 with BOM, lower-case heads) whose faults must stop the
// import at their file, line and column.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEstat } from '../../sources/estat/import.ts';
import { readHead } from '../../sources/estat/head.ts';
import { readGrid } from '../../sources/estat/grid.ts';
import { readSsdse, readSsdsePrefectures } from '../../sources/estat/ssdse.ts';
import { ssdseKind } from '../../sources/estat/ssdse-layout.ts';
import { SSDSE } from '../helpers/official.ts';
import { SHARED_SKIP_NOTE, TMP } from '../helpers/paths.ts';

const HAS_SSDSE = existsSync(SSDSE);
const HAS_ICONV = spawnSync('sh', ['-c', 'command -v iconv']).status === 0;

describe.skipIf(!HAS_SSDSE)(`SSDSE in ../shared (${HAS_SSDSE ? SSDSE : SHARED_SKIP_NOTE})`, () => {
  it('recognises the nine SSDSE-A editions, SSDSE-B and SSDSE-E by their content alone', () => {
    const files = readdirSync(SSDSE).filter((f) => f.endsWith('.csv'));
    const kinds = Object.fromEntries(files.map((f) => [f, ssdseKind(readHead(join(SSDSE, f)).grid)]));
    expect(kinds).toEqual(Object.fromEntries(files.map((f) => [f, /^SSDSE-(A|B|E)-/.exec(f)![1]])));
    expect(files).toHaveLength(11);
  });

  it('reads each SSDSE-A edition’s census year and checks its population, and SSDSE-B’s and -E’s years', () => {
    const years = Object.fromEntries(
      [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026].map((e) => {
        const t = readSsdse(readGrid(join(SSDSE, `SSDSE-A-${e}.csv`)));
        return [e, [t.year, t.areas.length]];
      }),
    );
    expect(years).toEqual({
      2018: [2015, 1741],
      2019: [2015, 1741],
      2020: [2015, 1741],
      2021: [2015, 1741],
      2022: [2020, 1741],
      2023: [2020, 1741],
      2024: [2020, 1741],
      2025: [2020, 1741],
      2026: [2020, 1741],
    });
    const b = readSsdsePrefectures(readGrid(join(SSDSE, 'SSDSE-B-2023.csv')));
    expect([b.ssdse, b.years[0], b.years.at(-1), b.rows]).toEqual(['B', 2009, 2020, 564]);
    const e = readSsdsePrefectures(readGrid(join(SSDSE, 'SSDSE-E-2023.csv')));
    expect([e.ssdse, e.rows]).toEqual(['E', 48]);
  });
});

/** One SSDSE-A item: code, label (as SSDSE writes it), year, and its value in each of the two rows. */
type Item = [code: string, label: string, year: number, values: [number, number]];
const ITEMS: Item[] = [
  ['A1101', '総人口', 2020, [1000, 2000]],
  ['A110101', '総人口（男）', 2020, [480, 1000]],
  ['A110102', '総人口（女）', 2020, [520, 1000]],
  ['A1301', '１５歳未満人口', 2020, [100, 200]],
  ['A130101', '１５歳未満人口（男）', 2020, [50, 100]],
  ['A130102', '１５歳未満人口（女）', 2020, [50, 100]],
  ['A1302', '15～64歳人口', 2020, [600, 1200]],
  ['A130201', '15～64歳人口（男）', 2020, [300, 600]],
  ['A130202', '15～64歳人口（女）', 2020, [300, 600]],
  ['A1303', '65歳以上人口', 2020, [250, 500]],
  ['A130301', '65歳以上人口（男）', 2020, [120, 250]],
  ['A130302', '65歳以上人口（女）', 2020, [130, 250]],
  ['C2107', '事業所数', 2014, [100, 200]],
  ['C210701', '事業所数（農業，林業）', 2014, [10, 20]],
  ['C210702', '事業所数（漁業）', 2014, [1, 2]],
  ['C210703', '事業所数（鉱業，採石業，砂利採取業）', 2014, [1, 2]],
  ['C2207', '従業者数', 2014, [1000, 2000]],
  ['C220701', '従業者数（農業，林業）', 2014, [100, 200]],
  ['C220702', '従業者数（漁業）', 2014, [5, 10]],
  ['C220703', '従業者数（鉱業，採石業，砂利採取業）', 2014, [5, 10]],
  ['D320101', '地方税（市町村財政）', 2019, [5000, 9000]],
  ['I5102', '一般診療所数', 2020, [10, 20]],
  ['I5103', '歯科診療所数', 2020, [5, 9]],
  ['I6200', '歯科医師数', 2020, [20, 30]],
  ['I6300', '薬剤師数', 2020, [30, 40]],
];
const col = (code: string) => ITEMS.findIndex((i) => i[0] === code) + 4; // 1-based, after the three region columns

/** An SSDSE-A table of two Tokyo wards, as text; `change` edits the item list or the rows first. */
function ssdseA(opts: { head?: string; yearHead?: string; codes?: [string, string]; items?: Item[] } = {}): string {
  const items = opts.items ?? ITEMS;
  const [a, b] = opts.codes ?? ['R13101', 'R13102'];
  const lines = [
    [opts.head ?? 'SSDSE-A-2099', 'prefecture', 'municipality', ...items.map((i) => i[0])],
    ['', opts.yearHead ?? '', '年度', ...items.map((i) => String(i[2]))],
    ['地域コード', '都道府県', '市区町村', ...items.map((i) => i[1])],
    [a, '東京都', '千代田区', ...items.map((i) => String(i[3][0]))],
    [b, '東京都', '中央区', ...items.map((i) => String(i[3][1]))],
  ];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/** `items` with one item's label or first value replaced. */
const withItem = (code: string, change: { label?: string; first?: number }): Item[] =>
  ITEMS.map((i) => (i[0] === code ? [i[0], change.label ?? i[1], i[2], [change.first ?? i[3][0], i[3][1]]] : i));

describe('import:estat on synthetic SSDSE-A tables', () => {
  let work: string;
  let n = 0;
  beforeAll(() => {
    mkdirSync(TMP, { recursive: true });
    work = mkdtempSync(join(TMP, 'ssdse-'));
  });
  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  /** A folder holding one table (text or bytes), imported: the report, or the error's message. */
  const run = (content: string | Uint8Array) => {
    const dir = join(work, `case-${++n}`);
    mkdirSync(dir);
    const file = join(dir, 'download.csv');
    writeFileSync(file, content);
    try {
      return { file, ...importEstat(dir) };
    } catch (e) {
      return { file, error: (e as Error).message };
    }
  };
  const cp932 = (text: string) => spawnSync('iconv', ['-f', 'UTF-8', '-t', 'CP932'], { input: text }).stdout;

  it.skipIf(!HAS_ICONV)('reads CP932, UTF-8 with a BOM and lower-case heads alike, and writes the same tables', () => {
    const texts = [
      run(cp932(ssdseA())),
      run('\uFEFF' + ssdseA()),
      run(ssdseA({ head: 'code', yearHead: 'year' })),
      run(ssdseA({ head: 'Code', yearHead: 'Year' })),
    ].map((r): Record<string, string> => {
      if (r.error !== undefined) throw new Error(r.error);
      return Object.fromEntries(Object.entries(r.set.files).map(([k, f]) => [k, f!.text]));
    });
    for (const t of texts.slice(1)) expect(t).toEqual(texts[0]);
    const counts = texts[0]!.medical_counts!.trim().split('\n');
    expect(counts).toEqual([
      'matter2,year,regionCode,areaCode,classCode,count',
      '203,2020,13101,,00,5',
      '203,2020,13102,,00,9',
      '206,2020,13101,,00,20',
      '206,2020,13102,,00,30',
      '208,2020,13101,,00,30',
      '208,2020,13102,,00,40',
    ]);
    expect(texts[0]!.population_by_age_group).toContain('13101,2020,young,100');
    expect(texts[0]!.local_taxes).toBeUndefined(); // no 住基 table in the folder: no residents to divide by
  });

  it('an item whose label is not its code’s: at its label', () => {
    const r = run(ssdseA({ items: withItem('A1301', { label: '１５歳以上人口' }) }));
    expect(r.error).toBe(
      `${r.file}:3:${col('A1301')}: expected A1301 to be labelled 15歳未満人口, found "１５歳以上人口"`,
    );
  });

  it('男 + 女 that do not make 総数: at the 総数', () => {
    const r = run(ssdseA({ items: withItem('A130201', { first: 301 }) }));
    expect(r.error).toBe(`${r.file}:4:${col('A1302')}: A1302 is 600, but 男 301 + 女 300 = 601`);
  });

  it('a broad industry above the total: at the total', () => {
    const r = run(ssdseA({ items: withItem('C220701', { first: 1001 }) }));
    expect(r.error).toBe(`${r.file}:4:${col('C2207')}: employees of class A (1001) exceed the total (1000)`);
    const sum = run(ssdseA({ items: withItem('C210701', { first: 99 }) }));
    expect(sum.error).toBe(`${sum.file}:4:${col('C2107')}: the classes' plants (101) exceed the total (100)`);
  });

  it('a 団体コード that does not exist: at the code', () => {
    const r = run(ssdseA({ codes: ['R13101', 'R13999'] }));
    expect(r.error).toBe(
      `${r.file}:5:1: 団体コード 13999 (中央区) is no municipality of today's, nor a former code regstat knows`,
    );
  });

  it('SSDSE-B: 男 + 女 more than one thousand from 総人口 (its estimates are rounded to thousands): at the 総人口', () => {
    const head = '\uFEFF年度,地域コード,都道府県,総人口,総人口（男）,総人口（女）\r\n';
    const ok = run(head + '2019,R13000,東京都,13921000,6877000,7045000\r\n2020,R13000,東京都,14048,6898,7150\r\n');
    expect(ok.error).toMatch(/expected one column headed 一般診療所数/); // read past the check, to what the import takes from it
    const r = run(head + '2019,R13000,東京都,13921000,6877000,7042000\r\n');
    expect(r.error).toBe(`${r.file}:2:4: 総人口 is 13921000, but 男 6877000 + 女 7042000 = 13919000`);
  });
});
