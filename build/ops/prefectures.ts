import { defineOperation } from './operation.ts';

export default defineOperation({
  title: '都道府県一覧',
  family: 'masters',
  route: { path: '/api/v1/prefectures', params: [] },
  needs: ['prefectures'],
  prepare: (ctx) => ctx.prefs.map((p) => ctx.sources.regions.prefecture(p)!),
  enumerate: () => [{}],
  render: (prefs) => prefs.map((p) => ({ prefCode: p.prefCode, prefName: p.prefName })),
});
