import { industries } from '../facts/classifications.ts';
import { defineOperation } from './operation.ts';

export default defineOperation({
  title: '産業中分類',
  family: 'industry',
  route: {
    path: '/api/v1/industries/middle',
    params: [{ name: 'sicCode', type: 'code', domain: 'industriesBroad', required: true, doc: 'Industry broad class (see /api/v1/industries/broad).' }],
  },
  needs: ['industries_broad', 'industries_middle'],
  prepare: (ctx) => industries.middle(ctx.sources),
  enumerate: (ctx) => industries.broad(ctx.sources).map((b) => ({ sicCode: b.sicCode })),
  render: (middle, v) => middle.filter((m) => m.sicCode === v.sicCode).map((m) => ({ simcCode: m.simcCode, sicCode: m.sicCode, simcName: m.simcName })),
  routeData: (ctx) => industries.domains(ctx.sources),
});
