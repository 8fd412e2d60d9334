import { occupations } from '../../facts/classifications.ts';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { listView } from './kit.ts';
import { letterCode, nonEmpty } from '../result.ts';

export default defineOperation({
  title: '職業大分類',
  family: 'masters',
  titleEn: 'Occupation broad classes',
  view: listView('iscoCode', ['iscoName', '職業大分類 / occupation']),
  description:
    'The broad classes of the Japan Standard Occupational Classification: `iscoCode` (a letter, `A`–`L`) and `iscoName`. `municipality/job/perYear` takes these codes as `iscoCode`.',
  examples: [{}],
  result: z.array(z.strictObject({ iscoCode: letterCode, iscoName: nonEmpty })),
  route: { path: '/api/v1/jobs/broad', params: [] },
  needs: ['occupations_broad'],
  prepare: (ctx) => occupations.broad(ctx.sources),
  render: (broad) => broad.map((b) => ({ iscoCode: b.iscoCode, iscoName: b.iscoName })),
  routeData: (ctx) => occupations.domains(ctx.sources),
});
