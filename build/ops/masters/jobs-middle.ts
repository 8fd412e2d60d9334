import { occupations } from '../../facts/classifications.ts';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { letterCode, nonEmpty, twoDigitCode } from '../result.ts';

export default defineOperation({
  title: '職業中分類',
  family: 'masters',
  titleEn: 'Occupation middle classes',
  view: {
    rows: [{ path: '[]' }],
    columns: [
      { key: 'iscoCode', label: 'iscoCode' },
      { key: 'ismcoCode', label: 'ismcoCode' },
      { key: 'ismcoName', label: '職業中分類 / occupation' },
    ],
  },
  description:
    'The middle classes of one broad occupation class (`iscoCode`): the `iscoCode`, `ismcoCode` (2 digits) and `ismcoName`.',
  examples: [{ iscoCode: 'B' }],
  result: z.array(z.strictObject({ iscoCode: letterCode, ismcoCode: twoDigitCode, ismcoName: nonEmpty })),
  route: {
    path: '/api/v1/jobs/middle',
    params: [
      {
        name: 'iscoCode',
        type: 'code',
        domain: 'occupationsBroad',
        required: true,
        doc: 'Occupation broad class (see /api/v1/jobs/broad).',
      },
    ],
  },
  needs: ['occupations_broad', 'occupations_middle'],
  prepare: (ctx) => occupations.middle(ctx.sources),
  render: (middle, v) =>
    middle
      .filter((m) => m.iscoCode === v.iscoCode)
      .map((m) => ({ iscoCode: m.iscoCode, ismcoCode: m.ismcoCode, ismcoName: m.ismcoName })),
  routeData: (ctx) => occupations.domains(ctx.sources),
});
