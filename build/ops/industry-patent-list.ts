import { patentFields } from '../facts/classifications.ts';
import { holderListKey, ordered, PAGE_SIZE, PATENT_YEARS, patentFacts, regionListKey } from '../facts/patents.ts';
import type { Canonical } from '../runtime/params.ts';
import { defineOperation, regionValues } from './operation.ts';

const PATH = '/api/v1/industry/patent/list';
const SORT1 = [1, 2, 3, 4, 5, 6, 7];
const SORT2 = [1, 2];

// Mode 1 lists the patents whose holder is located in the region; mode 2 those of one holder, wherever
// located (prefCode and cityCode are then ignored, as patentHolderId is in mode 1). Pages of 100
// records; any other offset, and addTec filters, are composed from these pages at request time.
export default defineOperation({
  title: '特許一覧',
  family: 'industry',
  route: {
    path: PATH,
    params: [
      { name: 'year', type: 'int', required: true, values: PATENT_YEARS, doc: 'Application year, 2017–2022.' },
      { name: 'mode', type: 'int', required: true, values: [1, 2], doc: '1 by the holders\' location, 2 by patent holder.' },
      { name: 'prefCode', type: 'pref', required: true, doc: 'Prefecture of the holders (mode 1).', activeWhen: { param: 'mode', values: ['1'] } },
      { name: 'cityCode', type: 'city', required: false, default: '-', pref: 'prefCode', doc: 'Municipality of the holders, or - (mode 1).', activeWhen: { param: 'mode', values: ['1'] } },
      { name: 'patentHolderId', type: 'code', domain: 'patentHolders', required: true, doc: 'Company code of the patent holder (mode 2); - when unused.', activeWhen: { param: 'mode', values: ['2'] } },
      { name: 'sort1', type: 'int', required: true, values: SORT1, doc: 'Sort key: 1 application number, 2 section, 3 subject matter, 4 FI class, 5 technology theme, 6 holder, 7 application date.' },
      { name: 'sort2', type: 'int', required: true, values: SORT2, doc: '1 ascending, 2 descending.' },
      { name: 'offset', type: 'int', required: true, min: 0, max: 10_000_000, doc: `Index of the first record; pages hold ${PAGE_SIZE} records.` },
      { name: 'addTec', type: 'tecs', domain: 'patentThemes', required: false, default: '_', max: 6, doc: 'Technology filter: <field>_<theme> entries, comma-separated, at most 6; _ for none.' },
    ],
    compose: { param: 'addTec', from: PATH, composer: 'patentFilter' },
    paging: {
      offset: 'offset',
      size: PAGE_SIZE,
      list: ['year', 'mode', 'prefCode', 'cityCode', 'patentHolderId'],
      order: [
        { name: 'sort1', first: '1' },
        { name: 'sort2', first: '1' },
      ],
      counts: 'patentLists',
      composer: 'page',
    },
  },
  needs: ['patents', 'patent_holders', 'patent_fields', 'patent_themes'],
  prepare(ctx) {
    const facts = patentFacts(ctx.sources, ctx.prefs);
    const sorted = new Map<string, ReturnType<typeof ordered>>();
    return (key: string, sort1: number, sort2: number) => {
      const k = `${key}#${sort1}.${sort2}`;
      let list = sorted.get(k);
      if (!list) sorted.set(k, (list = ordered(facts.lists.get(key) ?? [], sort1, sort2)));
      return list;
    };
  },
  enumerate(ctx) {
    const facts = patentFacts(ctx.sources, ctx.prefs);
    const out: Canonical[] = [];
    const list = (key: string, values: Canonical) => {
      const n = facts.lists.get(key)?.length ?? 0;
      const pages = Math.ceil(n / PAGE_SIZE);
      if (n > 0) {
        for (const sort1 of SORT1) for (const sort2 of SORT2) for (let p = 0; p < pages; p++) out.push({ ...values, sort1: String(sort1), sort2: String(sort2), offset: String(p * PAGE_SIZE) });
      }
      out.push({ ...values, sort1: '1', sort2: '1', offset: String(pages * PAGE_SIZE) }); // the end of the list
    };
    for (const year of PATENT_YEARS) {
      for (const r of regionValues(ctx)) list(regionListKey(year, r.prefCode!, r.cityCode!), { year: String(year), mode: '1', ...r });
      for (const h of facts.holders) list(holderListKey(year, h), { year: String(year), mode: '2', patentHolderId: h });
    }
    return out;
  },
  render(list, v) {
    const key = v.mode === '1' ? regionListKey(v.year!, v.prefCode!, v.cityCode!) : holderListKey(v.year!, v.patentHolderId!);
    const offset = Number(v.offset);
    return { data: list(key, Number(v.sort1), Number(v.sort2)).slice(offset, offset + PAGE_SIZE) };
  },
  routeData(ctx) {
    const facts = patentFacts(ctx.sources, ctx.prefs);
    const counts: Record<string, number> = {};
    for (const [key, list] of [...facts.lists].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const inScope = key.split('|')[1] === '2' ? facts.holders.includes(key.split('|')[4]!) : true;
      if (inScope) counts[key] = list.length;
    }
    const fields = patentFields.domains(ctx.sources);
    return { domains: { ...fields.domains, patentHolders: facts.holders }, labels: fields.labels, counts: { patentLists: counts } };
  },
});
