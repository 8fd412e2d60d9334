import { z } from 'zod';
import { defineOperation, prefCode, prefectureValues } from './operation.ts';
import { cityCodeText, nonEmpty, prefCodeNumber } from './shared/result.ts';

// Without prefCode the list holds every municipality of the build, in code order.
export default defineOperation({
  title: '市区町村一覧',
  family: 'masters',
  titleEn: 'Municipalities',
  view: {
    rows: [{ path: '[]' }],
    columns: [
      { key: 'prefCode', label: 'prefCode' },
      { key: 'cityCode', label: 'cityCode' },
      { key: 'cityName', label: '市区町村 / municipality' },
      { key: 'bigCityFlag', label: 'bigCityFlag' },
    ],
  },
  description:
    'The municipalities of a prefecture (`prefCode`), or of every prefecture of the build without it, in code order: `cityCode` (5 digits), `cityName` and `bigCityFlag` (`0` ordinary, `1` ward of a designated city, `2` designated city, `3` Tokyo special ward). Other operations take these codes as `cityCode`.',
  examples: [{ prefCode: '13' }, {}],
  result: z.array(z.strictObject({ prefCode: prefCodeNumber, cityCode: cityCodeText, cityName: nonEmpty, bigCityFlag: z.enum(['0', '1', '2', '3']) })),
  route: { path: '/api/v1/cities', params: [prefCode(false)] },
  needs: ['municipalities'],
  prepare: (ctx) => ctx.prefs.flatMap((p) => ctx.sources.regions.citiesOf(p)),
  enumerate: (ctx) => [{}, ...prefectureValues(ctx)],
  render: (cities, v) =>
    cities
      .filter((c) => v.prefCode === undefined || c.prefCode === Number(v.prefCode))
      .map((c) => ({ prefCode: c.prefCode, cityCode: c.cityCode, cityName: c.cityName, bigCityFlag: c.bigCityFlag })),
});
