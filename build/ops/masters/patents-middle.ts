import { patentFields } from '../../facts/classifications.ts';
import { z } from 'zod';
import { mustGet } from '../../runtime/maps.ts';
import { defineOperation } from '../operation.ts';
import { listView, parentCode } from './kit.ts';
import { codeText, nonEmpty } from '../result.ts';

export default defineOperation({
  title: '特許.技術テーマ',
  family: 'masters',
  titleEn: 'Patent technology themes',
  view: listView('tecCode', ['tecName', '技術分野 / field'], 'themeCode', ['themeName', '技術テーマ / theme']),
  description:
    "The technology themes (subject matters) of one technology field (`tecCode`): the field's `tecCode` and `tecName`, each theme's `themeCode` and `themeName`.",
  examples: [{ tecCode: '1' }],
  result: z.array(z.strictObject({ tecCode: codeText, tecName: nonEmpty, themeCode: codeText, themeName: nonEmpty })),
  route: {
    path: '/api/v1/patents/middle',
    params: [parentCode('tecCode', 'patentFields', 'Technology field (see /api/v1/patents/broad).')],
  },
  needs: ['patent_fields', 'patent_themes'],
  prepare: (ctx) => ({
    fields: new Map(patentFields.fields(ctx.sources).map((f) => [String(f.tecCode), f.tecName])),
    themes: patentFields.themes(ctx.sources),
  }),
  render: ({ fields, themes }, v) =>
    themes
      .filter((t) => String(t.tecCode) === v.tecCode)
      .map((t) => ({
        tecCode: String(t.tecCode),
        tecName: mustGet(fields, v.tecCode, 'technology field'),
        themeCode: String(t.themeCode),
        themeName: t.themeName,
      })),
  routeData: (ctx) => patentFields.domains(ctx.sources),
});
