// The patent list: paging without loss or repetition, the 14 orderings, arbitrary offsets, the two
// modes and their ignored parameters, and addTec filtering against a brute-force filter.

import '../helpers/sample-ready.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composed, resolveUrl, result } from '../helpers/dist.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';
import type { Row } from '../../sources/tables.ts';
import { rowsOf, sampleSources } from '../helpers/sample.ts';

const PATH = '/api/v1/industry/patent/list';
const FIELDS = [
  'applyNo',
  'patentSection',
  'patentSubject',
  'fiClass',
  'patentName',
  'patentHolder',
  'patentHolderId',
  'applyDate',
  'prefCode',
  'cityCode',
  'jointlyFlg',
  'lat',
  'lng',
];
const SORT_KEYS = ['applyNo', 'patentSection', 'patentSubject', 'fiClass', 'patentName', 'patentHolder', 'applyDate'];

async function answer(url: string): Promise<any[]> {
  const r = resolveUrl(url);
  if (r.kind === 'file') return JSON.parse(await readFile(join(SAMPLE_DIST, r.path), 'utf8')).result.data;
  if (r.kind === 'compose') return (await composed(url)).data;
  throw new Error(`${url}: ${JSON.stringify(r)}`);
}
/** A whole list, page after page through the files, as a client would walk it. */
function walk(query: string): any[] {
  const out: any[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = result(`${PATH}?${query}&offset=${offset}`).data as any[];
    out.push(...page);
    if (page.length < 100) return out;
  }
}

// Brute force from the raw source rows.
const sources = sampleSources();
const names = {
  field: new Map(rowsOf<Row<'patent_fields'>>('patent_fields').map((f) => [f.tecCode, f.tecName])),
  theme: new Map(
    rowsOf<Row<'patent_themes'>>('patent_themes').map((t) => [`${t.tecCode}_${t.themeCode}`, t.themeName]),
  ),
  holder: new Map(rowsOf<Row<'patent_holders'>>('patent_holders').map((h) => [h.holderId, h.holderName])),
};
const raw = rowsOf<any>('patents');
const holdersPer = new Map<string, number>();
for (const r of raw)
  if (r.applyNo !== '-') holdersPer.set(`${r.year}|${r.applyNo}`, (holdersPer.get(`${r.year}|${r.applyNo}`) ?? 0) + 1);
const record = (r: any) => ({
  applyNo: r.applyNo,
  patentSection: names.field.get(r.tecCode),
  patentSubject: names.theme.get(`${r.tecCode}_${r.themeCode}`),
  fiClass: r.fiClass,
  patentName: r.patentName,
  patentHolder: r.holderId ? names.holder.get(r.holderId) : '-',
  patentHolderId: r.holderId,
  applyDate: r.applyDate,
  prefCode: r.regionCode ? String(Number(r.regionCode.slice(0, 2))) : '',
  cityCode: r.regionCode.length === 5 ? r.regionCode : '',
  jointlyFlg: (holdersPer.get(`${r.year}|${r.applyNo}`) ?? 0) > 1 ? '1' : '0',
  lat: r.lat,
  lng: r.lng,
});
const wards = new Map(
  sources.regions.cities.filter((c) => c.bigCityFlag === '1').map((c) => [c.cityCode, c.designatedCityCode]),
);
const expectedList = (year: number, pick: (r: any) => boolean) =>
  raw.filter((r) => r.year === year && pick(r)).map(record);
const asBag = (list: unknown[]) => list.map((x) => JSON.stringify(x)).sort();

describe('industry/patent/list', () => {
  it('pages through a region without losing or repeating a record, for every ordering', () => {
    const expected = expectedList(2019, (r) => r.regionCode.startsWith('13'));
    expect(expected.length).toBeGreaterThan(300);
    for (let sort1 = 1; sort1 <= 7; sort1++) {
      for (const sort2 of [1, 2]) {
        const list = walk(
          `year=2019&mode=1&prefCode=13&cityCode=-&patentHolderId=-&sort1=${sort1}&sort2=${sort2}&addTec=_`,
        );
        expect(asBag(list), `sort ${sort1}/${sort2}`).toEqual(asBag(expected));
        const key = SORT_KEYS[sort1 - 1]!;
        for (let i = 1; i < list.length; i++) {
          const [a, b] = [list[i - 1], list[i]];
          const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
          expect(sort2 === 1 ? order <= 0 : order >= 0, `${key} ${sort2} at ${i}`).toBe(true);
          if (order === 0)
            expect(`${a.applyNo}|${a.patentHolderId}` <= `${b.applyNo}|${b.patentHolderId}`, `tie-break at ${i}`).toBe(
              true,
            );
        }
      }
    }
  });

  it('prints every field of the spec, joint applications and withheld records included', () => {
    const list = walk('year=2020&mode=1&prefCode=13&cityCode=-&sort1=1&sort2=1');
    for (const r of list) expect(Object.keys(r)).toEqual(FIELDS);
    const joint = list.filter((r) => r.jointlyFlg === '1');
    expect(joint.length).toBeGreaterThan(0);
    const all2020 = expectedList(2020, () => true);
    for (const r of joint) expect(all2020.filter((x) => x.applyNo === r.applyNo).length).toBeGreaterThan(1);
    const withheld = expectedList(2020, () => true).filter((r) => r.applyNo === '-');
    expect(withheld.length).toBeGreaterThan(0);
    for (const r of withheld)
      expect(r).toMatchObject({
        patentName: '-',
        patentHolder: '-',
        fiClass: '-',
        applyDate: '-',
        patentHolderId: '',
        jointlyFlg: '0',
      });
  });

  it('covers municipalities and designated cities', () => {
    const city = expectedList(2018, (r) => r.regionCode === '13101');
    expect(asBag(walk('year=2018&mode=1&prefCode=13&cityCode=13101&sort1=7&sort2=2'))).toEqual(asBag(city));
    const sapporo = expectedList(2018, (r) => wards.get(r.regionCode) === '01100');
    expect(asBag(walk('year=2018&mode=1&prefCode=1&cityCode=01100&sort1=1&sort2=1'))).toEqual(asBag(sapporo));
  });

  it('answers any offset: composed inside the list, the shared end page past it', async () => {
    const q = 'year=2019&mode=1&prefCode=13&cityCode=-&sort1=6&sort2=2';
    const full = walk(q);
    for (const offset of [1, 37, 99, 101, 250, full.length - 5, full.length - 1]) {
      expect(await answer(`${PATH}?${q}&offset=${offset}`), `offset ${offset}`).toEqual(
        full.slice(offset, offset + 100),
      );
    }
    const end = resolveUrl(`${PATH}?${q}&offset=${full.length + 1234}`);
    expect(end.kind).toBe('file');
    expect(end.kind === 'file' && end.path).toBe(
      `${PATH}/year/2019/mode/1/prefCode/13/cityCode/-/sort1/1/sort2/1/offset/${Math.ceil(full.length / 100) * 100}/index.json`,
    );
    expect(await answer(`${PATH}?${q}&offset=${full.length}`)).toEqual([]);
  });

  it('lists one holder in mode 2, ignoring prefCode and cityCode there and patentHolderId in mode 1', () => {
    const holder = raw.find((r) => r.year === 2021 && r.holderId && r.regionCode.startsWith('13'))!.holderId;
    const list = walk(`year=2021&mode=2&prefCode=-&cityCode=-&patentHolderId=${holder}&sort1=1&sort2=1`);
    expect(asBag(list)).toEqual(asBag(expectedList(2021, (r) => r.holderId === holder)));
    const a = resolveUrl(`${PATH}?year=2021&mode=2&patentHolderId=${holder}&sort1=1&sort2=1&offset=0`);
    const b = resolveUrl(
      `${PATH}?year=2021&mode=2&prefCode=47&cityCode=99999&patentHolderId=${holder}&sort1=1&sort2=1&offset=0`,
    );
    expect(a).toEqual(b);
    const c = resolveUrl(`${PATH}?year=2021&mode=1&prefCode=13&patentHolderId=${holder}&sort1=1&sort2=1&offset=0`);
    const d = resolveUrl(`${PATH}?year=2021&mode=1&prefCode=13&cityCode=-&patentHolderId=-&sort1=1&sort2=1&offset=0`);
    expect(c).toEqual(d);
  });

  it('filters by technology field and theme like a brute-force filter of the whole list', async () => {
    const q = 'year=2022&mode=1&prefCode=13&cityCode=-&sort1=5&sort2=1';
    const full = walk(q);
    const fields = result('/api/v1/patents/broad') as { tecCode: string; tecName: string }[];
    const themesOf = (tec: string) =>
      result(`/api/v1/patents/middle?tecCode=${tec}`) as { themeCode: string; themeName: string }[];
    for (const addTec of ['7_', '8_4', '1_,7_5', '3_2,8_,3_1', '7_,7_2']) {
      const wanted = addTec.split(',').map((e) => {
        const [tec, theme] = e.split('_');
        return {
          section: fields.find((f) => f.tecCode === tec)!.tecName,
          subject: theme ? themesOf(tec!).find((t) => t.themeCode === theme)!.themeName : undefined,
        };
      });
      const filtered = full.filter((r) =>
        wanted.some((w) => r.patentSection === w.section && (w.subject === undefined || r.patentSubject === w.subject)),
      );
      expect(filtered.length, addTec).toBeGreaterThan(0);
      for (const offset of [0, 3, 100]) {
        expect(await answer(`${PATH}?${q}&offset=${offset}&addTec=${addTec}`), `${addTec} at ${offset}`).toEqual(
          filtered.slice(offset, offset + 100),
        );
      }
    }
    expect(resolveUrl(`${PATH}?${q}&offset=0&addTec=_`)).toEqual(resolveUrl(`${PATH}?${q}&offset=0`));
    expect(resolveUrl(`${PATH}?${q}&offset=0&addTec=1_,_`)).toEqual(resolveUrl(`${PATH}?${q}&offset=0`)); // _ selects everything
    const [x, y] = [
      resolveUrl(`${PATH}?${q}&offset=0&addTec=8_4,1_`),
      resolveUrl(`${PATH}?${q}&offset=0&addTec=1_,8_4,8_4`),
    ];
    expect(x).toEqual(y); // one canonical form
  });

  it('rejects what it cannot answer', () => {
    const e = (url: string) => {
      const r = resolveUrl(url);
      return r.kind === 'error' ? `${r.error.status} ${r.error.body.message}` : r.kind;
    };
    const base = `${PATH}?mode=1&prefCode=13&cityCode=-&patentHolderId=-&sort1=1&sort2=1&offset=0`;
    expect(e(`${base}&year=2016`)).toBe('400 year 2016 is out of range');
    expect(e(`${base}&year=2023`)).toBe('400 year 2023 is out of range');
    expect(e(`${base}&year=2020&addTec=1_,2_,3_,4_,5_,6_,7_`)).toBe('400 addTec has 7 entries; at most 6 are allowed');
    expect(e(`${base}&year=2020&addTec=1_,2_,3_,4_,5_,6_`)).toBe('compose');
    expect(e(`${base}&year=2020&addTec=_3`)).toBe('400 addTec entry "_3" gives a theme without its technology field');
    expect(e(`${base}&year=2020&addTec=9_`)).toBe('400 addTec entry "9_": 9 is not a technology field of this build');
    expect(e(`${base}&year=2020&addTec=1_99`)).toBe('400 addTec entry "1_99": 99 is not a theme of technology field 1');
    expect(e(`${PATH}?year=2020&mode=2&sort1=1&sort2=1&offset=0`)).toBe(
      '400 patentHolderId is required when mode is 2',
    );
    expect(e(`${PATH}?year=2020&mode=2&patentHolderId=-&sort1=1&sort2=1&offset=0`)).toBe(
      '400 patentHolderId must be a code, got "-"',
    );
    expect(e(`${PATH}?year=2020&mode=2&patentHolderId=C999999&sort1=1&sort2=1&offset=0`)).toBe(
      '400 patentHolderId C999999 is not a code of this build',
    );
    expect(e(`${PATH}?year=2020&mode=3&prefCode=13&sort1=1&sort2=1&offset=0`)).toBe('400 mode 3 is out of range');
    expect(e(`${base.replace('sort1=1', 'sort1=8')}&year=2020`)).toBe('400 sort1 8 is out of range');
    expect(e(`${base.replace('offset=0', 'offset=-1')}&year=2020`)).toBe('400 offset -1 is out of range');
    expect(e(`${base.replace('&offset=0', '')}&year=2020`)).toBe('400 offset is required');
    expect(e(`${PATH}?year=2020&mode=1&sort1=1&sort2=1&offset=0`)).toBe('400 prefCode is required when mode is 1');
  });
});
