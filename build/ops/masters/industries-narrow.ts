import { z } from 'zod';
import { codes, industries } from '../../facts/classifications.ts';
import { defineOperation } from '../operation.ts';
import { listView, parentCode } from './kit.ts';
import { nonEmpty, twoDigitCode } from '../result.ts';

export default defineOperation({
  title: '産業小分類',
  family: 'masters',
  titleEn: 'Industry narrow classes',
  view: listView('siscCode', 'simcCode', ['siscName', '産業小分類 / industry']),
  description:
    'The narrow classes of one industry middle class (`simcCode`, see /api/v1/industries/middle): `siscCode` (the middle class code and one digit), the `simcCode` it belongs to and `siscName`. RESAS stopped updating this list (更新停止).',
  examples: [{ simcCode: '20' }],
  result: z.array(
    z.strictObject({ siscCode: z.string().regex(/^[0-9]{3}$/), simcCode: twoDigitCode, siscName: nonEmpty }),
  ),
  route: {
    path: '/api/v1/industries/narrow',
    params: [parentCode('simcCode', 'industriesMiddleCodes', 'Industry middle class (see /api/v1/industries/middle).')],
  },
  needs: ['industries_middle', 'industries_narrow'],
  prepare: (ctx) => industries.narrow(ctx.sources),
  render: (narrow, v) =>
    narrow
      .filter((n) => n.simcCode === v.simcCode)
      .map((n) => ({ siscCode: n.siscCode, simcCode: n.simcCode, siscName: n.siscName })),
  routeData: (ctx) => ({ domains: { industriesMiddleCodes: codes(ctx.sources, 'industries_middle', 'simcCode') } }),
});
