import { z } from 'zod';
import { pageComposer, patentFilterComposer } from '../../runtime/render/patents.ts';
import { patentFields } from '../../facts/classifications.ts';
import {
  holderListKey,
  LIST_PARAMS,
  ordered,
  PAGE_SIZE,
  PATENT_YEARS,
  patentFacts,
  regionListKey,
} from '../../facts/patents.ts';
import { getOrSet, mustGet } from '../../runtime/maps.ts';
import type { Canonical } from '../../runtime/params.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, type BuildContext, type RegionValues } from '../operation.ts';
import { cityCodeText, nonEmpty, prefCodeText } from '../result.ts';

const PATH = '/api/v1/industry/patent/list';
const SORT1 = [1, 2, 3, 4, 5, 6, 7];
const SORT2 = [1, 2];

/** The regions of the mode-1 lists: every prefecture of the build (`-`) and each of its municipalities. */
const listRegions = (ctx: BuildContext): RegionValues[] =>
  ctx.prefs.flatMap((p) =>
    ['-', ...ctx.sources.regions.citiesOf(p).map((c) => c.cityCode)].map((cityCode) => ({
      prefCode: String(p),
      cityCode,
    })),
  );

/** A parameter that takes effect in the file's mode (activeWhen), so the file has its value. */
function inMode<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`a patent list file without ${name}, which its mode takes`);
  return value;
}

/** A patent record: prefCode and cityCode are empty where the holder's location is not known, as is patentHolderId (patentHolder -). */
const patent = z.strictObject({
  applyNo: nonEmpty,
  patentSection: nonEmpty,
  patentSubject: nonEmpty,
  fiClass: nonEmpty,
  patentName: nonEmpty,
  patentHolder: nonEmpty,
  patentHolderId: z.union([z.string().regex(/^[A-Za-z0-9]{1,16}$/), z.literal('')]),
  applyDate: z.string().regex(/^(?:[0-9]{4}\/[0-9]{2}\/[0-9]{2}|-)$/),
  prefCode: z.union([prefCodeText, z.literal('')]),
  cityCode: z.union([cityCodeText, z.literal('')]),
  jointlyFlg: z.enum(['0', '1']),
  lat: z.number(),
  lng: z.number(),
});

// Mode 1 lists the patents whose holder is located in the region; mode 2 those of one holder, wherever
// located (prefCode and cityCode are then ignored, as patentHolderId is in mode 1). Pages of 100
// records; any other offset, and addTec filters, are composed from these pages at request time.
export default defineOperation({
  title: '特許一覧',
  family: 'industry',
  titleEn: 'Patents',
  view: {
    rows: [{ path: 'data[]' }],
    columns: columns({
      applyNo: '出願番号 / application',
      applyDate: '出願日 / date',
      patentSection: '技術分野 / field',
      patentSubject: '技術テーマ / theme',
      fiClass: 'FI',
      patentName: '発明の名称 / title',
      patentHolder: '出願人 / holder',
      patentHolderId: 'patentHolderId',
      prefCode: 'prefCode',
      cityCode: 'cityCode',
      jointlyFlg: '共同出願 / joint',
    }),
    opens: { sort1: '7', sort2: '2' },
  },
  description:
    'Patents applied for in a `year`, 100 records a page from `offset`: in `mode` `1` those whose holder is located in a prefecture or municipality, in `mode` `2` those of one holder (`patentHolderId`). `sort1` picks the field to sort by and `sort2` the direction; `addTec` keeps the patents of some technology fields or themes (`<tecCode>_<themeCode>` entries, see `patents/broad` and `patents/middle`). `jointlyFlg` is `1` for a joint application; a list past its end has an empty `data`.',
  examples: [
    { year: '2019', mode: '1', prefCode: '13', cityCode: '-', sort1: '7', sort2: '2', offset: '0' },
    { year: '2019', mode: '1', prefCode: '13', cityCode: '-', sort1: '7', sort2: '2', offset: '0', addTec: '7_,8_4' },
    { year: '2019', mode: '1', prefCode: '13', cityCode: '13201', sort1: '6', sort2: '1', offset: '50' },
  ],
  result: z.strictObject({ data: z.array(patent).max(PAGE_SIZE) }),
  route: {
    path: PATH,
    params: [
      { name: 'year', type: 'int', required: true, values: PATENT_YEARS, doc: 'Application year, 2017–2022.' },
      {
        name: 'mode',
        type: 'int',
        required: true,
        values: [1, 2],
        doc: "1 by the holders' location, 2 by patent holder.",
      },
      {
        name: 'prefCode',
        type: 'pref',
        required: true,
        doc: 'Prefecture of the holders (mode 1).',
        activeWhen: { param: 'mode', values: ['1'] },
      },
      {
        name: 'cityCode',
        type: 'city',
        required: false,
        default: '-',
        pref: 'prefCode',
        doc: 'Municipality of the holders, or - (mode 1).',
        activeWhen: { param: 'mode', values: ['1'] },
      },
      {
        name: 'patentHolderId',
        type: 'code',
        domain: 'patentHolders',
        required: true,
        doc: 'Company code of the patent holder (mode 2); - when unused.',
        activeWhen: { param: 'mode', values: ['2'] },
      },
      {
        name: 'sort1',
        type: 'int',
        required: true,
        values: SORT1,
        doc: 'Sort key: 1 application number, 2 section, 3 subject matter, 4 FI class, 5 technology theme, 6 holder, 7 application date.',
      },
      { name: 'sort2', type: 'int', required: true, values: SORT2, doc: '1 ascending, 2 descending.' },
      {
        name: 'offset',
        type: 'int',
        required: true,
        min: 0,
        max: 10_000_000,
        doc: `Index of the first record; pages hold ${PAGE_SIZE} records.`,
      },
      {
        name: 'addTec',
        type: 'tecs',
        domain: 'patentThemes',
        required: false,
        default: '_',
        max: 6,
        doc: 'Technology filter: <field>_<theme> entries, comma-separated, at most 6; _ for none.',
      },
    ],
    compose: { param: 'addTec', from: PATH, composer: patentFilterComposer },
    paging: {
      offset: 'offset',
      size: PAGE_SIZE,
      list: LIST_PARAMS,
      order: [
        { name: 'sort1', first: '1' },
        { name: 'sort2', first: '1' },
      ],
      counts: 'patentLists',
      composer: pageComposer,
    },
  },
  needs: ['patents', 'patent_holders', 'patent_fields', 'patent_themes'],
  prepare(ctx) {
    const facts = patentFacts(ctx.sources, ctx.prefs);
    const sorted = new Map<string, ReturnType<typeof ordered>>();
    return (key: string, sort1: number, sort2: number) =>
      getOrSet(sorted, `${key}#${sort1}.${sort2}`, () => ordered(facts.lists.get(key) ?? [], sort1, sort2));
  },
  enumerate(ctx) {
    const facts = patentFacts(ctx.sources, ctx.prefs);
    const out: Canonical[] = [];
    const list = (key: string, values: Canonical) => {
      const n = facts.lists.get(key)?.length ?? 0;
      const pages = Math.ceil(n / PAGE_SIZE);
      if (n > 0) {
        for (const sort1 of SORT1)
          for (const sort2 of SORT2)
            for (let p = 0; p < pages; p++)
              out.push({ ...values, sort1: String(sort1), sort2: String(sort2), offset: String(p * PAGE_SIZE) });
      }
      out.push({ ...values, sort1: '1', sort2: '1', offset: String(pages * PAGE_SIZE) }); // the end of the list
    };
    for (const year of PATENT_YEARS) {
      for (const r of listRegions(ctx))
        list(regionListKey(year, r.prefCode, r.cityCode), { year: String(year), mode: '1', ...r });
      for (const h of facts.holders) list(holderListKey(year, h), { year: String(year), mode: '2', patentHolderId: h });
    }
    return out;
  },
  render(list, v) {
    // prefCode and cityCode take effect in mode 1, patentHolderId in mode 2 (activeWhen).
    const key =
      v.mode === '1'
        ? regionListKey(v.year, inMode(v.prefCode, 'prefCode'), inMode(v.cityCode, 'cityCode'))
        : holderListKey(v.year, inMode(v.patentHolderId, 'patentHolderId'));
    const offset = Number(v.offset);
    return { data: list(key, Number(v.sort1), Number(v.sort2)).slice(offset, offset + PAGE_SIZE) };
  },
  routeData(ctx) {
    const facts = patentFacts(ctx.sources, ctx.prefs);
    const counts = Object.fromEntries(
      facts.served.map((key) => [key, mustGet(facts.lists, key, 'patent list').length]),
    );
    const fields = patentFields.domains(ctx.sources);
    return {
      domains: { ...fields.domains, patentHolders: facts.holders },
      labels: fields.labels,
      counts: { patentLists: counts },
    };
  },
});
