import { industries } from '../../facts/classifications.ts';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { listView, parentCode } from './kit.ts';
import { letterCode, nonEmpty, twoDigitCode } from '../result.ts';

export default defineOperation({
  title: '産業中分類',
  family: 'masters',
  titleEn: 'Industry middle classes',
  view: listView('sicCode', 'simcCode', ['simcName', '産業中分類 / industry']),
  description:
    'The middle classes of one broad industry class (`sicCode`): `simcCode` (2 digits), the `sicCode` it belongs to and `simcName`.',
  examples: [{ sicCode: 'E' }],
  result: z.array(z.strictObject({ simcCode: twoDigitCode, sicCode: letterCode, simcName: nonEmpty })),
  route: {
    path: '/api/v1/industries/middle',
    params: [parentCode('sicCode', 'industriesBroad', 'Industry broad class (see /api/v1/industries/broad).')],
  },
  needs: ['industries_broad', 'industries_middle'],
  prepare: (ctx) => industries.middle(ctx.sources),
  render: (middle, v) =>
    middle
      .filter((m) => m.sicCode === v.sicCode)
      .map((m) => ({ simcCode: m.simcCode, sicCode: m.sicCode, simcName: m.simcName })),
  routeData: (ctx) => industries.domains(ctx.sources),
});
