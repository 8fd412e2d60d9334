import { z } from 'zod';
import { defineOperation, prefCode } from '../operation.ts';
import { listView } from './kit.ts';
import { cityCodeText, nonEmpty, prefCodeNumber } from '../result.ts';

// Without prefCode the list holds every municipality of the country, in code order. A master lists the
// whole country whatever the build's scope: apps use it to build their pickers (and positions in it as codes).
// The whole country is prefCode `-`, its default, so that its file is /cities/prefCode/-/index.json: at the
// bare path /cities a host that cannot read queries (npx serve, GitHub Pages, S3) would answer the whole
// country for /cities?prefCode=13 too, where it now has no file and answers 404.
export default defineOperation({
  title: '市区町村一覧',
  family: 'masters',
  titleEn: 'Municipalities',
  view: listView('prefCode', 'cityCode', ['cityName', '市区町村 / municipality'], 'bigCityFlag'),
  description:
    'The municipalities of a prefecture (`prefCode`), or of every prefecture without it (or with `prefCode=-`), in code order (the whole country, also in a build of some prefectures only): `cityCode` (5 digits), `cityName` and `bigCityFlag` (`0` ordinary, `1` ward of a designated city, `2` designated city, `3` Tokyo special ward). Other operations take these codes as `cityCode`.',
  examples: [{ prefCode: '13' }, {}],
  result: z.array(
    z.strictObject({
      prefCode: prefCodeNumber,
      cityCode: cityCodeText,
      cityName: nonEmpty,
      bigCityFlag: z.enum(['0', '1', '2', '3']),
    }),
  ),
  route: {
    path: '/api/v1/cities',
    params: [
      {
        ...prefCode(false),
        country: true,
        nation: 'every prefecture (the whole country)',
        default: '-',
        doc: 'Prefecture code (1–47, see /api/v1/prefectures), or - (the default) for every prefecture.',
      },
    ],
  },
  needs: ['municipalities'],
  prepare: (ctx) => ctx.sources.regions.cities,
  render: (cities, v) =>
    cities
      .filter((c) => v.prefCode === '-' || c.prefCode === Number(v.prefCode))
      .map((c) => ({ prefCode: c.prefCode, cityCode: c.cityCode, cityName: c.cityName, bigCityFlag: c.bigCityFlag })),
});
