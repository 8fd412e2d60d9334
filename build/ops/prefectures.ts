import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { nonEmpty, prefCodeNumber } from './shared/result.ts';

export default defineOperation({
  title: '都道府県一覧',
  family: 'masters',
  titleEn: 'Prefectures',
  view: {
    rows: [{ path: '[]' }],
    columns: [
      { key: 'prefCode', label: 'prefCode' },
      { key: 'prefName', label: '都道府県 / prefecture' },
    ],
  },
  description:
    'The prefectures of the build, in code order: each with its `prefCode` (a number, 1–47) and `prefName`. Other operations take these codes as `prefCode`.',
  examples: [{}],
  result: z.array(z.strictObject({ prefCode: prefCodeNumber, prefName: nonEmpty })),
  route: { path: '/api/v1/prefectures', params: [] },
  needs: ['prefectures'],
  prepare: (ctx) => ctx.prefs.map((p) => ctx.sources.regions.prefecture(p)!),
  enumerate: () => [{}],
  render: (prefs) => prefs.map((p) => ({ prefCode: p.prefCode, prefName: p.prefName })),
});
