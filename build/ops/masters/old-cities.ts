import { z } from 'zod';
import { oldCitiesByCity } from '../../facts/old-cities.ts';
import { cityCode, defineOperation, prefCode } from '../operation.ts';
import { listView } from './kit.ts';
import { cityCodeText, nonEmpty, prefCodeNumber, twoDigitCode } from '../result.ts';

// A designated city lists its own old municipalities; with cityCode - the list holds every municipality
// of the prefecture, in code order, and a municipality that absorbed none answers an empty list.
export default defineOperation({
  title: '旧市区町村一覧',
  family: 'masters',
  titleEn: 'Old municipalities',
  view: listView('cityCode', ['cityName', '市区町村 / municipality'], 'oldCityCode', [
    'oldCityName',
    '旧市区町村 / old municipality',
  ]),
  description:
    'The old municipalities (旧市区町村) that a present municipality absorbed (`cityCode`), or those of every municipality of the prefecture (`cityCode=-`): `oldCityCode` (2 digits, numbered within the municipality) and `oldCityName`, with the present `cityCode` and `cityName`. RESAS stopped updating this list (更新停止).',
  examples: [
    { prefCode: '1', cityCode: '01202' },
    { prefCode: '13', cityCode: '-' },
  ],
  result: z.array(
    z.strictObject({
      prefCode: prefCodeNumber,
      cityCode: cityCodeText,
      cityName: nonEmpty,
      oldCityCode: twoDigitCode,
      oldCityName: nonEmpty,
    }),
  ),
  route: { path: '/api/v1/oldCities', params: [prefCode(), cityCode()] },
  needs: ['old_cities'],
  prepare: (ctx) => oldCitiesByCity(ctx.sources),
  render(byCity, v, ctx) {
    // The resolver checked that cityCode is one of prefCode's municipalities.
    const cities = ctx.sources.regions
      .citiesOf(Number(v.prefCode))
      .filter((c) => v.cityCode === '-' || c.cityCode === v.cityCode);
    return cities.flatMap((c) =>
      (byCity.get(c.cityCode) ?? []).map((o) => ({
        prefCode: c.prefCode,
        cityCode: c.cityCode,
        cityName: c.cityName,
        oldCityCode: o.oldCityCode,
        oldCityName: o.oldCityName,
      })),
    );
  },
});
