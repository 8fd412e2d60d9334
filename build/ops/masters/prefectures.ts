import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { listView } from './kit.ts';
import { nonEmpty, prefCodeNumber } from '../result.ts';

export default defineOperation({
  title: '都道府県一覧',
  family: 'masters',
  titleEn: 'Prefectures',
  view: listView('prefCode', ['prefName', '都道府県 / prefecture']),
  description:
    'All 47 prefectures, in code order (also in a build of some prefectures only, as the original always listed them): each with its `prefCode` (a number, 1–47) and `prefName`. Other operations take these codes as `prefCode`; in a scoped build a prefecture outside its scope answers 404 naming the scope.',
  examples: [{}],
  result: z.array(z.strictObject({ prefCode: prefCodeNumber, prefName: nonEmpty })),
  route: { path: '/api/v1/prefectures', params: [] },
  needs: ['prefectures'],
  prepare: (ctx) => ctx.sources.regions.prefectures,
  render: (prefs) => prefs.map((p) => ({ prefCode: p.prefCode, prefName: p.prefName })),
});
