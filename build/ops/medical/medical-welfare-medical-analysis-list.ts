import { z } from 'zod';
import { medicalAreas } from '../../facts/medical.ts';
import { columns } from '../../runtime/view.ts';
import { defineOperation, prefCode } from '../operation.ts';
import { areaDomain } from './kit.ts';
import { cityCodeText, nonEmpty, prefCodeText, text } from '../result.ts';

// The secondary medical areas of a prefecture: each with its representative municipality (the first
// listed in medical_areas.csv) and the names of all its municipalities, comma-separated.
export default defineOperation({
  title: '医療需給 二次医療圏一覧',
  family: 'medical',
  titleEn: 'Secondary medical areas',
  view: {
    rows: [{ path: 'data[]' }],
    columns: columns({
      secondary_medical_area_code: 'secondary_medical_area_code',
      secondary_medical_area_name: '二次医療圏 / area',
      municipalityCode: 'municipalityCode',
      municipalityName: '市区町村 / municipalities',
    }),
  },
  description:
    "The secondary medical areas of a prefecture: each area's `secondary_medical_area_code` and `secondary_medical_area_name`, its representative municipality (`municipalityCode`) and the names of all its municipalities, comma-separated (`municipalityName`). `medicalWelfare/medicalAnalysis/rate` takes the codes as `secondaryMedicalCode`.",
  examples: [{ prefCode: '13' }, { prefCode: '1' }],
  result: z.strictObject({
    data: z.array(
      z.strictObject({
        prefCode: prefCodeText,
        prefName: nonEmpty,
        municipalityCode: cityCodeText,
        municipalityName: text,
        secondary_medical_area_code: z.string().regex(/^[0-9]{4}$/),
        secondary_medical_area_name: nonEmpty,
      }),
    ),
  }),
  route: { path: '/api/v1/medicalWelfare/medicalAnalysis/list', params: [prefCode()] },
  needs: ['medical_areas'],
  prepare: (ctx) => medicalAreas(ctx.sources),
  render(areas, v, ctx) {
    const pref = Number(v.prefCode);
    const prefName = ctx.sources.regions.prefName(pref);
    const name = (code: string) => ctx.sources.regions.city(code)?.cityName ?? '';
    return {
      data: [...areas.values()]
        .filter((a) => a.prefCode === pref)
        .map((a) => ({
          prefCode: String(pref),
          prefName,
          municipalityCode: a.cities[0],
          municipalityName: a.cities.map(name).join(','),
          secondary_medical_area_code: a.areaCode,
          secondary_medical_area_name: a.areaName,
        })),
    };
  },
  routeData: (ctx) => ({ domains: { secondaryMedicalAreas: areaDomain(ctx) } }),
});
