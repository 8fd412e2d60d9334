import { defineOperation, prefCode, prefectureValues } from './operation.ts';

// Without prefCode the list holds every municipality of the build, in code order.
export default defineOperation({
  title: '市区町村一覧',
  family: 'masters',
  route: { path: '/api/v1/cities', params: [prefCode(false)] },
  needs: ['municipalities'],
  prepare: (ctx) => ctx.prefs.flatMap((p) => ctx.sources.regions.citiesOf(p)),
  enumerate: (ctx) => [{}, ...prefectureValues(ctx)],
  render: (cities, v) =>
    cities
      .filter((c) => v.prefCode === undefined || c.prefCode === Number(v.prefCode))
      .map((c) => ({ prefCode: c.prefCode, cityCode: c.cityCode, cityName: c.cityName, bigCityFlag: c.bigCityFlag })),
});
