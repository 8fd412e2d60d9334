import { occupations } from '../../facts/classifications.ts';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { listView, parentCode } from './kit.ts';
import { letterCode, nonEmpty, twoDigitCode } from '../result.ts';

export default defineOperation({
  title: '職業中分類',
  family: 'masters',
  titleEn: 'Occupation middle classes',
  view: listView('iscoCode', 'ismcoCode', ['ismcoName', '職業中分類 / occupation']),
  description:
    'The middle classes of one broad occupation class (`iscoCode`): the `iscoCode`, `ismcoCode` (2 digits) and `ismcoName`.',
  examples: [{ iscoCode: 'B' }],
  result: z.array(z.strictObject({ iscoCode: letterCode, ismcoCode: twoDigitCode, ismcoName: nonEmpty })),
  route: {
    path: '/api/v1/jobs/middle',
    params: [parentCode('iscoCode', 'occupationsBroad', 'Occupation broad class (see /api/v1/jobs/broad).')],
  },
  needs: ['occupations_broad', 'occupations_middle'],
  prepare: (ctx) => occupations.middle(ctx.sources),
  render: (middle, v) =>
    middle
      .filter((m) => m.iscoCode === v.iscoCode)
      .map((m) => ({ iscoCode: m.iscoCode, ismcoCode: m.ismcoCode, ismcoName: m.ismcoName })),
  routeData: (ctx) => occupations.domains(ctx.sources),
});
