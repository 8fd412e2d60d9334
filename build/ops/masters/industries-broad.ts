import { industries } from '../../facts/classifications.ts';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { listView } from './kit.ts';
import { letterCode, nonEmpty } from '../result.ts';

export default defineOperation({
  title: '産業大分類',
  family: 'masters',
  titleEn: 'Industry broad classes',
  view: listView('sicCode', ['sicName', '産業大分類 / industry']),
  description:
    'The broad classes of the Japan Standard Industrial Classification: `sicCode` (a letter, `A`–`T`) and `sicName`. Other operations take these codes as `sicCode`.',
  examples: [{}],
  result: z.array(z.strictObject({ sicCode: letterCode, sicName: nonEmpty })),
  route: { path: '/api/v1/industries/broad', params: [] },
  needs: ['industries_broad'],
  prepare: (ctx) => industries.broad(ctx.sources),
  render: (broad) => broad.map((b) => ({ sicCode: b.sicCode, sicName: b.sicName })),
  routeData: (ctx) => industries.domains(ctx.sources),
});
